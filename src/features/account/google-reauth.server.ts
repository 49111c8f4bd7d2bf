import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { safeRedirectPath } from "~/lib/safe-redirect.ts";
import type { AppContext, AppEnv, SessionUser } from "~/server/context.ts";
import { AppError } from "~/server/http/app-error.ts";
import { markSignedInAgain } from "~/features/auth/index.server.ts";
import { GOOGLE_PROVIDER_ID } from "~/features/auth/auth.tables.ts";
import type { GoogleReauthInput } from "./account.schema.ts";
import { signInMethods } from "./account.server.ts";
import { countReauthTry, verifySecondFactor } from "./reauth.server.ts";

/** Where Google's answer leads back to (the auth library's link flow redirects here once it checked it). */
export const GOOGLE_REAUTH_DONE_PATH = "/api/account/reauthenticate/google/done";
const STATE_PREFIX = "reauth-google-";
/** How long the round trip may take. */
const STATE_SECONDS = 10 * 60;
const FALLBACK = "/account";

interface SavedState {
  sessionId?: unknown;
  returnTo?: unknown;
}

/** `path` with `reauth=<outcome>` added to its query (the page shows the outcome and removes it). */
function withOutcome(path: string, outcome: "google" | "failed"): string {
  const url = new URL(path, "http://local.invalid");
  url.searchParams.set("reauth", outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Starts a re-authentication through Google for the signed-in user (an account without a password): the code
 * first when two-factor is on, then the authorization URL of the auth library's link flow, with `prompt=login` and
 * `max_age=0` so that Google asks again. The library checks on the way back that the Google account is this user's
 * (the same subject, or one with the same verified address) and that the session that started it is still live;
 * its redirect then carries a single-use state, known only to the server until then, to `finishGoogleReauth`.
 */
export async function startGoogleReauth(ctx: AppContext, c: Context<AppEnv>, user: SessionUser, input: GoogleReauthInput): Promise<string> {
  const sessionId = c.get("sessionId");
  if (!sessionId) throw new AppError(401, "NOT_AUTHENTICATED", "Not authenticated");
  await countReauthTry(ctx, user.id);
  if (!ctx.config.google || !(await signInMethods(ctx.db, user.id)).google) {
    throw new AppError(400, "GOOGLE_NOT_LINKED", "Your account does not sign in with Google. Enter your password instead.");
  }
  const headers = c.req.raw.headers;
  if (user.twoFactorEnabled) await verifySecondFactor(ctx, headers, input.code);

  const state = randomBytes(24).toString("base64url");
  const returnTo = safeRedirectPath(input.returnTo, FALLBACK);
  const { internalAdapter } = await ctx.auth.$context;
  await internalAdapter.createVerificationValue({
    identifier: `${STATE_PREFIX}${state}`,
    value: JSON.stringify({ sessionId, returnTo } satisfies SavedState),
    expiresAt: new Date(Date.now() + STATE_SECONDS * 1000),
  });
  const done = `${GOOGLE_REAUTH_DONE_PATH}?state=${state}`;
  const { headers: answer, response } = await ctx.auth.api.linkSocialAccount({
    headers,
    returnHeaders: true,
    body: {
      provider: GOOGLE_PROVIDER_ID,
      callbackURL: done,
      errorCallbackURL: `${done}&failed=1`,
      disableRedirect: true,
      additionalParams: { prompt: "login", max_age: "0" },
    },
  });
  // The library's signed state cookie, which binds Google's answer to this browser.
  for (const cookie of answer.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  return response.url;
}

/**
 * Back from Google: a state started by this very session and not used before makes the session count as freshly
 * signed in. Answers where the browser goes: the page it started from, with `reauth=google` or `reauth=failed`.
 */
export async function finishGoogleReauth(
  ctx: AppContext,
  sessionId: string | null,
  query: { state: string; failed?: string; error?: string },
): Promise<string> {
  const { internalAdapter } = await ctx.auth.$context;
  const identifier = `${STATE_PREFIX}${query.state}`;
  const found = await internalAdapter.findVerificationValue(identifier);
  let saved: SavedState;
  try {
    saved = JSON.parse(found?.value ?? "{}") as SavedState;
  } catch {
    saved = {};
  }
  const returnTo = safeRedirectPath(typeof saved.returnTo === "string" ? saved.returnTo : null, FALLBACK);
  // Another session (even the same user's) neither uses the state up nor counts; the right one uses it once.
  const mine = !!found && !!sessionId && saved.sessionId === sessionId;
  const consumed = mine ? await internalAdapter.consumeVerificationValue(identifier) : null;
  const ok = !!consumed && consumed.expiresAt > new Date() && !query.failed && !query.error;
  if (ok && sessionId) await markSignedInAgain(ctx.db, sessionId);
  return withOutcome(returnTo, ok ? "google" : "failed");
}
