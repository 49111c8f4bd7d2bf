import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits.ts";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));
const requiredPassword = z
  .string()
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
const newPassword = z
  .string()
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const signInSchema = z.object({
  email,
  password: requiredPassword,
  rememberMe: z.boolean(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The sign-up form. The matching check is separate so its message can be the spec's toast. */
export const signUpFormSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  companyName: z.string().trim().max(200, "Company name must be at most 200 characters"),
  email,
  password: newPassword,
  confirmPassword: z.string().min(1, "Please confirm your password"),
});
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

/** What the server accepts on POST /api/auth/sign-up/email besides the library's own fields. */
export const signUpProfileSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  companyName: z.string().trim().max(200, "Company name must be at most 200 characters").nullish(),
});

export const resetRequestSchema = z.object({ email });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z.object({
  password: z
    .string()
    .min(1, "New Password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  confirmPassword: z.string().min(1, "Confirm Password is required"),
});
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** The toast for the first problem of a new password on /reset-password (SPEC §5), or null. */
export function newPasswordToast(input: NewPasswordInput): { title: string; description: string } | null {
  if (input.password.length < PASSWORD_MIN_LENGTH) return { title: "Password too short", description: "Please use at least 8 characters." };
  if (input.password !== input.confirmPassword)
    return { title: "Passwords do not match", description: "Please confirm the same password." };
  return null;
}

/** The field names and messages of a zod error, for `{ error, fields }` answers. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "body");
    fields[key] ??= issue.message;
  }
  return fields;
}
