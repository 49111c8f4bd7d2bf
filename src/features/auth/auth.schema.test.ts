import { describe, expect, it } from "vitest";
import { authInputProblem } from "./auth.schema.ts";

describe("authInputProblem", () => {
  it("accepts what the pages send", () => {
    expect(
      authInputProblem("/sign-in/email", { body: { email: "ann@example.com", password: "correct horse", rememberMe: true } }),
    ).toBeNull();
    expect(authInputProblem("/request-password-reset", { body: { email: "ann@example.com", redirectTo: "/reset-password" } })).toBeNull();
    expect(authInputProblem("/verify-email", { query: { token: "eyJ.x.y", callbackURL: "/login?verified=1" } })).toBeNull();
    expect(
      authInputProblem("/sign-in/social", { body: { provider: "google", callbackURL: "http://localhost:3000/accounting" } }),
    ).toBeNull();
    expect(authInputProblem("/update-user", { body: { firstName: "Zoë", companyName: null } })).toBeNull();
  });

  it("names the field holding a control character or invalid Unicode, wherever it is", () => {
    expect(authInputProblem("/sign-up/email", { body: { firstName: "A\u0000" } })).toEqual({
      message: "First name must be a single line without control characters",
      fields: { firstName: "First name must be a single line without control characters" },
    });
    expect(authInputProblem("/sign-in/email", { body: { password: "pa\u0000ss" } })?.message).toBe(
      "Password must not contain control characters",
    );
    expect(authInputProblem("/reset-password", { body: { token: "\ud800" } })?.message).toBe(
      "Token contains characters that are not valid Unicode",
    );
    expect(authInputProblem("/x", { body: { nested: [{ deep: "\u0085" }] } })?.fields).toEqual({
      nested: "nested must be a single line without control characters",
    });
    expect(authInputProblem("/reset-password/:token", { params: { token: "a\u0000" } })?.fields).toHaveProperty("token");
    expect(authInputProblem("/x", { body: { "k\u0000": 1 } })?.message).toBe("Field names must be plain text");
  });

  it("refuses redirect addresses that cannot go into a Location header", () => {
    for (const bad of ["@QA", "/caf\u00e9", "//evil.example", "/\\evil.example", "not a url"]) {
      expect(authInputProblem("/verify-email", { query: { callbackURL: bad } })?.message, bad).toBe("Callback URL must be a web address");
    }
  });

  it("refuses a null or empty name on update-user", () => {
    expect(authInputProblem("/update-user", { body: { name: null } })?.fields).toEqual({ name: "Name is required" });
    expect(authInputProblem("/update-user", { body: { name: "  " } })?.fields).toEqual({ name: "Name is required" });
    expect(authInputProblem("/update-user", { body: { lastName: 5 } })?.fields).toEqual({ lastName: "Last name is required" });
  });

  it("walks deeply nested input without exhausting the stack", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(authInputProblem("/x", { body: { deep } })).toBeNull();
  });
});
