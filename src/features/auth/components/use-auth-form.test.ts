import { describe, expect, it } from "vitest";
import { signInSchema, signUpFormSchema } from "../auth.schema.ts";
import { firstIssues } from "./use-auth-form.ts";

describe("firstIssues", () => {
  it("keeps the first message of each field, in the schema's order", () => {
    const parsed = signInSchema.safeParse({ email: "", password: "", rememberMe: true });
    expect(parsed.success).toBe(false);
    const errors = firstIssues(parsed.error!.issues, ["email", "password", "rememberMe"] as const);
    expect(errors).toEqual({ email: "Email is required", password: "Password is required" });
    expect(Object.values(errors)[0]).toBe("Email is required");
  });

  it("reports the sign-up rules' messages and ignores paths that are not form fields", () => {
    const parsed = signUpFormSchema.safeParse({
      firstName: "Dana",
      lastName: " ",
      companyName: "",
      email: "not-an-email",
      password: "short",
      confirmPassword: "short",
    });
    const errors = firstIssues(parsed.error!.issues, ["lastName", "email", "password"] as const);
    expect(errors).toEqual({
      lastName: "Last name is required",
      email: "Enter a valid email address",
      password: "Password must be at least 8 characters",
    });
    expect(
      firstIssues(
        [
          { path: ["other"], message: "x" },
          { path: [], message: "y" },
        ],
        ["email"] as const,
      ),
    ).toEqual({});
  });
});
