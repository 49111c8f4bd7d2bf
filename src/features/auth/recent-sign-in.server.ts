import { sql } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Context } from "hono";
import type { AppEnv, SessionUser } from "~/server/context.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError } from "~/server/http/app-error.ts";
import { requireUser } from "~/server/http/guards.ts";

/*
 * Recent sign-in, in one place: the rule (`signInIsRecent`), the guard of the app's routes (`requireRecentSignIn`) and
 * the guard of the auth library's own endpoints (`recentSignInGuard`).
 */

/** A sensitive change needs a sign-in (or a re-authentication) at most this old. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
export const REAUTH_REQUIRED = "REAUTH_REQUIRED";
export const REAUTH_MESSAGE = "For your security, enter your password again to continue.";

/**
 * Whether the session's last sign-in is recent: the later of its creation (every sign-in makes a new session) and
 * its last re-authentication. Compared on the database's clock.
 */
export async function signInIsRecent(db: Db, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const [row] = await queryRows<{ recent: boolean }>(
    db,
    sql`select greatest(created_at, coalesce(reauthenticated_at, created_at)) > now() - make_interval(secs => ${RECENT_SIGN_IN_SECONDS}) as recent
          from sessions where id = ${sessionId}`,
  );
  return row?.recent === true;
}

/** Notes that the session's user just proved again who they are (password, and code when two-factor is on). */
export async function markSignedInAgain(db: Db, sessionId: string): Promise<void> {
  await db.execute(sql`update sessions set reauthenticated_at = now() where id = ${sessionId}`);
}

/** The refusal a sensitive change gets when the last sign-in is too old: the browser asks for the password and retries. */
export const reauthRequired = () => new AppError(401, REAUTH_REQUIRED, REAUTH_MESSAGE);

/**
 * Routes making a sensitive change (email, password, second factor, account deletion, roles): the signed-in user
 * when their last sign-in is under 10 minutes old; otherwise 401 NOT_AUTHENTICATED or 401 REAUTH_REQUIRED (thrown).
 */
export async function requireRecentSignIn(c: Context<AppEnv>, db: Db): Promise<SessionUser> {
  const user = requireUser(c);
  if (!(await signInIsRecent(db, c.get("sessionId")))) throw reauthRequired();
  return user;
}

/** The auth library's endpoints that make a sensitive change for a signed-in user. */
const SENSITIVE_PATHS = new Set([
  "/change-email",
  "/change-password",
  "/set-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  // Without a password these ask for nothing else (allowPasswordless): the secret must not be read on an old session.
  "/two-factor/get-totp-uri",
]);

/**
 * The same rule as `requireRecentSignIn` for the auth library's own endpoints: a change of email, password or
 * second factor is refused (401 REAUTH_REQUIRED) when the session's last sign-in is over 10 minutes old. Listed
 * first among the plugins, so that it runs before the hooks that answer these paths themselves.
 */
export function recentSignInGuard(db: Db): BetterAuthPlugin {
  return {
    id: "recent-sign-in",
    hooks: {
      before: [
        {
          matcher: (ctx) => SENSITIVE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return; // the endpoint itself answers 401
            if (!(await signInIsRecent(db, session.session?.id ?? null))) {
              throw new APIError("UNAUTHORIZED", { message: REAUTH_MESSAGE, code: REAUTH_REQUIRED });
            }
          }),
        },
      ],
    },
  };
}
