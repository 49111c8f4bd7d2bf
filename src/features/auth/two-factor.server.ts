import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";
import { emailChangeMail, emailChangedMail, passwordChangedInAccountMail, twoFactorChangedMail } from "./auth-mail.server.ts";
import { changeEmailSchema } from "~/features/account/account.schema.ts";
import { recentSignInGuard } from "./recent-sign-in.server.ts";
import { enrolmentGuard } from "./two-factor-policy.server.ts";
import { oauthTwoFactor } from "./two-factor-oauth.server.ts";
import { passwordlessAccounts } from "./passwordless.server.ts";
import { accountSecurity } from "./account-security.server.ts";

/** How long "Trust this browser" skips the second factor on this browser. */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 3600;
/** How long, after the password, the code step may be completed. */
export const TWO_FACTOR_STEP_SECONDS = 10 * 60;
export const BACKUP_CODE_COUNT = 10;
export const CODE_ALREADY_USED = "This code was already used. Wait for the next code in your authenticator app.";
/** A code is valid one 30-second step either side of now (90 s at most); kept a little longer. */
const USED_CODE_KEEP_SECONDS = 5 * 60;
const TWO_FACTOR_COOKIE = "two_factor";

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use backup codes: the library's
 * plugin, and a guard that refuses an authenticator code that was already accepted for the same user.
 */
export function accountPlugins({
  db,
  appName,
  site,
  send,
}: {
  db: Db;
  appName: string;
  site: string;
  send: (m: OutgoingMail) => Promise<void>;
}) {
  return [
    enrolmentGuard(db),
    recentSignInGuard(db),
    // Before the used-code guard, so that a refused try claims no code.
    accountSecurity(db),
    twoFactor({
      issuer: appName,
      trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
      twoFactorCookieMaxAge: TWO_FACTOR_STEP_SECONDS,
      backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10 },
      totpOptions: { digits: 6, period: 30 },
      // An account without a password (Google sign-in only) enrols and makes backup codes after a recent sign-in
      // instead (recent-sign-in.server.ts); an account with one still gives it.
      allowPasswordless: true,
    }),
    oauthTwoFactor({ stepSeconds: TWO_FACTOR_STEP_SECONDS, trustSeconds: TRUST_DEVICE_SECONDS }),
    usedCodeGuard(db),
    accountNotices(`${site}/account`, send),
    passwordlessAccounts({ accountUrl: `${site}/account`, send }),
    emailChange({ db, site, send }),
  ];
}

/** Where the email-change link leads back to (a path of this site). */
export const EMAIL_CHANGED_PATH = "/account?email=changed";
const EMAIL_TOKEN_SECONDS = 24 * 3600;

/**
 * Email change for a signed-in user: a link to the NEW address (the library's verify-email with a
 * "change-email-verification" token, bound to the user), the change happening only when it is followed, then a
 * notice to the OLD address. A taken address gets the same answer and no mail, so nothing tells it is taken.
 */
