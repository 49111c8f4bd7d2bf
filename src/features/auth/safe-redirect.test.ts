import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps a local path with its query and hash", () => {
    expect(safeRedirectPath("/calculators/roi")).toBe("/calculators/roi");
    expect(safeRedirectPath("/accounting?tab=reports#top")).toBe("/accounting?tab=reports#top");
  });

  it("falls back for missing, absolute or protocol-relative targets", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath("")).toBe("/");
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("//evil.example/path")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("javascript:alert(1)")).toBe("/");
    expect(safeRedirectPath("/\tevil")).toBe("/");
  });

  it("never sends back to the sign-in page or the API", () => {
    expect(safeRedirectPath("/login?from=/login")).toBe("/");
    expect(safeRedirectPath("/api/auth/sign-out")).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("https://evil.example", "/calculators")).toBe("/calculators");
  });
});
