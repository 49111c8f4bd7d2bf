import { zodFields } from "~/lib/zod-fields.ts";
import { z } from "zod";
import { companyNameField, personNameField, requiredTextField, textField, textProblem, textProblemMessage } from "~/lib/schema-fields.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));
/**
 * A password as typed in a form: `required` when empty, at most PASSWORD_MAX_LENGTH; a new one (`{ isNew: true }`)
 * also at least PASSWORD_MIN_LENGTH. The server's policy (password-policy.ts) checks the rest.
 */
export function passwordField(required: string, { isNew = false }: { isNew?: boolean } = {}) {
  const typed = z.string().min(1, required);
  const longEnough = isNew ? typed.min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`) : typed;
  return longEnough.max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
}
const requiredPassword = passwordField("Password is required");
const newPassword = passwordField("Password is required", { isNew: true });
const name = personNameField;
const companyName = companyNameField();

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
  companyName,
  email,
  password: newPassword,
  confirmPassword: z.string().min(1, "Please confirm your password"),
});
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

/** What the server accepts on POST /api/auth/sign-up/email besides the library's own fields. */
export const signUpProfileSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  companyName: companyName.nullish(),
});

export const resetRequestSchema = z.object({ email });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z.object({
  password: passwordField("New Password is required"),
  confirmPassword: z.string().min(1, "Confirm Password is required"),
});
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** The toast for the first problem of a new password on /reset-password, or null. */
export function newPasswordToast(input: NewPasswordInput): { title: string; description: string } | null {
  if (input.password.length < PASSWORD_MIN_LENGTH) return { title: "Password too short", description: "Please use at least 8 characters." };
  if (input.password !== input.confirmPassword)
    return { title: "Passwords do not match", description: "Please confirm the same password." };
  return null;
}

/** POST /api/auth/update-user: the profile fields a signed-in user may change (the library refuses the rest). */
export const updateUserSchema = z.object({
  name: requiredTextField("Name", { max: 200, typeError: "Name is required" }).optional(),
  firstName: name("First name").optional(),
  lastName: name("Last name").optional(),
  companyName: companyName.nullish(),
  image: textField("Image", { max: 2048 }).nullish(),
});

/** Labels of the auth endpoints' fields, for messages that name them. */
const AUTH_FIELD_LABELS: Record<string, string> = {
  email: "Email",
  password: "Password",
  newPassword: "New password",
  currentPassword: "Current password",
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  companyName: "Company name",
  image: "Image",
  token: "Token",
  callbackURL: "Callback URL",
  errorCallbackURL: "Error callback URL",
  newUserCallbackURL: "New user callback URL",
  redirectTo: "Redirect address",
  provider: "Provider",
};

/**
 * An address the auth library may redirect to (it goes into a Location header): printable ASCII
 * (percent-encoded), and a path on this site or an absolute URL. Other origins are refused by the library.
 */
function isRedirectAddress(value: string): boolean {
  if (value === "") return true;
  if (!/^[\x21-\x7e]*$/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  return URL.canParse(value);
}

export interface AuthInputProblem {
  message: string;
  fields: Record<string, string>;
}

/**
 * The first problem of an auth request's input, or null: any text in the body, query or path (names and
 * values, at any depth) holding a control character or invalid Unicode, which the database cannot store or
 * would store altered; and update-user's profile fields, checked like the sign-up form's.
 */
export function authInputProblem(path: string, input: { body?: unknown; query?: unknown; params?: unknown }): AuthInputProblem | null {
  // Iterative, so that deeply nested JSON cannot exhaust the stack.
  const pending: { value: unknown; key?: string }[] = [{ value: input.body }, { value: input.query }, { value: input.params }];
  while (pending.length) {
    const { value, key: top } = pending.pop()!;
    if (typeof value === "string") {
      if (top && /url$|redirectTo/i.test(top) && !isRedirectAddress(value)) {
        const message = `${AUTH_FIELD_LABELS[top] ?? top} must be a web address`;
        return { message, fields: { [top]: message } };
      }
      const problem = textProblem(value);
      if (problem) {
        const key = top ?? "body";
        // Secrets are not "lines" to the person typing them: say only what is wrong.
        const secret = /password|token|secret/i.test(key);
        const message = textProblemMessage(AUTH_FIELD_LABELS[key] ?? key, problem, { multiline: secret });
        return { message, fields: { [key]: message } };
      }
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (textProblem(k)) return { message: "Field names must be plain text", fields: { body: "Field names must be plain text" } };
        pending.push({ value: v, key: top ?? k });
      }
    }
  }
  if (path === "/update-user" && input.body && typeof input.body === "object") {
    const parsed = updateUserSchema.safeParse(input.body);
    if (!parsed.success) {
      const fields = zodFields(parsed.error);
      return { message: Object.values(fields)[0] ?? "Invalid profile", fields };
    }
  }
  return null;
}
