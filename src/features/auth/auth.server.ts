import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Logger } from "pino";
import type { Config } from "~/server/config.ts";
import type { Db } from "~/server/db/client.ts";
import { enqueueMail, type MailWorker } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { authSchema } from "./auth.tables.ts";

export interface AuthDeps {
  db: Db;
  config: Config;
  logger: Logger;
  mail: MailWorker;
}

export function createAuth({ db, config, mail }: AuthDeps) {
  return betterAuth({
    appName: "Ledgerline Advisors",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.appSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, fieldName: "firstName" },
        lastName: { type: "string", required: false, fieldName: "lastName" },
        companyName: { type: "string", required: false, fieldName: "companyName" },
        role: { type: "string", required: false, input: false, defaultValue: "client", fieldName: "role" },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        const { html, text } = renderMail({
          heading: "Reset your password",
          paragraphs: ["Someone asked to reset the password of your Ledgerline Advisors account. The link works once, for one hour."],
          action: { label: "Choose a new password", url },
        });
        await enqueueMail(db, { kind: "password-reset", to: user.email, subject: "Reset your password", html, text });
        mail.kick();
      },
    },
    session: {
      expiresIn: 30 * 24 * 3600,
      updateAge: 24 * 3600,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
    },
    advanced: {
      cookiePrefix: "ll",
      useSecureCookies: config.isProduction,
      ipAddress: {
        ipAddressHeaders: config.trustedProxyHeader ? [config.trustedProxyHeader] : [],
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
