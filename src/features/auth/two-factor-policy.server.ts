import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "~/server/db/client.ts";
import { ENROLMENT_MESSAGE, ENROLMENT_REQUIRED, policyRequiresEnrolment, readTwoFactorPolicy } from "~/server/two-factor-policy.server.ts";

/**
 * What a signed-in user who must enrol may still ask of the auth library: enrol, read the session, sign out or in,
 * and link Google (the app's re-authentication through Google goes through the library's link flow).
 */
const ALLOWED_WHILE_ENROLLING =
  /^\/(sign-out|get-session|link-social|two-factor\/(enable|verify-totp|get-totp-uri)|sign-in\/.*|sign-up\/.*|callback\/.*|oauth2\/.*|verify-email|request-password-reset|reset-password(\/.*)?|error|ok)$/;

/**
 * The firm's two-factor policy on the auth library's own endpoints (the app checks every other route in its session
 * layer): a signed-in user it covers who has no second factor yet can do nothing there but enrol or sign out.
 */
export function enrolmentGuard(db: Db): BetterAuthPlugin {
  return {
    id: "two-factor-enrolment",
    hooks: {
      before: [
        {
          matcher: (ctx) => !ALLOWED_WHILE_ENROLLING.test(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const user = session.user as { role?: "client" | "staff" | "admin"; twoFactorEnabled?: boolean | null };
            const required = policyRequiresEnrolment(await readTwoFactorPolicy(db), {
              role: user.role ?? "client",
              twoFactorEnabled: user.twoFactorEnabled ?? false,
            });
            if (required) throw new APIError("FORBIDDEN", { message: ENROLMENT_MESSAGE, code: ENROLMENT_REQUIRED });
          }),
        },
      ],
    },
  };
}
