import { describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp } from "../../../tests/support/test-app.ts";
import { throttleRuleFor, tooManyRequestsMessage } from "./auth-throttle.ts";

describe("auth throttle rules", () => {
  it("limits sign-in per IP and per email, answering 429 well within 25 wrong tries", async () => {
    const t = await createTestApp();
    try {
      const user = await createSignedInUser(t, {});
      let tries = 0;
      let refused: Response | null = null;
      while (tries < 25 && !refused) {
        tries += 1;
        const res = await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: "not-the-password" } });
        if (res.status === 429) refused = res;
        else expect(res.status).toBe(401);
      }
      expect(refused, "no 429 within 25 wrong passwords").not.toBeNull();
      expect(tries).toBeLessThan(25);
      expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused!.json()) as { error: string }).error).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
      // The right password is refused too while the limit lasts.
      const right = await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: user.password } });
      expect(right.status).toBe(429);
    } finally {
      await t.close();
    }
  }, 60_000);

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
