import { describe, expect, it } from "vitest";
import { zodFields } from "~/lib/zod-fields.ts";
import { taxCodeSchema } from "./tax-codes.schema.ts";

const part = (over: Record<string, unknown> = {}) => ({ name: "VAT", rate: "21", role: "due", account_id: 7, ...over });
const code = (over: Record<string, unknown> = {}) => ({ code: "S21", name: "Sales at 21%", kind: "output", parts: [part()], ...over });
const fields = (value: unknown) => {
  const r = taxCodeSchema.safeParse(value);
  return r.success ? {} : zodFields(r.error);
};

describe("a tax code's input", () => {
  it("writes rates with 4 decimals as typed, and fills what the kind implies", () => {
    const r = taxCodeSchema.parse(code({ base_boxes: "03, 54 03", parts: [part({ rate: 5.5, boxes: "54" })] }));
    expect(r).toMatchObject({ applies_to: "sales", valid_from: null, base_boxes: ["03", "54"] });
    expect(r.parts[0]).toMatchObject({ rate: "5.5000", recoverable_percent: "100.0000", boxes: ["54"] });
    expect(taxCodeSchema.parse(code({ parts: [part({ rate: "0.1234" })] })).parts[0]!.rate).toBe("0.1234");
    expect(taxCodeSchema.parse(code({ parts: [part({ rate: "100" })] })).parts[0]!.rate).toBe("100.0000");
  });

  it("names the field of each refusal", () => {
    expect(fields(code({ parts: [part({ rate: "21.00001" })] }))).toEqual({ "parts.0.rate": "Rate must have at most 4 decimals" });
    for (const rate of ["100.0001", "-1", "1e2", "abc", ""])
      expect(Object.keys(fields(code({ parts: [part({ rate })] })))).toEqual(["parts.0.rate"]);
    expect(Object.keys(fields(code({ kind: "input" })))).toEqual(["parts", "parts.0.role"]);
    expect(Object.keys(fields(code({ kind: "output", applies_to: "purchases" })))).toEqual(["applies_to"]);
    expect(Object.keys(fields(code({ kind: "zero_rated", applies_to: "sales", parts: [part({ rate: "0" })] })))).toEqual([]);
    expect(Object.keys(fields(code({ kind: "exempt", applies_to: "sales" })))).toEqual(["parts.0.rate"]);
    expect(Object.keys(fields(code({ parts: Array.from({ length: 10 }, () => part()) })))).toEqual(["parts"]);
    expect(Object.keys(fields(code({ parts: [part({ role: "deductible", recoverable_percent: "50.12345" })], kind: "input" })))).toEqual([
      "parts.0.recoverable_percent",
    ]);
    expect(Object.keys(fields(code({ code: "x".repeat(21) })))).toEqual(["code"]);
    expect(Object.keys(fields(code({ valid_to: "2026-02-30" })))).toEqual(["valid_to"]);
  });
});
