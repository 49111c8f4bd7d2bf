import { todayIso } from "~/lib/format.ts";
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { AppError } from "~/server/http/app-error.ts";
import { requireHiddenPermission, requireUser } from "~/server/http/guards.ts";
import { parseJson, parseQuery } from "~/server/http/parse.ts";
import {
  codeSchema,
  deleteAccountSchema,
  googleReauthDoneSchema,
  googleReauthSchema,
  profileSchema,
  reauthSchema,
  revokeSessionSchema,
  twoFactorPolicySchema,
} from "./account.schema.ts";
import { readTwoFactorPolicy, requireRecentSignIn, updateTwoFactorPolicy } from "~/features/auth/index.server.ts";
import { deleteAccount, deletionPlan } from "./delete-account.server.ts";
import { accountProfile, listAccountSessions, sessionTokenOf, signInMethods } from "./account.server.ts";
import { countReauthTry, reauthenticate, verifySecondFactor } from "./reauth.server.ts";
import { finishGoogleReauth, startGoogleReauth } from "./google-reauth.server.ts";
import { accountExport } from "./export.server.ts";
import type {
  AccountDeleted,
  AccountDone,
  AccountSessions,
  DeletionPlanAnswer,
  GoogleReauthStarted,
  ProfileSaved,
  ReauthMethods,
  SessionRevoked,
  TwoFactorPolicyAnswer,
} from "./account.types.ts";

