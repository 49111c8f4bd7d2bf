import { describe, expect, it } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import { firstMessage, lazyZodResolver } from "~/lib/form.ts";
import { signInSchema } from "../auth.schema.ts";
import { authResolver } from "./auth-rules.ts";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<never>;

describe("authResolver", () => {
  it("loads the rules on first use and keeps the first message of each field, in the schema's order", async () => {
    const resolver = authResolver((rules) => rules.signInSchema);
    const result = await resolver({ email: "", password: "", rememberMe: true }, undefined, options as never);
    expect(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(firstMessage(result.errors)).toBe("Email is required");
  });

  it("reports the sign-up rules' messages, and the parsed values when the input is valid", async () => {
    const signUp = authResolver((rules) => rules.signUpFormSchema);
    const invalid = await signUp(
      { firstName: "Dana", lastName: " ", companyName: "", email: "not-an-email", password: "short", confirmPassword: "short" },
      undefined,
      options as never,
    );
    expect(Object.fromEntries(Object.entries(invalid.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      lastName: "Last name is required",
      email: "Enter a valid email address",
      password: "Password must be at least 8 characters",
    });
    const signIn = authResolver((rules) => rules.signInSchema);
    const valid = await signIn({ email: "  dana@example.test ", password: "x", rememberMe: false }, undefined, options as never);
    expect(valid.errors).toEqual({});
    expect(valid.values).toEqual({ email: "dana@example.test", password: "x", rememberMe: false });
  });
});

describe("lazyZodResolver", () => {
  it("throws while the schema's module cannot be fetched, and fetches again on the next attempt", async () => {
    let attempts = 0;
    const resolver = lazyZodResolver(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("chunk not found");
      return signInSchema;
    });
    const values = { email: "a@b.test", password: "pw", rememberMe: true };
    await expect(resolver(values, undefined, options as never)).rejects.toThrow("chunk not found");
    expect((await resolver(values, undefined, options as never)).errors).toEqual({});
    await resolver(values, undefined, options as never);
    expect(attempts).toBe(2);
  });
});
