import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { enrolTwoFactor, totp, type EnrolledUser } from "../support/two-factor.ts";
import { mailsTo } from "../support/outbox.ts";

/** A wrong code: the current window's three valid codes are avoided. */
function wrongCode(secret: Buffer): string {
  const valid = new Set([-1, 0, 1].map((o) => totp(secret, Date.now(), o)));
  let code = "000000";
  for (let i = 0; valid.has(code); i++) code = String(i).padStart(6, "0");
  return code;
}

describe("the server decides which sessions end and which browsers stay trusted", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
  });

  const signIn = async (email: string, password: string, cookie?: string) => {
    const res = await t.request("/api/auth/sign-in/email", { json: { email, password }, cookie });
    const body = (await res.json()) as { twoFactorRedirect?: boolean; token?: string };
    return { status: res.status, body, cookie: cookieFrom(res), headers: res.headers };
  };
  const signedInAs = async (cookie: string) => {
    const res = await t.request("/api/auth/get-session", { cookie });
    return ((await res.json()) as { user: { id: string } } | null)?.user.id ?? null;
  };

  const trustCookie = (from: Response | Headers) =>
    ("headers" in from ? from.headers : from)
      .getSetCookie()
      .find((c) => c.startsWith("ll.trust_device="))!
      .split(";")[0]!;

  /** Signs in on another browser with the password and the code, asking to trust it; its trust cookie. */
  async function trustedBrowser(user: EnrolledUser, password = user.password): Promise<string> {
    const step = await signIn(user.email, password);
    expect(step.body.twoFactorRedirect).toBe(true);
    const ok = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: step.cookie,
      json: { code: totp(user.secret, Date.now(), 1), trustDevice: true },
    });
    expect(ok.status).toBe(200);
    // Trusted: the password alone signs in on this browser (and the library hands it a new trust cookie).
    const trusted = await signIn(user.email, password, trustCookie(ok));
    expect(trusted.body.token).toBeTruthy();
    return trustCookie(trusted.headers);
  }

  it("a password change ends every other session of the user, even when the request asks to keep them", async () => {
    const user = await createSignedInUser(t);
    const other = (await signIn(user.email, user.password)).cookie;
    expect(await signedInAs(other)).toBe(user.id);

    const res = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "Quiet-meadow-compass-41", revokeOtherSessions: false },
    });
    expect(res.status).toBe(200);
    expect(await signedInAs(other)).toBeNull();
    // The browser that made the change stays signed in (on a new session).
    expect(await signedInAs(cookieFrom(res))).toBe(user.id);
  });

  it("turning two-factor sign-in on ends the other sessions, signed in with the password alone", async () => {
    const user = await createSignedInUser(t);
    const other = (await signIn(user.email, user.password)).cookie;
    const enrolled = await enrolTwoFactor(t, user);
    expect(await signedInAs(other)).toBeNull();
    expect(await signedInAs(enrolled.cookie)).toBe(user.id);
  });

  it("a password change voids trusted browsers: the code is asked again", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t));
    const trust = await trustedBrowser(user);
    const newPassword = "Amber-valley-lantern-63";
    const res = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword },
    });
    expect(res.status).toBe(200);
    const step = await signIn(user.email, newPassword, trust);
    expect(step.body.twoFactorRedirect).toBe(true);
    expect(step.body.token).toBeUndefined();
  });

  it("a password reset voids trusted browsers too", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t));
    const trust = await trustedBrowser(user);
    await t.request("/api/auth/request-password-reset", { json: { email: user.email, redirectTo: "/reset-password" } });
    const [mail] = await mailsTo(t.ctx.db, user.email.toLowerCase());
    const token = new URL(mail!.text_body.match(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]+/)![0]).searchParams.get(
      "token",
    );
    const newPassword = "Copper-harbor-signal-29";
    expect((await t.request("/api/auth/reset-password", { json: { token, newPassword } })).status).toBe(200);
    expect((await signIn(user.email, newPassword, trust)).body.twoFactorRedirect).toBe(true);
  });

  it("turning two-factor off voids every trusted browser, not only this one", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t));
    const trust = await trustedBrowser(user);
    const off = await t.request("/api/auth/two-factor/disable", { cookie: user.cookie, json: { password: user.password } });
    expect(off.status).toBe(200);
    // On again: the browser trusted before it was off is asked for the new code.
    const again = await enrolTwoFactor(t, { ...user, cookie: cookieFrom(off) });
    expect((await signIn(user.email, user.password, trust)).body.twoFactorRedirect).toBe(true);
    expect(await signedInAs(again.cookie)).toBe(user.id);
  });

  it("limits wrong codes per account, whatever the address: the 6th in 15 minutes is 429 with Retry-After", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t));
    const attempt = (ip: string, code: string) =>
      t.request("/api/auth/two-factor/verify-totp", { cookie: user.cookie, headers: { "x-forwarded-for": ip }, json: { code } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? "203.0.113.10" : "198.51.100.20", wrongCode(user.secret))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const sixth = await attempt("203.0.113.10", wrongCode(user.secret));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({ code: "RATE_LIMITED" });
    // The account's other code checks wait too, from any address (here the app's own re-authentication).
    const reauth = await t.request("/api/account/reauthenticate", {
      cookie: user.cookie,
      headers: { "x-forwarded-for": "192.0.2.30" },
      json: { password: user.password, code: totp(user.secret, Date.now(), 1) },
    });
    expect(reauth.status).toBe(429);
    expect(Number(reauth.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
