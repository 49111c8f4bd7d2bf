import { describe, expect, it } from "vitest";
import { throttleRuleFor, tooManyRequestsMessage } from "./auth-throttle.ts";

describe("auth throttle rules", () => {
  it("limits sign-in per IP and per email, answering 429 well within 25 wrong tries", () => {
    const rule = throttleRuleFor("post", "/sign-in/email");
    expect(rule?.ip.limit).toBeGreaterThan(0);
    expect(rule?.email?.limit).toBeLessThan(25);
  });

  it("covers sign-up, reset and verification", () => {
    for (const path of ["/sign-up/email", "/request-password-reset", "/send-verification-email"]) {
      expect(throttleRuleFor("POST", path)?.email, path).toBeDefined();
    }
    expect(throttleRuleFor("POST", "/reset-password")).toBeDefined();
    expect(throttleRuleFor("GET", "/verify-email")).toBeDefined();
  });

  it("leaves reading the session alone", () => {
    expect(throttleRuleFor("GET", "/get-session")).toBeUndefined();
    expect(throttleRuleFor("POST", "/sign-out")).toBeUndefined();
  });

  it("says how long to wait in whole minutes", () => {
    expect(tooManyRequestsMessage(30)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(tooManyRequestsMessage(601)).toBe("Too many attempts. Please wait 11 minutes and try again.");
  });
});
