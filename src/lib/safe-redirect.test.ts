import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/support/redirect-bypasses.ts";
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

  it.each(REDIRECT_BYPASSES)("falls back for the bypass %j", (target) => {
    expect(safeRedirectPath(target, "/fallback")).toBe("/fallback");
  });

  it("never sends back to the sign-in page or the API", () => {
    expect(safeRedirectPath("/login?from=/login")).toBe("/");
    expect(safeRedirectPath("/LOGIN/")).toBe("/");
    expect(safeRedirectPath("/a/../login")).toBe("/");
    expect(safeRedirectPath("/api/auth/sign-out")).toBe("/");
    expect(safeRedirectPath("/API/auth/sign-out")).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("https://evil.example", "/calculators")).toBe("/calculators");
  });
});
