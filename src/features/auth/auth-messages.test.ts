import { describe, expect, it } from "vitest";
import { googleErrorMessage, verificationErrorMessage } from "./auth-messages.ts";

describe("auth messages", () => {
  it("explains Google errors in words, with the provider's description as a fallback", () => {
    expect(googleErrorMessage("account_not_linked")).toMatch(/already exists/);
    expect(googleErrorMessage("access_denied")).toBe("Google sign-in was cancelled.");
    expect(googleErrorMessage("weird_code", "The provider said no")).toBe("The provider said no");
    expect(googleErrorMessage(null)).toBe("Google did not complete the sign-in. Please try again.");
  });

  it("tells an expired verification link from an invalid one", () => {
    expect(verificationErrorMessage("TOKEN_EXPIRED")).toMatch(/expired/);
    expect(verificationErrorMessage("invalid_token")).toMatch(/not valid/);
  });
});
