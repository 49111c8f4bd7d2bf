import type { z } from "zod";

type NewPassword = { newPassword: string; confirmPassword: string };

/** A form's rules, then (once they pass) the match of the two new passwords, told under the confirmation. */
export function withMatchingPasswords<S extends z.ZodType<NewPassword>>(schema: S): S {
  return schema.refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
    when: ({ issues }) => issues.length === 0,
  });
}
