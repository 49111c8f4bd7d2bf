import { describe, expect, it } from "vitest";
import { issueFormToken, readFormToken } from "./form-token.server.ts";

const secret = "test-secret-test-secret-test-secret-0123";

describe("lead form token", () => {
  it("round-trips the time it was issued", () => {
    const token = issueFormToken(secret, 1_700_000_000_000);
    expect(readFormToken(secret, token, 1_700_000_005_000)).toBe(1_700_000_000_000);
  });
  it("refuses a token with a changed time or signed with another secret", () => {
    const token = issueFormToken(secret, 1_700_000_000_000);
    const [, sig] = token.split(".");
    expect(readFormToken(secret, `1600000000000.${sig}`, 1_700_000_005_000)).toBeNull();
    expect(readFormToken("another-secret-another-secret-0123456789", token, 1_700_000_005_000)).toBeNull();
  });
  it("refuses missing, malformed and future tokens", () => {
    expect(readFormToken(secret, undefined)).toBeNull();
    expect(readFormToken(secret, "")).toBeNull();
    expect(readFormToken(secret, "abc")).toBeNull();
    expect(readFormToken(secret, "123.<script>")).toBeNull();
    expect(readFormToken(secret, issueFormToken(secret, 2_000_000_000_000), 1_700_000_000_000)).toBeNull();
  });
});
