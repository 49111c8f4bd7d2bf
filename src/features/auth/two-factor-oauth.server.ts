import { createHmac, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { localPath } from "~/lib/local-path.ts";

/** The login page's address for the code step after a Google sign-in (the page shows the code form). */
export const OAUTH_CODE_STEP_PATH = "/login?twoFactor=1";

/**
 * Google sign-in of a user with two-factor sign-in on asks for the code too. The library's plugin turns only
 * password sign-ins into a code step; this does the same for the OAuth callback: unless this browser is trusted,
 * the new session is deleted, the same signed "code step" cookie and records are made as after a password, and the
 * browser goes to the login page's code form instead of the page it came from (which follows after the code).
 */
export function oauthTwoFactor({ stepSeconds, trustSeconds }: { stepSeconds: number; trustSeconds: number }): BetterAuthPlugin {
  return {
    id: "two-factor-oauth",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/callback/:id" || ctx.path === "/oauth2/callback/:providerId",
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            if (!data?.user.twoFactorEnabled) return;
            // A browser trusted for 30 days after a code (the plugin's own cookie and record) is not asked again.
            const trustCookie = ctx.context.createAuthCookie("trust_device", { maxAge: trustSeconds });
            const trusted = await ctx.getSignedCookie(trustCookie.name, ctx.context.secret);
            const [token, identifier] = (trusted || "").split("!");
            if (token && identifier) {
              const expected = createHmac("sha256", ctx.context.secret).update(`${data.user.id}!${identifier}`).digest("base64url");
              const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
              if (token === expected && record?.value === data.user.id && record.expiresAt > new Date()) return;
            }

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
            const stepCookie = ctx.context.createAuthCookie("two_factor", { maxAge: stepSeconds });
            const step = `2fa-${randomBytes(15).toString("base64url")}`;
            const expiresAt = new Date(Date.now() + stepSeconds * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier: step, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${step}`, expiresAt });
            await ctx.setSignedCookie(stepCookie.name, step, ctx.context.secret, stepCookie.attributes);

            const returned = ctx.context.returned as { headers?: Headers } | undefined;
            const next =
              localPath(
                returned?.headers?.get("location") ?? ctx.context.responseHeaders?.get("location"),
                new URL(ctx.context.baseURL).origin,
              ) ?? "/";
            throw ctx.redirect(`${OAUTH_CODE_STEP_PATH}&from=${encodeURIComponent(next)}`);
          }),
        },
      ],
    },
  };
}
