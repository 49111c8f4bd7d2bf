import { describe, expect, it } from "vitest";
import { displayAccount, keepableNumber, sameAccount } from "./bank-statement-account.ts";

describe("sameAccount", () => {
  it("sets spaces, dashes and case aside", () => {
    expect(sameAccount("DE89 3704 0044 0532 0130 00", "de89370400440532013000")).toBe(true);
    expect(sameAccount("12-3456-789", "123456789")).toBe(true);
  });

  it("tells two IBANs apart unless equal", () => {
    expect(sameAccount("NL91ABNA0417164300", "DE89370400440532013000")).toBe(false);
    // The same national part in two countries is not the same account.
    expect(sameAccount("DE89370400440532013000", "AT89370400440532013000")).toBe(false);
  });

  it("finds a bare account number at the end of an IBAN's national part", () => {
    expect(sameAccount("DE89370400440532013000", "0532013000")).toBe(true);
    expect(sameAccount("DE89370400440532013000", "37040044/0532013000")).toBe(true);
    expect(sameAccount("NL91 ABNA 0417 1643 00", "417164300")).toBe(true);
    expect(sameAccount("DE89370400440532013000", "76069559/0003267288")).toBe(false);
  });

  it("does not let a short number agree with everything", () => {
    expect(sameAccount("DE89370400440532013000", "3000")).toBe(false);
    expect(sameAccount("", "")).toBe(false);
  });
});

describe("displayAccount and keepableNumber", () => {
  it("writes an IBAN in groups of four and anything else as it is", () => {
    expect(displayAccount("de89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(displayAccount(" 76069559/0003267288 ")).toBe("76069559/0003267288");
  });

  it("keeps one line of letters, digits and separators up to 50", () => {
    expect(keepableNumber("76069559/0003267288")).toBe(true);
    expect(keepableNumber("x".repeat(51))).toBe(false);
    expect(keepableNumber("a\nb")).toBe(false);
  });
});
