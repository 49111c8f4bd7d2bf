import { describe, expect, it } from "vitest";
import { MIN_SUBMIT_MS, spamReason } from "./spam.ts";

describe("spamReason", () => {
  const now = 1_700_000_000_000;
  it("accepts a person: empty honeypot, form rendered long enough ago", () => {
    expect(spamReason({ honeypot: "", renderedAt: now - 60_000, now })).toBeNull();
    expect(spamReason({ honeypot: undefined, renderedAt: now - MIN_SUBMIT_MS, now })).toBeNull();
  });
  it("flags a filled honeypot, even when slow", () => {
    expect(spamReason({ honeypot: "https://spam.example", renderedAt: now - 60_000, now })).toBe("honeypot");
  });
  it("ignores a honeypot holding only whitespace (autofill quirks)", () => {
    expect(spamReason({ honeypot: "  ", renderedAt: now - 60_000, now })).toBeNull();
  });
  it("flags a submission without a valid token", () => {
    expect(spamReason({ honeypot: "", renderedAt: null, now })).toBe("no-token");
  });
  it("flags a submission faster than the minimum time, at the boundary exactly", () => {
    expect(spamReason({ honeypot: "", renderedAt: now - (MIN_SUBMIT_MS - 1), now })).toBe("too-fast");
    expect(spamReason({ honeypot: "", renderedAt: now - 10, now, minSubmitMs: 5 })).toBeNull();
  });
});
