import type { Context } from "hono";
import { isAPIError } from "better-auth/api";
import type { AppContext, AppEnv, SessionUser } from "~/server/context.ts";
import { AppError, invalidInput, rateLimited } from "~/server/http/app-error.ts";
import { markSignedInAgain } from "~/features/auth/index.server.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { retryAfterText } from "~/lib/api-client.ts";
import type { ReauthInput } from "./account.schema.ts";

/** Tries per user, like the password checks of the sign-in. */
const REAUTH_LIMIT = 10;
const REAUTH_WINDOW_SECONDS = 15 * 60;
export const CODE_REQUIRED_MESSAGE = "Enter the 6-digit code from your authenticator app, or a backup code";

/** Counts a try at confirming who the signed-in user is (password, code, or the start of a Google round trip). */
export async function countReauthTry(ctx: AppContext, userId: string): Promise<void> {
  const limit = await hitRateLimit(ctx.db, `reauth:user:${userId}`, REAUTH_LIMIT, REAUTH_WINDOW_SECONDS);
  if (!limit.allowed) throw rateLimited(`Too many attempts. ${retryAfterText(limit.retryAfter)}`, limit.retryAfter);
}

/**
 * The second factor of the signed-in user: an authenticator code or a backup code, each accepted once, checked by
 * the auth library. 400 CODE_REQUIRED without one, 400 naming `code` when it is wrong.
 */
export async function verifySecondFactor(ctx: AppContext, headers: Headers, code: string | undefined): Promise<void> {
  if (!code) throw new AppError(400, "CODE_REQUIRED", CODE_REQUIRED_MESSAGE, { code: CODE_REQUIRED_MESSAGE });
  try {
    if (/^\d{6}$/.test(code)) await ctx.auth.api.verifyTOTP({ headers, body: { code } });
    else await ctx.auth.api.verifyBackupCode({ headers, body: { code, disableSession: true } });
  } catch (err) {
    if (!isAPIError(err)) throw err;
    // Too many wrong codes for this account (the auth feature's per-account count): 429 with its wait.
    if (err.statusCode === 429)
      throw rateLimited(err.body?.message ?? "Too many attempts", Number(new Headers(err.headers).get("retry-after")) || 60);
    const message =
      err.body?.code === "CODE_ALREADY_USED" ? (err.body.message ?? "This code was already used") : "This code is not correct";
    throw invalidInput({ code: message }, message);
  }
}

/**
 * Re-authentication of the signed-in user: the password (and, with two-factor on, an authenticator or backup code,
 * each accepted once) checked by the auth library; on success the session counts as freshly signed in.
 */
export async function reauthenticate(ctx: AppContext, c: Context<AppEnv>, user: SessionUser, input: ReauthInput): Promise<void> {
  const sessionId = c.get("sessionId");
  if (!sessionId) throw new AppError(401, "NOT_AUTHENTICATED", "Not authenticated");
  await countReauthTry(ctx, user.id);

  const headers = c.req.raw.headers;
  try {
    await ctx.auth.api.verifyPassword({ headers, body: { password: input.password } });
  } catch (err) {
    if (isAPIError(err)) throw invalidInput({ password: "Your password is not correct" }, "Your password is not correct");
    throw err;
  }
  if (user.twoFactorEnabled) await verifySecondFactor(ctx, headers, input.code);
  await markSignedInAgain(ctx.db, sessionId);
}