/** /api/account: the signed-in user's profile and sessions. Changes go through the auth library's API. */
export function accountRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  // The firm's two-factor policy: admins only, unknown to anyone else (404). Registered before the signed-in check
  // below, which therefore never answers for it.
  r.get("/two-factor-policy", async (c) => {
    requireHiddenPermission(c, "firm.security.manage");
    return c.json({ policy: await readTwoFactorPolicy(ctx.db) } satisfies TwoFactorPolicyAnswer);
  });
  r.put("/two-factor-policy", async (c) => {
    const user = requireHiddenPermission(c, "firm.security.manage");
    await requireRecentSignIn(c, ctx.db);
    const input = await parseJson(c, twoFactorPolicySchema, { message: "first" });
    const policy = await updateTwoFactorPolicy(ctx.db, input, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)));
    return c.json({ policy } satisfies TwoFactorPolicyAnswer);
  });

  // Back from Google (a browser navigation): to the page the re-authentication started from, or to sign-in.
  r.get("/reauthenticate/google/done", async (c) => {
    const query = parseQuery(c, googleReauthDoneSchema, { message: "first" });
    if (!c.get("user")) return c.redirect("/login");
    return c.redirect(await finishGoogleReauth(ctx, c.get("sessionId"), query));
  });

  r.use("*", async (c, next) => {
    requireUser(c);
    await next();
  });

  r.get("/", async (c) => {
    const user = requireUser(c);
    const [profile, list] = await Promise.all([accountProfile(ctx.db, user.id), listAccountSessions(ctx.db, user.id, c.get("sessionId"))]);
    return c.json({ profile, sessions: list });
  });

  r.post("/profile", async (c) => {
    const user = requireUser(c);
    const { firstName, lastName, companyName } = await parseJson(c, profileSchema, { message: "first" });
    await ctx.auth.api.updateUser({
      headers: c.req.raw.headers,
      body: { name: `${firstName} ${lastName}`, firstName, lastName, companyName: companyName || null },
    });
    return c.json({ profile: await accountProfile(ctx.db, user.id) } satisfies ProfileSaved);
  });

  r.get("/sessions", async (c) => c.json({ sessions: await listAccountSessions(ctx.db, requireUser(c).id, c.get("sessionId")) }));

  r.post("/sessions/revoke", async (c) => {
    const user = requireUser(c);
    const { sessionId } = await parseJson(c, revokeSessionSchema, { message: "first" });
    const token = await sessionTokenOf(ctx.db, user.id, sessionId);
    if (!token) {
      const message = "This session has already ended";
      throw new AppError(404, "NOT_FOUND", message, { sessionId: message });
    }
    await ctx.auth.api.revokeSession({ headers: c.req.raw.headers, body: { token } });
    return c.json({ ok: true, current: sessionId === c.get("sessionId") } satisfies SessionRevoked);
  });

  r.post("/sessions/revoke-others", async (c) => {
    const user = requireUser(c);
    await ctx.auth.api.revokeOtherSessions({ headers: c.req.raw.headers });
    return c.json({ sessions: await listAccountSessions(ctx.db, user.id, c.get("sessionId")) } satisfies AccountSessions);
  });

  // Your data: a ZIP of JSON and CSV files, only the user's own rows and their organizations' books.
  r.get("/export", async (c) => {
    const user = requireUser(c);
    const zip = await accountExport(ctx.db, user.id);
    const day = todayIso();
    return new Response(new Uint8Array(zip), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="ledgerline-your-data-${day}.zip"`,
        "cache-control": "private, no-store",
      },
    });
  });

  r.get("/deletion", async (c) => c.json({ plan: await deletionPlan(ctx.db, requireUser(c).id) } satisfies DeletionPlanAnswer));

  // Deleting the account: after the password (a recent sign-in), in one transaction; the browser's cookies go too.
  r.post("/delete", async (c) => {
    const user = await requireRecentSignIn(c, ctx.db);
    const { confirmOrganizations } = await parseJson(c, deleteAccountSchema, { message: "first" });
    const plan = await deleteAccount(ctx.db, user.id, confirmOrganizations, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)));
    const { authCookies } = await ctx.auth.$context;
    for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: "/", secure: cookie.attributes.secure });
    }
    return c.json({ ok: true, deletedOrganizations: plan.deleted } satisfies AccountDeleted);
  });

  // How the user can confirm it is them: the re-authentication dialog asks for a password, or offers Google.
  r.get("/reauthenticate", async (c) => {
    const user = requireUser(c);
    const methods = await signInMethods(ctx.db, user.id);
    return c.json({
      password: methods.password,
      google: methods.google && !!ctx.config.google,
      twoFactor: user.twoFactorEnabled,
    } satisfies ReauthMethods);
  });

  // An account without a password: a fresh Google sign-in (and the code when two-factor is on) instead.
  r.post("/reauthenticate/google", async (c) => {
    const user = requireUser(c);
    const input = await parseJson(c, googleReauthSchema, { message: "first" });
    return c.json({ url: await startGoogleReauth(ctx, c, user, input) } satisfies GoogleReauthStarted);
  });

  // An account without a password turns two-factor sign-in off with a code (and a recent sign-in); one with a
  // password uses /api/auth/two-factor/disable with it.
  r.post("/two-factor/disable", async (c) => {
    const user = await requireRecentSignIn(c, ctx.db);
    const { code } = await parseJson(c, codeSchema, { message: "first" });
    if ((await signInMethods(ctx.db, user.id)).password) {
      throw new AppError(400, "PASSWORD_REQUIRED", "Enter your password to turn off two-factor sign-in");
    }
    if (!user.twoFactorEnabled) throw new AppError(409, "TWO_FACTOR_OFF", "Two-factor sign-in is already off");
    await countReauthTry(ctx, user.id);
    await verifySecondFactor(ctx, c.req.raw.headers, code);
    await ctx.auth.api.disableTwoFactor({ headers: c.req.raw.headers, body: {} });
    return c.json({ ok: true } satisfies AccountDone);
  });

  // The password (and code) again: sensitive changes refused with REAUTH_REQUIRED are then retried.
  r.post("/reauthenticate", async (c) => {
    const user = requireUser(c);
    const input = await parseJson(c, reauthSchema, { message: "first" });
    await reauthenticate(ctx, c, user, input);
    return c.json({ ok: true } satisfies AccountDone);
  });

  return r;
}
