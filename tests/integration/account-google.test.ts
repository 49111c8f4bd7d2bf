import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { startOidcProvider, type OidcProvider } from "../support/oidc-provider.ts";
import { TEST_ORIGIN, cookieFrom, createTestApp, type TestApp } from "../support/test-app.ts";
import { ageSessions, base32Decode, totp } from "../support/two-factor.ts";
import { mailsTo } from "../support/outbox.ts";

/** The browser's cookie jar, kept by name: later Set-Cookie headers replace earlier ones, expired ones go. */
function jar(...parts: string[]): string {
  const map = new Map<string, string>();
  for (const part of parts) {
    for (const pair of part.split(/;\s*/)) {
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const value = pair.slice(at + 1);
      if (value) map.set(pair.slice(0, at), value);
      else map.delete(pair.slice(0, at));
    }
  }
  return [...map].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Through the local provider (standing in for Google) as `email`; back at the app with the browser's cookies. */
async function throughProvider(t: TestApp, url: string, email: string, cookie: string) {
  const authorize = new URL(url);
  authorize.searchParams.set("login_hint", email);
  const atProvider = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(atProvider.headers.get("location")!);
  expect(callback.origin).toBe(TEST_ORIGIN);
  const back = await t.request(callback.pathname + callback.search, { cookie, redirect: "manual" });
  return { location: back.headers.get("location") ?? "", cookie: jar(cookie, cookieFrom(back)) };
}

async function googleSignIn(t: TestApp, email: string) {
  const start = await t.request("/api/auth/sign-in/social", {
    json: { provider: "google", callbackURL: "/account", disableRedirect: true },
  });
  const { url } = (await start.json()) as { url: string };
  const back = await throughProvider(t, url, email, cookieFrom(start));
  expect(back.location).toBe("/account");
  const [user] = await queryRows<{ id: string }>(t.ctx.db, sql`select id from users where email = ${email}`);
  return { id: user!.id, email, cookie: back.cookie };
}

/** A re-authentication through Google: starts it, goes through the provider as `email`, follows the way back. */
async function googleReauth(t: TestApp, cookie: string, email: string, extra: { code?: string } = {}) {
  const start = await t.request("/api/account/reauthenticate/google", { cookie, json: { returnTo: "/account?tab=x", ...extra } });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.searchParams.get("prompt")).toBe("login");
  expect(authorize.searchParams.get("max_age")).toBe("0");
  const back = await throughProvider(t, url, email, jar(cookie, cookieFrom(start)));
  const done = await t.request(back.location, { cookie: back.cookie, redirect: "manual" });
  return done.headers.get("location") ?? "";
}

async function codeOf(res: Response) {
  return ((await res.json()) as { code: string }).code;
}

