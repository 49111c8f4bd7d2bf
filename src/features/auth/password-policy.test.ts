import { describe, expect, it } from "vitest";
import commonPasswords from "./common-passwords.json" with { type: "json" };
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, passwordProblem } from "./password-policy.ts";

describe("password policy", () => {
  it("bundles a list of about 10,000 common passwords", () => {
    expect((commonPasswords as string[]).length).toBeGreaterThan(9_800);
    expect((commonPasswords as string[]).length).toBeLessThanOrEqual(10_000);
  });

  it("refuses common passwords whatever their case", () => {
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("QWERTYUIOP")).toBe(true);
    expect(passwordProblem("iloveyou")).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("accepts an uncommon password of 8 to 128 characters", () => {
    expect(passwordProblem("Quiet-harbor-lantern")).toBeNull();
    expect(passwordProblem("a".repeat(7) + "Z")).toBeNull();
    expect(passwordProblem("x".repeat(127) + "!")).toBeNull();
  });

  it("refuses passwords shorter than 8 or longer than 128 characters", () => {
    expect(passwordProblem("Sh0rt!x")).toMatch(/at least 8/);
    expect(passwordProblem("x".repeat(129))).toMatch(/at most 128/);
  });
});
