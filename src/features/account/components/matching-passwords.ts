import type { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/auth/auth.schema.ts";

type NewPassword = { newPassword: string; confirmPassword: string };

/** A form's rules, then (once they pass) the match of the two new passwords, told under the confirmation. */
export function withMatchingPasswords<S extends z.ZodType<NewPassword>>(schema: S): S {
  return schema.refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
    when: ({ issues }) => issues.length === 0,
  });
}

/** The new password typed twice, as the account's forms draw it (`<PasswordPairFields id={…} {...NEW_PASSWORD_PAIR} …/>`). */
export const NEW_PASSWORD_PAIR = {
  name: "newPassword",
  label: "New password",
  confirmLabel: "Confirm new password",
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  columns: true,
} as const;
