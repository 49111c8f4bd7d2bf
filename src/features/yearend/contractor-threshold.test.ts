import { describe, expect, it } from "vitest";
import { contractorThreshold, reportable } from "./contractor-threshold.ts";

describe("the 1099 reporting threshold", () => {
  it("is USD 600 for payments made through 2025 and USD 2,000 from 2026", () => {
    expect(contractorThreshold(2024).cents).toBe(60_000n);
    expect(contractorThreshold(2025).cents).toBe(60_000n);
    expect(contractorThreshold(2026).cents).toBe(200_000n);
    expect(contractorThreshold(2030).cents).toBe(200_000n);
    expect(contractorThreshold(2026).source).toMatch(/One Big Beautiful Bill Act/);
  });

  it("reports a contractor paid exactly the threshold, not one paid a cent less", () => {
    expect(reportable(60_000n, 2025)).toBe(true);
    expect(reportable(59_999n, 2025)).toBe(false);
    expect(reportable(150_000n, 2026)).toBe(false);
    expect(reportable(200_000n, 2026)).toBe(true);
  });
});
