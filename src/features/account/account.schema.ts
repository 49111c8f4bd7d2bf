import { z } from "zod";
import { companyNameField, personNameField, textIdField } from "~/lib/schema-fields.ts";
import { passwordField } from "~/features/auth/auth.schema.ts";

/** The profile form on /account and POST /api/account/profile. */
export const profileSchema = z.object({
  firstName: personNameField("First name"),
  lastName: personNameField("Last name"),
  companyName: companyNameField(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The password form on /account (sent to /api/auth/change-password, whose hook checks the password policy). */
export const changePasswordSchema = z.object({
  currentPassword: passwordField("Current password is required"),
  newPassword: passwordField("New password is required", { isNew: true }),
  confirmPassword: z.string().min(1, "Please confirm your new password"),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The email form on /account (POST /api/auth/change-email). */
export const changeEmailSchema = z.object({
  newEmail: z
    .string({ error: "New email address is required" })
    .trim()
    .min(1, "New email address is required")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address")),
});

/** POST /api/account/sessions/revoke. */
export const revokeSessionSchema = z.object({
  sessionId: textIdField("sessionId", { max: 200, maxError: "sessionId is too long" }),
});

/** A password, asked before turning two-factor sign-in on or off, or making new backup codes. */
export const passwordConfirmSchema = z.object({
  password: passwordField("Password is required"),
});

/** An authenticator code (6 digits; spaces are dropped) or a backup code. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")),
  trustDevice: z.boolean().optional(),
});
export const backupCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "Enter one of your backup codes").max(40, "That is not a backup code")),
  trustDevice: z.boolean().optional(),
});

/** The re-authentication dialog (POST /api/account/reauthenticate): the password, and a code when two-factor is on. */
export const reauthSchema = z.object({
  password: passwordConfirmSchema.shape.password,
  code: z
    .string({ error: "Code must be text" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().max(40, "That is not a code"))
    .optional(),
});
export type ReauthInput = z.infer<typeof reauthSchema>;

/** A code alone (authenticator or backup): an account without a password turning two-factor sign-in off. */
export const codeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your authenticator app, or a backup code" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().min(1, "Enter the 6-digit code from your authenticator app, or a backup code").max(40, "That is not a code")),
});

/** POST /api/account/reauthenticate/google: the page to come back to, and a code when two-factor is on. */
export const googleReauthSchema = z.object({
  returnTo: z.string({ error: "returnTo must be a path on this site" }).max(2048, "returnTo must be a path on this site"),
  code: reauthSchema.shape.code,
});
export type GoogleReauthInput = z.infer<typeof googleReauthSchema>;

/** The query Google's answer comes back with (GET /api/account/reauthenticate/google/done). */
export const googleReauthDoneSchema = z.object({
  state: z.string({ error: "state is required" }).regex(/^[A-Za-z0-9_-]{16,100}$/, "state is not valid"),
  failed: z.string().max(10).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/** The "Set a password" form on /account (POST /api/auth/set-password, whose hook checks the password policy). */
export const setPasswordSchema = changePasswordSchema.omit({ currentPassword: true });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** POST /api/account/delete: the typed names of the organizations deleted with the account. */
export const deleteAccountSchema = z.object({
  confirmOrganizations: z
    .array(z.string({ error: "Organization name must be text" }).max(200, "Organization name is too long"), {
      error: "confirmOrganizations must be a list",
    })
    .max(50, "Too many organizations")
    .default([]),
});

/** The firm's two-factor policy (PUT /api/account/two-factor-policy, admins only). */
export const twoFactorPolicySchema = z.object({
  requireForStaff: z.boolean({ error: "requireForStaff must be true or false" }),
  requireForClients: z.boolean({ error: "requireForClients must be true or false" }),
});
export type TwoFactorPolicyInput = z.infer<typeof twoFactorPolicySchema>;
