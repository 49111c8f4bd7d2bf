import type { z } from "zod";
import { request, type ApiResult } from "~/lib/api-client.ts";
import type { signUpProfileSchema } from "./auth.schema.ts";
import type { SignInAnswer, SocialSignInAnswer, TwoFactorSecrets } from "./auth.types.ts";

/**
 * The auth library's routes (below /api/auth) as the browser calls them: signing in, up and out, passwords, email
 * changes and two-factor sign-in. An answer the screens do not read is typed `unknown`.
 */

/** The library's own fields of a sign-up, and the profile the server adds (signUpProfileSchema). */
export type SignUpBody = { email: string; password: string; name: string; callbackURL: string } & z.input<typeof signUpProfileSchema>;

export function signUpWithEmail(body: SignUpBody): Promise<ApiResult<unknown>> {
  return request("/api/auth/sign-up/email", { json: body });
}

export function signInWithEmail(body: { email: string; password: string; rememberMe: boolean }): Promise<ApiResult<SignInAnswer | null>> {
  return request<SignInAnswer | null>("/api/auth/sign-in/email", { json: body });
}

/** Google's sign-in page for this visitor: where to come back to, as a new user too, and after a failure. */
export function startGoogleSignIn(back: {
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
}): Promise<ApiResult<SocialSignInAnswer>> {
  return request<SocialSignInAnswer>("/api/auth/sign-in/social", { json: { provider: "google", ...back, disableRedirect: true } });
}

export function signOut(): Promise<ApiResult<unknown>> {
  return request("/api/auth/sign-out", { json: {} });
}

/** The verification mail again; its link carries on to `callbackURL`. */
export function sendVerificationEmail(email: string, callbackURL: string): Promise<ApiResult<unknown>> {
  return request("/api/auth/send-verification-email", { json: { email, callbackURL } });
}

/** The second step of signing in: a code from the app, or one of the backup codes. */
export function verifyTwoFactorCode(input: { code: string; trustDevice?: boolean }, backup = false): Promise<ApiResult<unknown>> {
  return request(backup ? "/api/auth/two-factor/verify-backup-code" : "/api/auth/two-factor/verify-totp", { json: input });
}

export function requestPasswordReset(email: string, redirectTo: string): Promise<ApiResult<unknown>> {
  return request("/api/auth/request-password-reset", { json: { email, redirectTo } });
}

export function resetPassword(token: string, newPassword: string): Promise<ApiResult<unknown>> {
  return request("/api/auth/reset-password", { json: { token, newPassword } });
}

export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}): Promise<ApiResult<unknown>> {
  return request("/api/auth/change-password", { json: body });
}

/** A first password for an account made by Google sign-in (after a recent sign-in). */
export function setPassword(newPassword: string): Promise<ApiResult<unknown>> {
  return request("/api/auth/set-password", { json: { newPassword } });
}

export function changeEmail(newEmail: string): Promise<ApiResult<unknown>> {
  return request("/api/auth/change-email", { json: { newEmail } });
}

/** Two-factor sign-in on (the app's key and backup codes), new backup codes, or off: with the password when there is one. */
export function enableTwoFactor(proof: { password: string } | null): Promise<ApiResult<TwoFactorSecrets>> {
  return request<TwoFactorSecrets>("/api/auth/two-factor/enable", { json: proof ?? {} });
}

export function generateBackupCodes(proof: { password: string } | null): Promise<ApiResult<TwoFactorSecrets>> {
  return request<TwoFactorSecrets>("/api/auth/two-factor/generate-backup-codes", { json: proof ?? {} });
}

export function disableTwoFactor(proof: { password: string } | null): Promise<ApiResult<unknown>> {
  return request("/api/auth/two-factor/disable", { json: proof ?? {} });
}
