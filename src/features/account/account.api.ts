import type { z } from "zod";
import { request, type ApiResult } from "~/lib/api-client.ts";
import type { deleteAccountSchema, GoogleReauthInput, ProfileInput, ReauthInput, TwoFactorPolicyInput } from "./account.schema.ts";
import type {
  AccountDeleted,
  AccountDone,
  AccountSessions,
  DeletionPlanAnswer,
  GoogleReauthStarted,
  ProfileSaved,
  ReauthMethods,
  SessionRevoked,
  TwoFactorPolicyAnswer,
} from "./account.types.ts";

/** The account's API (/api/account) as the browser calls it. Password, email and two-factor changes: auth.api.ts. */

export function saveProfile(input: ProfileInput): Promise<ApiResult<ProfileSaved>> {
  return request<ProfileSaved>("/api/account/profile", { json: input });
}

export function revokeSession(sessionId: string): Promise<ApiResult<SessionRevoked>> {
  return request<SessionRevoked>("/api/account/sessions/revoke", { json: { sessionId } });
}

export function revokeOtherSessions(): Promise<ApiResult<AccountSessions>> {
  return request<AccountSessions>("/api/account/sessions/revoke-others", { json: {} });
}

export function getDeletionPlan(): Promise<ApiResult<DeletionPlanAnswer>> {
  return request<DeletionPlanAnswer>("/api/account/deletion");
}

export function deleteAccount(input: z.input<typeof deleteAccountSchema>): Promise<ApiResult<AccountDeleted>> {
  return request<AccountDeleted>("/api/account/delete", { json: input });
}

/** How the signed-in user can confirm it is them. */
export function getReauthMethods(): Promise<ApiResult<ReauthMethods>> {
  return request<ReauthMethods>("/api/account/reauthenticate");
}

/** The password (and code) again, before a sensitive change. */
export function reauthenticate(input: ReauthInput): Promise<ApiResult<AccountDone>> {
  return request<AccountDone>("/api/account/reauthenticate", { json: input });
}

export function startGoogleReauth(input: GoogleReauthInput): Promise<ApiResult<GoogleReauthStarted>> {
  return request<GoogleReauthStarted>("/api/account/reauthenticate/google", { json: input });
}

/** Two-factor sign-in off for an account without a password: with a code (and a recent sign-in). */
export function disableTwoFactorWithCode(code: string): Promise<ApiResult<AccountDone>> {
  return request<AccountDone>("/api/account/two-factor/disable", { json: { code } });
}

export function saveTwoFactorPolicy(input: TwoFactorPolicyInput): Promise<ApiResult<TwoFactorPolicyAnswer>> {
  return request<TwoFactorPolicyAnswer>("/api/account/two-factor-policy", { method: "PUT", json: input });
}

/** The user's data as a ZIP (a link's href). */
export const ACCOUNT_EXPORT_URL = "/api/account/export";
