import { describe, expect, it } from "vitest";
import { PORTAL_HOME, verificationCallbackPath, verificationLink } from "./verification-link.ts";

const SITE = "https://ledgerline.example";

describe("verificationCallbackPath", () => {
  it("carries a local `from` on through the sign-in page", () => {
    expect(verificationCallbackPath("/calculators/roi")).toBe("/login?verified=1&from=%2Fcalculators%2Froi");
    expect(verificationCallbackPath("/accounting?tab=reports")).toBe("/login?verified=1&from=%2Faccounting%3Ftab%3Dreports");
  });

  it("sends a new client without a page to return to into the portal", () => {
    for (const requested of [null, undefined, "", "/"]) {
      expect(verificationCallbackPath(requested)).toBe(`/login?verified=1&from=${encodeURIComponent(PORTAL_HOME)}`);
    }
  });

  it("never carries another site, the sign-in page or the API", () => {
    for (const requested of ["https://evil.example/", "//evil.example", "/login?verified=1", "/api/auth/sign-out", "javascript:alert(1)"]) {
      expect(verificationCallbackPath(requested)).toBe(`/login?verified=1&from=${encodeURIComponent(PORTAL_HOME)}`);
    }
  });
});

describe("verificationLink", () => {
  it("keeps the token and takes only the local path of the library's callback", () => {
    const link = new URL(
      verificationLink(SITE, "a.b-c", `${SITE}/api/auth/verify-email?token=a.b-c&callbackURL=${encodeURIComponent("/calculators")}`),
    );
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("token")).toBe("a.b-c");
    expect(link.searchParams.get("callbackURL")).toBe("/login?verified=1&from=%2Fcalculators");
  });

  it("refuses a callback on another origin", () => {
    const link = new URL(
      verificationLink(SITE, "t", `${SITE}/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent("https://evil.example/x")}`),
    );
    expect(link.searchParams.get("callbackURL")).toBe(`/login?verified=1&from=${encodeURIComponent(PORTAL_HOME)}`);
  });
});
