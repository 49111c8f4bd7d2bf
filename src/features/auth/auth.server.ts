import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import type { Logger } from "pino";
import type { Config } from "~/server/config.ts";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { ACCOUNT_DISABLED } from "./auth-messages.ts";
import { enqueueMail, type MailWorker, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import { existingAccountMail, passwordChangedMail, resetPasswordMail, verificationMail } from "./auth-mail.server.ts";
import { zodFields } from "~/lib/zod-fields.ts";
import { authInputProblem, signUpProfileSchema } from "./auth.schema.ts";
import { GOOGLE_PROVIDER_ID, authSchema } from "./auth.tables.ts";
import { verificationLink } from "./verification-link.ts";
import { accountPlugins } from "./two-factor.server.ts";
import { voidTrustedBrowsers } from "./account-security.server.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "./password-policy.ts";

export interface AuthDeps {
  db: Db;
  config: Config;
  logger: Logger;
  mail: MailWorker;
}

/** Sliding expiry: a session unused for this long ends. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const RESET_TOKEN_SECONDS = 3600;
export const VERIFICATION_TOKEN_SECONDS = 24 * 3600;
/** Header through which the app hands the client IP (from clientIp()) to the auth library. */
export const CLIENT_IP_HEADER = "x-ledgerline-client-ip";
const GOOGLE_ISSUER = "https://accounts.google.com";

/** Paths whose body carries a new password that must pass the password policy. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

export function createAuth({ db, config, logger, mail }: AuthDeps) {
  const site = config.publicUrl;
  async function send(message: OutgoingMail) {
    await enqueueMail(db, message);
    mail.kick();
  }

  return betterAuth({
    appName: "Ledgerline Advisors",
    baseURL: site,
    basePath: "/api/auth",
    secret: config.appSecret,
    trustedOrigins: config.siteOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, fieldName: "firstName" },
        lastName: { type: "string", required: false, fieldName: "lastName" },
        companyName: { type: "string", required: false, fieldName: "companyName" },
        // Never set through sign-up (input: false); an operator sets it with `npm run user:create`.
        role: { type: "string", required: false, input: false, defaultValue: "client", fieldName: "role" },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Library default hashing (scrypt). Length and the common-password list are checked in hooks.before.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link is built from PUBLIC_URL, never from the request's Host.
      sendResetPassword: async ({ user, token }) => {
        await send(resetPasswordMail(user.email, `${site}/reset-password?token=${encodeURIComponent(token)}`));
      },
      // Every session ends (revokeSessionsOnPasswordReset) and no browser stays trusted to skip the code.
      onPasswordReset: async ({ user }) => {
        await voidTrustedBrowsers(db, user.id);
        await send(passwordChangedMail(user.email, `${site}/login`));
      },
      // Sign-up with a taken address answers like a new one; the owner gets this mail instead.
      onExistingUserSignUp: async ({ user }) => {
        await send(existingAccountMail(user.email, `${site}/login`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The link signs the visitor in and carries them on to the page they signed up from, or the portal.
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, token, url }) => {
        await send(verificationMail(user.email, verificationLink(site, token, url)));
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 3600,
    },
    account: {
      // Google accounts are found by the provider's subject. An existing account is linked only when Google
      // vouches for the address AND the local address was verified; never by an unverified email.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [] },
    },
    // A disabled account (the firm's Team screen) gets no new session, whichever way it signs in. Checked when
    // the session is about to be created, so after the password: a wrong password still reads as one.
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const rows = await queryRows<{ disabled: boolean }>(
              db,
              sql`select disabled_at is not null as disabled from users where id = ${session.userId}`,
            );
            if (rows[0]?.disabled) throw new APIError("FORBIDDEN", { message: ACCOUNT_DISABLED, code: "ACCOUNT_DISABLED" });
          },
        },
      },
    },
    // Throttling happens in the app (auth.routes.server.ts): per IP and per email, in the database.
    rateLimit: { enabled: false },
    plugins: [
      ...accountPlugins({ db, appName: "Ledgerline Advisors", site, send }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: "Google",
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuerUrl?.replace(/\/+$/, "") ?? GOOGLE_ISSUER}/.well-known/openid-configuration`,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  requireIdTokenVerification: true,
                  mapProfileToUser: (profile) => ({
                    firstName: typeof profile.given_name === "string" ? profile.given_name : null,
                    lastName: typeof profile.family_name === "string" ? profile.family_name : null,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Text the database cannot store (NUL, invalid Unicode) or a bad profile: 400 before any query.
        const input = authInputProblem(ctx.path, { body: ctx.body, query: ctx.query, params: ctx.params });
        if (input) throw new APIError("BAD_REQUEST", { message: input.message, code: "INVALID_INPUT", fields: input.fields });
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-up/email") {
          const profile = signUpProfileSchema.safeParse(body);
          if (!profile.success) {
            const fields = zodFields(profile.error);
            throw new APIError("BAD_REQUEST", {
              message: Object.values(fields)[0] ?? "Invalid sign-up details",
              code: "INVALID_PROFILE",
              fields,
            });
          }
        }
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (field && typeof body[field] === "string") {
          const problem = passwordProblem(body[field]);
          if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD", fields: { [field]: problem } });
        }
      }),
    },
    advanced: {
      cookiePrefix: "ll",
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The library's Origin and callback checks against trustedOrigins run under every NODE_ENV (left alone, it
      // skips them when the process's NODE_ENV is "test"), so that tests meet what a browser meets.
      disableOriginCheck: false,
    },
    logger: {
      // The library's messages can quote what a request sent (a redirect target, an address): keep only their
      // fixed part (before the first colon), short, and never the values passed beside them.
      log: (level, message) => {
        const text = (String(message).split(":")[0] ?? "").slice(0, 120);
        if (level === "error") logger.error({ scope: "auth" }, text);
        else if (level === "warn") logger.warn({ scope: "auth" }, text);
        else logger.debug({ scope: "auth" }, text);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