describe("an account made by Google sign-in, without a password", () => {
  let provider: OidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await createTestApp({
      GOOGLE_CLIENT_ID: "ledgerline-test",
      GOOGLE_CLIENT_SECRET: "test-client-secret",
      GOOGLE_ISSUER_URL: provider.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
  });

  it("is told to confirm through Google after 10 minutes; a Google round trip makes the session recent again", async () => {
    const user = await googleSignIn(t, "gina@example.com");
    const account = (await (await t.request("/api/account", { cookie: user.cookie })).json()) as { profile: { hasPassword: boolean } };
    expect(account.profile.hasPassword).toBe(false);
    const methods = await (await t.request("/api/account/reauthenticate", { cookie: user.cookie })).json();
    expect(methods).toEqual({ password: false, google: true, twoFactor: false });

    await ageSessions(t, user.id, 11);
    const change = () => t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: "gina-new@example.com" } });
    const refused = await change();
    expect(refused.status).toBe(401);
    expect(await codeOf(refused)).toBe("REAUTH_REQUIRED");

    // Another Google account (another subject, another address) does not confirm it.
    expect(await googleReauth(t, user.cookie, "someone-else@example.com")).toBe("/account?tab=x&reauth=failed");
    expect((await change()).status).toBe(401);

    expect(await googleReauth(t, user.cookie, "gina@example.com")).toBe("/account?tab=x&reauth=google");
    expect((await change()).status).toBe(200);
    // Still one Google account, and the same session.
    expect(await queryRows(t.ctx.db, sql`select id from accounts where user_id = ${user.id}`)).toHaveLength(1);
  });

  it("the way back counts once, only for the session that started it, and never leads off the site", async () => {
    const user = await googleSignIn(t, "hugo@example.com");
    await ageSessions(t, user.id, 11);
    const start = await t.request("/api/account/reauthenticate/google", { cookie: user.cookie, json: { returnTo: "//evil.example/x" } });
    const { url } = (await start.json()) as { url: string };
    const back = await throughProvider(t, url, "hugo@example.com", jar(user.cookie, cookieFrom(start)));
    // A guessed state does nothing.
    const guessed = await t.request("/api/account/reauthenticate/google/done?state=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", {
      cookie: user.cookie,
      redirect: "manual",
    });
    expect(guessed.headers.get("location")).toBe("/account?reauth=failed");
    // Nor does the way back followed by another session of the same user.
    const other = await googleSignIn(t, "hugo@example.com");
    await ageSessions(t, user.id, 11);
    const elsewhere = await t.request(back.location, { cookie: other.cookie, redirect: "manual" });
    expect(elsewhere.headers.get("location")).toBe("/account?reauth=failed");
    expect((await t.request("/api/account/delete", { cookie: other.cookie, json: {} })).status).toBe(401);
    const first = await t.request(back.location, { cookie: back.cookie, redirect: "manual" });
    expect(first.headers.get("location")).toBe("/account?reauth=google");
    await ageSessions(t, user.id, 11);
    const again = await t.request(back.location, { cookie: back.cookie, redirect: "manual" });
    expect(again.headers.get("location")).toBe("/account?reauth=failed");
    expect((await t.request("/api/account/delete", { cookie: user.cookie, json: {} })).status).toBe(401);
  });

  it("sets a password only after a recent sign-in, with the password policy and a notice by mail", async () => {
    const user = await googleSignIn(t, "ines@example.com");
    await ageSessions(t, user.id, 11);
    const set = (newPassword: string) => t.request("/api/auth/set-password", { cookie: user.cookie, json: { newPassword } });
    const old = await set("a-good-long-passphrase-7");
    expect(old.status).toBe(401);
    expect(await codeOf(old)).toBe("REAUTH_REQUIRED");

    await ageSessions(t, user.id, 2);
    const weak = await set("password123");
    expect(weak.status).toBe(400);
    expect(await codeOf(weak)).toBe("WEAK_PASSWORD");
    expect((await set("a-good-long-passphrase-7")).status).toBe(200);
    const again = await set("another-long-passphrase-8");
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe("PASSWORD_ALREADY_SET");

    const mails = await mailsTo(t.ctx.db, user.email);
    expect(mails.map((m) => m.subject)).toContain("A password was set for your account");
    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: "a-good-long-passphrase-7" } });
    expect(signIn.status).toBe(200);
    const methods = await (await t.request("/api/account/reauthenticate", { cookie: user.cookie })).json();
    expect(methods).toMatchObject({ password: true, google: true });
  });

  it("turns two-factor sign-in on without a password when recent; re-authenticates with Google and a code; turns it off with a code", async () => {
    const user = await googleSignIn(t, "jade@example.com");
    await ageSessions(t, user.id, 11);
    const enable = () => t.request("/api/auth/two-factor/enable", { cookie: user.cookie, json: {} });
    expect(await codeOf(await enable())).toBe("REAUTH_REQUIRED");
    expect(await codeOf(await t.request("/api/auth/two-factor/get-totp-uri", { cookie: user.cookie, json: {} }))).toBe("REAUTH_REQUIRED");

    expect(await googleReauth(t, user.cookie, "jade@example.com")).toBe("/account?tab=x&reauth=google");
    const on = await enable();
    expect(on.status).toBe(200);
    const { totpURI } = (await on.json()) as { totpURI: string };
    const secret = base32Decode(new URL(totpURI).searchParams.get("secret")!);
    const confirm = await t.request("/api/auth/two-factor/verify-totp", { cookie: user.cookie, json: { code: totp(secret) } });
    expect(confirm.status).toBe(200);
    const cookie = jar(user.cookie, cookieFrom(confirm));
    expect(await (await t.request("/api/account/reauthenticate", { cookie })).json()).toMatchObject({ twoFactor: true });

    // With two-factor on, the Google round trip needs a code first.
    await ageSessions(t, user.id, 11);
    const noCode = await t.request("/api/account/reauthenticate/google", { cookie, json: { returnTo: "/account" } });
    expect(noCode.status).toBe(400);
    expect(await codeOf(noCode)).toBe("CODE_REQUIRED");
    expect(await googleReauth(t, cookie, "jade@example.com", { code: totp(secret, Date.now(), 1) })).toBe("/account?tab=x&reauth=google");

    // Off: not through the library's endpoint (it would ask for nothing), but with a code.
    const direct = await t.request("/api/auth/two-factor/disable", { cookie, json: {} });
    expect(direct.status).toBe(400);
    expect(await codeOf(direct)).toBe("CODE_REQUIRED");
    const wrong = await t.request("/api/account/two-factor/disable", {
      cookie,
      json: { code: "000000" === totp(secret) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(400);
    const off = await t.request("/api/account/two-factor/disable", { cookie, json: { code: totp(secret, Date.now(), -1) } });
    expect(off.status).toBe(200);
    const [row] = await queryRows<{ on: boolean }>(t.ctx.db, sql`select two_factor_enabled as "on" from users where id = ${user.id}`);
    expect(row!.on).toBe(false);
  });

  it("deletes the account after a recent sign-in, without a password", async () => {
    const user = await googleSignIn(t, "kai@example.com");
    await ageSessions(t, user.id, 11);
    const del = () => t.request("/api/account/delete", { cookie: user.cookie, json: {} });
    expect(await codeOf(await del())).toBe("REAUTH_REQUIRED");
    expect(await googleReauth(t, user.cookie, "kai@example.com")).toBe("/account?tab=x&reauth=google");
    expect((await del()).status).toBe(200);
    expect(await queryRows(t.ctx.db, sql`select id from users where id = ${user.id}`)).toHaveLength(0);
  });

  it("an account with a password cannot take the code-only way to turn two-factor off", async () => {
    const user = await googleSignIn(t, "lena@example.com");
    await t.request("/api/auth/set-password", { cookie: user.cookie, json: { newPassword: "lena-long-passphrase-1" } });
    const off = await t.request("/api/account/two-factor/disable", { cookie: user.cookie, json: { code: "123456" } });
    expect(off.status).toBe(400);
    expect(await codeOf(off)).toBe("PASSWORD_REQUIRED");
  });

  it("bad input is a 400 naming the field, never a 5xx", async () => {
    const user = await googleSignIn(t, "milo@example.com");
    const cases: [string, unknown, string][] = [
      ["/api/account/reauthenticate/google", { returnTo: 5 }, "returnTo"],
      ["/api/account/reauthenticate/google", { returnTo: "/account", code: ["x"] }, "code"],
      ["/api/account/two-factor/disable", { code: "" }, "code"],
      ["/api/auth/set-password", { newPassword: "short" }, "newPassword"],
    ];
    for (const [path, json, field] of cases) {
      const res = await t.request(path, { cookie: user.cookie, json });
      expect(res.status, path).toBe(400);
      expect(Object.keys(((await res.json()) as { fields?: object }).fields ?? {}), path).toContain(field);
    }
    const done = await t.request("/api/account/reauthenticate/google/done?state=%00", { cookie: user.cookie, redirect: "manual" });
    expect(done.status).toBe(400);
  });

  it("under the firm's two-factor policy, enrols on a session over 10 minutes old after a Google round trip", async () => {
    await t.ctx.db.execute(sql`update two_factor_policy set require_for_clients = true where id = 1`);
    try {
      const user = await googleSignIn(t, "nora@example.com");
      await ageSessions(t, user.id, 11);
      expect((await t.request("/api/account", { cookie: user.cookie })).status).toBe(403);
      const enable = () => t.request("/api/auth/two-factor/enable", { cookie: user.cookie, json: {} });
      expect(await codeOf(await enable())).toBe("REAUTH_REQUIRED");
      expect(await googleReauth(t, user.cookie, "nora@example.com")).toBe("/account?tab=x&reauth=google");
      expect((await enable()).status).toBe(200);
    } finally {
      await t.ctx.db.execute(sql`update two_factor_policy set require_for_clients = false where id = 1`);
    }
  });
});