function emailChange({ db, site, send }: { db: Db; site: string; send: (m: OutgoingMail) => Promise<void> }): BetterAuthPlugin {
  const pending = new WeakMap<object, { userId: string; from: string; to: string }>();
  return {
    id: "email-change",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/change-email",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) throw new APIError("UNAUTHORIZED", { message: "Not authenticated" });
            const parsed = changeEmailSchema.safeParse(ctx.body ?? {});
            if (!parsed.success) {
              const message = parsed.error.issues[0]?.message ?? "Enter a valid email address";
              throw new APIError("BAD_REQUEST", { message, code: "INVALID_EMAIL", fields: { newEmail: message } });
            }
            const newEmail = parsed.data.newEmail.toLowerCase();
            const current = session.user.email.toLowerCase();
            if (newEmail === current) {
              const message = "This is already your email address";
              throw new APIError("BAD_REQUEST", { message, code: "EMAIL_IS_THE_SAME", fields: { newEmail: message } });
            }
            const [taken] = await queryRows<{ id: string }>(db, sql`select id from users where email = ${newEmail}`);
            if (!taken) {
              const token = await createEmailVerificationToken(ctx.context.secret, current, newEmail, EMAIL_TOKEN_SECONDS, {
                requestType: "change-email-verification",
                userId: session.user.id,
              });
              const url = `${site}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(EMAIL_CHANGED_PATH)}`;
              await send(emailChangeMail(newEmail, url));
            }
            return ctx.json({ status: true });
          }),
        },
        {
          // Notes who changes from which address to which; the library checks the token's signature and expiry.
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
            let payload: { email?: unknown; updateTo?: unknown; userId?: unknown; requestType?: unknown };
            try {
              payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as typeof payload;
            } catch {
              return;
            }
            if (payload.requestType !== "change-email-verification") return;
            if (typeof payload.userId !== "string" || typeof payload.email !== "string" || typeof payload.updateTo !== "string") return;
            const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${payload.userId}`);
            if (row?.email.toLowerCase() === payload.email.toLowerCase()) {
              pending.set(ctx.context, { userId: payload.userId, from: row.email, to: payload.updateTo });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const change = pending.get(ctx.context);
            if (!change) return;
            const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${change.userId}`);
            if (row?.email.toLowerCase() === change.to.toLowerCase()) await send(emailChangedMail(change.from, row.email));
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Mails to the account's address when its password is changed, or two-factor sign-in is turned on or off. */
function accountNotices(accountUrl: string, send: (m: OutgoingMail) => Promise<void>): BetterAuthPlugin {
  const enrolling = new WeakMap<object, string>();
  return {
    id: "account-notices",
    hooks: {
      before: [
        {
          // Confirming enrolment: the signed-in user's first code (sign-in codes have no session).
          matcher: (ctx) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            const user = session?.user as { email: string; twoFactorEnabled?: boolean | null } | undefined;
            if (user && !user.twoFactorEnabled) enrolling.set(ctx.context, user.email);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password" || ctx.path === "/two-factor/disable" || ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            if (isAPIError(ctx.context.returned)) return;
            if (ctx.path === "/two-factor/verify-totp") {
              const email = enrolling.get(ctx.context);
              if (email) await send(twoFactorChangedMail(email, true, accountUrl));
              return;
            }
            const email = ctx.context.session?.user.email ?? ctx.context.newSession?.user.email;
            if (!email) return;
            await send(
              ctx.path === "/change-password"
                ? passwordChangedInAccountMail(email, accountUrl)
                : twoFactorChangedMail(email, false, accountUrl),
            );
          }),
        },
      ],
    },
  };
}

/** The user a code is checked for: the signed-in user (enrolment), or the one half-way through sign-in. */
async function codeOwner(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session?.user.id) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : null;
}

function codeHash(userId: string, code: string): string {
  return createHash("sha256").update(`${userId}:${code}`).digest("base64url");
}

/**
 * RFC 6238 §5.2: a code accepted once is never accepted again. The code is claimed (one insert, atomic
 * against a concurrent request with the same code) before the library checks it; a claim whose check failed
 * is given back afterwards.
 */
function usedCodeGuard(db: Db): BetterAuthPlugin {
  const path = "/two-factor/verify-totp";
  return {
    id: "two-factor-used-codes",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === path,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== "string" || !/^\d{6}$/.test(code)) return;
            const userId = await codeOwner(ctx);
            if (!userId) return;
            await db.execute(
              sql`delete from two_factor_used_codes where used_at < now() - make_interval(secs => ${USED_CODE_KEEP_SECONDS})`,
            );
            const claimed = await queryRows<{ user_id: string }>(
              db,
              sql`insert into two_factor_used_codes (user_id, code_hash) values (${userId}, ${codeHash(userId, code)})
                  on conflict do nothing
                  returning user_id`,
            );
            if (!claimed.length) throw new APIError("UNAUTHORIZED", { message: CODE_ALREADY_USED, code: "CODE_ALREADY_USED" });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === path,
          handler: createAuthMiddleware(async (ctx) => {
            if (!isAPIError(ctx.context.returned)) return;
            const { code } = (ctx.body ?? {}) as { code?: unknown };
            if (typeof code !== "string" || ctx.context.returned.body?.code === "CODE_ALREADY_USED") return;
            const userId = await codeOwner(ctx);
            if (!userId) return;
            await db.execute(sql`delete from two_factor_used_codes where user_id = ${userId} and code_hash = ${codeHash(userId, code)}`);
          }),
        },
      ],
    },
  };
}
