import { sql } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Db } from "~/server/db/client.ts";
import { giveBackRateLimitHit, hitRateLimit } from "~/server/rate-limit.server.ts";
import { tooManyRequestsMessage } from "./auth-throttle.ts";

/** Wrong codes or passwords a signed-in account may give its second-factor endpoints, whatever the address. */
export const ACCOUNT_CODE_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

/** The auth library's endpoints that check a code or the password for a signed-in user's second factor. */
const CODE_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
]);

/** The record prefix of the two-factor plugin's "trust this browser" (a verification row whose value is the user). */
const TRUST_DEVICE_PREFIX = "trust-device-";

/** Every browser the user trusted to skip the code asks for it again (its cookie no longer matches a record). */
export async function voidTrustedBrowsers(db: Db, userId: string): Promise<void> {
  await db.execute(sql`delete from verifications where value = ${userId} and identifier like ${`${TRUST_DEVICE_PREFIX}%`}`);
}

/**
 * What the server decides, whatever the request asks: a password change ends every other session of the user (the
 * library would only when asked), turning two-factor sign-in on ends every other session (they were signed in with
 * the password alone), a password change or turning two-factor off voids the trusted browsers, and the code checks
 * of a signed-in account are counted per account (per address, auth-throttle.ts, is not enough: addresses are
 * cheap). A password reset does the same through the library's options (auth.server.ts).
 */
export function accountSecurity(db: Db): BetterAuthPlugin {
  const enrolling = new WeakMap<object, string>();
  const counted = new WeakMap<object, string>();
  return {
    id: "account-security",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => ({
            context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } },
          })),
        },
        {
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return; // a sign-in's code step: the library ends it after 5 wrong codes
            const user = session.user as { id: string; twoFactorEnabled?: boolean | null };
            if (ctx.path === "/two-factor/verify-totp" && !user.twoFactorEnabled) enrolling.set(ctx.context, user.id);
            const key = `2fa:user:${user.id}`;
            const hit = await hitRateLimit(db, key, ACCOUNT_CODE_LIMIT.limit, ACCOUNT_CODE_LIMIT.windowSeconds);
            if (!hit.allowed) {
              const message = tooManyRequestsMessage(hit.retryAfter);
              throw new APIError("TOO_MANY_REQUESTS", { message, code: "RATE_LIMITED" }, { "Retry-After": String(hit.retryAfter) });
            }
            counted.set(ctx.context, key);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password" || ctx.path === "/two-factor/disable" || CODE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            if (isAPIError(ctx.context.returned)) return; // a failure stays counted
            const key = counted.get(ctx.context);
            if (key) await giveBackRateLimitHit(db, key);
            const userId = ctx.context.session?.user.id;
            if ((ctx.path === "/change-password" || ctx.path === "/two-factor/disable") && userId) await voidTrustedBrowsers(db, userId);
            const enrolled = enrolling.get(ctx.context);
            const kept = ctx.context.newSession?.session.token;
            if (enrolled && kept) {
              const others = (await ctx.context.internalAdapter.listSessions(enrolled)).filter((s) => s.token !== kept);
              if (others.length) await ctx.context.internalAdapter.deleteSessions(others.map((s) => s.token));
            }
          }),
        },
      ],
    },
  };
}
