import type { Context } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { clientIp } from "~/server/client-ip.ts";
import { conflict, invalidInput, rateLimited } from "~/server/http/app-error.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import { THROTTLE_RULES, tooManyRequestsMessage } from "./auth-throttle.ts";
import { passwordProblem } from "./password-policy.ts";

export const ACCOUNT_EXISTS_MESSAGE = "An account with this address already exists. Sign in to accept the invitation.";
export const PASSWORD_EXISTS_MESSAGE = "Your account already has a password. Sign in with it.";

/**
 * Accounts made from an invitation link, which proves the address: the person sets their password on the
 * invitation page, the account is verified from the start (no verification mail) and they are signed in. Made
 * through the auth library (its internal adapter, its password hashing, its sign-in endpoint and session cookie).
 */

/** Counts a try against the same limits as sign-up (per IP, per address); 429 past them. */
export async function throttleInvitationSignUp(c: Context<AppEnv>, ctx: AppContext, email: string): Promise<void> {
  const rule = THROTTLE_RULES["POST /sign-up/email"]!;
  const ip = clientIp(c, ctx.config.trustedProxyHeader);
  const checks = [hitRateLimit(ctx.db, `auth:/invitation:ip:${ip}`, rule.ip.limit, rule.ip.windowSeconds)];
  if (rule.email) checks.push(hitRateLimit(ctx.db, `auth:/invitation:email:${email}`, rule.email.limit, rule.email.windowSeconds));
  const refused = (await Promise.all(checks)).filter((r) => !r.allowed);
  if (refused.length) {
    const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
    throw rateLimited(tooManyRequestsMessage(retryAfter), retryAfter);
  }
}

/** 400 naming `password` when a new password breaks the rules of sign-up (length, the common-password list). */
export function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw invalidInput({ password: problem }, problem);
}

/** Creates a verified account with a password. 409 when the address already has an account. Returns its id. */
export async function createVerifiedAccount(
  ctx: AppContext,
  input: { email: string; firstName: string; lastName: string; password: string },
): Promise<string> {
  checkPassword(input.password);
  const auth = await ctx.auth.$context;
  const email = input.email.toLowerCase();
  if (await auth.internalAdapter.findUserByEmail(email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
  let userId: string;
  try {
    const user = await auth.internalAdapter.createUser(
      {
        email,
        name: `${input.firstName} ${input.lastName}`.trim(),
        emailVerified: true,
        firstName: input.firstName,
        lastName: input.lastName,
      },
      { method: "invitation" },
    );
    userId = user.id;
  } catch (err) {
    // The same address at the same moment: the unique address made the other one first.
    if (await auth.internalAdapter.findUserByEmail(email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
    throw err;
  }
  await auth.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: await auth.password.hash(input.password),
  });
  return userId;
}

/** Gives an account made without a password (a staff invitation) its first one. 409 when it has one. */
export async function setFirstPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  checkPassword(password);
  const auth = await ctx.auth.$context;
  const existing = await auth.internalAdapter.findCredentialAccount(userId);
  if (existing?.password) throw conflict(PASSWORD_EXISTS_MESSAGE);
  const hash = await auth.password.hash(password);
  if (existing) await auth.internalAdapter.updateAccount(existing.id, { password: hash });
  else await auth.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
}

/** Signs the person in through the library's own sign-in; its session cookie goes on the answer. */
export async function signInOnAnswer(c: Context<AppEnv>, ctx: AppContext, email: string, password: string): Promise<void> {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, ctx.config.trustedProxyHeader));
  const { headers: answer } = await ctx.auth.api.signInEmail({ headers, returnHeaders: true, body: { email, password } });
  for (const cookie of answer.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}
