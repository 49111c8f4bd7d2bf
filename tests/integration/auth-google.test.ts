import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, users } from "~/features/auth/auth.tables.ts";
import { startOidcProvider, type OidcProvider } from "../support/oidc-provider.ts";
import { TEST_ORIGIN, cookieFrom, createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";

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
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, "casey@example.com"));
    expect(user).toMatchObject({ emailVerified: true, firstName: "Casey", lastName: "Morgan", role: "client" });
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account).toMatchObject({ providerId: "google", accountId: "google-casey@example.com" });
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
    const linked = await t.ctx.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(linked.map((a) => a.providerId)).toEqual(["credential"]);
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
