import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { startOidcProvider, type OidcProvider } from "../support/oidc-provider.ts";
import { TEST_ORIGIN, cookieFrom, createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { enrolTwoFactor, totp } from "../support/two-factor.ts";

/** Runs the whole authorization-code flow against the local provider; returns the app's final answer. */
async function googleSignIn(t: TestApp, loginHint: string) {
  const start = await t.request("/api/auth/sign-in/social", {
    json: { provider: "google", callbackURL: "/calculators", errorCallbackURL: "/login?google=failed", disableRedirect: true, loginHint },
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const stateCookie = cookieFrom(start);
  const atProvider = await fetch(url, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get("location")!);
  expect(callback.origin).toBe(TEST_ORIGIN);
  expect(callback.pathname).toBe("/api/auth/callback/google");
  const done = await t.request(callback.pathname + callback.search, { cookie: stateCookie, redirect: "manual" });
  return { location: done.headers.get("location") ?? "", cookie: cookieFrom(done) };
}

async function sessionEmail(t: TestApp, cookie: string) {
  const res = await t.request("/api/auth/get-session", { cookie });
  const body = (await res.json()) as { user: { id: string; email: string } } | null;
  return body?.user ?? null;
}

describe("Google sign-in through a local OpenID Connect provider", () => {
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

  it("creates a verified account for a new Google user and signs them in", async () => {
    const { location, cookie } = await googleSignIn(t, "casey@example.com");
    expect(location).toBe("/calculators");
    expect((await sessionEmail(t, cookie))?.email).toBe("casey@example.com");
    const [user] = await queryRows<{ id: string }>(t.ctx.db, sql`select * from users where email = 'casey@example.com'`);
    expect(user).toMatchObject({ email_verified: true, first_name: "Casey", last_name: "Morgan", role: "client" });
    const [account] = await queryRows(t.ctx.db, sql`select * from accounts where user_id = ${user!.id}`);
    expect(account).toMatchObject({ provider_id: "google", account_id: "google-casey@example.com" });
  });

  it("finds the account by the provider's subject, even when the email changed at Google", async () => {
    const first = await googleSignIn(t, "sub=subject-77:old-address@example.com");
    const firstUser = await sessionEmail(t, first.cookie);
    const second = await googleSignIn(t, "sub=subject-77:new-address@example.com");
    const secondUser = await sessionEmail(t, second.cookie);
    expect(secondUser?.id).toBe(firstUser?.id);
  });

  it("never joins a Google identity to an existing account by an unverified Google email", async () => {
    const existing = await createSignedInUser(t, { email: "owner@example.com" });
    const { location, cookie } = await googleSignIn(t, "unverified:owner@example.com");
    expect(location).toMatch(/^\/login\?google=failed&error=/);
    expect(await sessionEmail(t, cookie)).toBeNull();
    const linked = await queryRows<{ provider_id: string }>(t.ctx.db, sql`select provider_id from accounts where user_id = ${existing.id}`);
    expect(linked.map((a) => a.provider_id)).toEqual(["credential"]);
  });

  it("never joins a Google identity to an account whose own address was not verified", async () => {
    const email = "squatter@example.com";
    await t.request("/api/auth/sign-up/email", {
      json: { email, password: "Quiet-harbor-lantern-42", name: "S Q", firstName: "S", lastName: "Q" },
    });
    const { location, cookie } = await googleSignIn(t, email);
    expect(location).toMatch(/^\/login\?google=failed&error=/);
    expect(await sessionEmail(t, cookie)).toBeNull();
  });
});

describe("Google sign-in of an account with two-factor sign-in on", () => {
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

  it("asks for the code too: no session until a code is given, then back to the page it came from", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t, { email: "dana@example.com" }));
    await t.ctx.db.execute(sql`delete from rate_limits`);

    const step = await googleSignIn(t, "dana@example.com");
    expect(step.location).toBe("/login?twoFactor=1&from=%2Fcalculators");
    expect(step.cookie).toMatch(/ll\.two_factor=[^;]+/);
    expect(await sessionEmail(t, step.cookie)).toBeNull();
    expect((await t.request("/api/account", { cookie: step.cookie })).status).toBe(401);

    const wrong = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: step.cookie,
      json: { code: "000000" === totp(user.secret) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(401);
    const ok = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: step.cookie,
      json: { code: totp(user.secret, Date.now(), 1) },
    });
    expect(ok.status).toBe(200);
    expect((await sessionEmail(t, cookieFrom(ok)))?.email).toBe("dana@example.com");
  });

  it("a password reset signs no one in: the next sign-in still asks for the code", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t, { email: "erin@example.com" }));
    await t.ctx.db.execute(sql`delete from rate_limits`);
    const asked = await t.request("/api/auth/request-password-reset", { json: { email: user.email, redirectTo: "/reset-password" } });
    expect(asked.status).toBe(200);
    const [row] = await queryRows<{ identifier: string }>(
      t.ctx.db,
      sql`select identifier from verifications where identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const token = row!.identifier.slice("reset-password:".length);
    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword: "a-brand-new-passphrase-9" } });
    expect(reset.status).toBe(200);
    expect(cookieFrom(reset)).not.toMatch(/ll\.session_token=[^;]+/);

    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: "a-brand-new-passphrase-9" } });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    expect(cookieFrom(signIn)).not.toMatch(/ll\.session_token=[^;]+/);
    expect(await sessionEmail(t, cookieFrom(signIn))).toBeNull();
  });
});
