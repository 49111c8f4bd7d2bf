import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "~/server/db/client.ts";
import { REAUTH_MESSAGE, REAUTH_REQUIRED, signInIsRecent } from "~/server/http/recent-sign-in.server.ts";

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
