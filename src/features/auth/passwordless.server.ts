import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, sessionMiddleware } from "better-auth/api";
import { z } from "zod";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";
import { passwordSetMail } from "./auth-mail.server.ts";

export const PASSWORD_ALREADY_SET_MESSAGE = "Your account already has a password. Change it with your current password.";
export const DISABLE_NEEDS_CODE_MESSAGE = "Enter a code from your authenticator app to turn off two-factor sign-in";

/**
 * Accounts without a password (made by Google sign-in). `POST /api/auth/set-password` sets a first password for
 * the signed-in user (the library's own `setPassword` is server-only): the password policy is checked by the
 * hook of `auth.server.ts`, a recent sign-in by `recent-sign-in.server.ts`, and a notice is mailed. Such an account
 * turns two-factor sign-in off through `POST /api/account/two-factor/disable`, which asks for a code: the
 * library's endpoint, which would ask for nothing but a recent sign-in, refuses it over HTTP.
 */
export function passwordlessAccounts({ accountUrl, send }: { accountUrl: string; send: (m: OutgoingMail) => Promise<void> }) {
  return {
    id: "passwordless-accounts",
    endpoints: {
      setFirstPassword: createAuthEndpoint(
        "/set-password",
        { method: "POST", body: z.object({ newPassword: z.string() }), use: [sessionMiddleware] },
        async (ctx) => {
          const { user } = ctx.context.session;
          const refuse = () => new APIError("BAD_REQUEST", { message: PASSWORD_ALREADY_SET_MESSAGE, code: "PASSWORD_ALREADY_SET" });
          const account = await ctx.context.internalAdapter.findCredentialAccount(user.id);
          if (account?.password) throw refuse();
          const hash = await ctx.context.password.hash(ctx.body.newPassword);
          if (account) await ctx.context.internalAdapter.updateAccount(account.id, { password: hash });
          else {
            try {
              await ctx.context.internalAdapter.linkAccount({
                userId: user.id,
                providerId: "credential",
                accountId: user.id,
                password: hash,
              });
            } catch {
              throw refuse(); // a simultaneous request made it first (unique provider and account id)
            }
          }
          await send(passwordSetMail(user.email, accountUrl));
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/two-factor/disable",
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return; // the app's own route, after the code
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const account = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
            if (account?.password) return;
            throw new APIError("BAD_REQUEST", {
              message: DISABLE_NEEDS_CODE_MESSAGE,
              code: "CODE_REQUIRED",
              fields: { code: DISABLE_NEEDS_CODE_MESSAGE },
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
