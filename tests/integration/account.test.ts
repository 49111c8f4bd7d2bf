import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { TEST_ORIGIN, cookieFrom, createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { base32Decode, totp } from "../support/two-factor.ts";
import { mailsTo } from "../support/outbox.ts";

/** A wrong code: the current window's three valid codes are avoided. */
function wrongCode(secret: Buffer): string {
  const valid = new Set([-1, 0, 1].map((o) => totp(secret, Date.now(), o)));
  let code = "000000";
  for (let i = 0; valid.has(code); i++) code = String(i).padStart(6, "0");
  return code;
}

async function clearThrottle(t: TestApp) {
  await t.ctx.db.execute(sql`delete from rate_limits`);
}

interface Enrolled extends TestUser {
  secret: Buffer;
  backupCodes: string[];
  /** The code that confirmed the enrolment (used once). */
  confirmCode: string;
}

/** Enrols the user's authenticator: password, then the first code confirms it. */
async function enrol(t: TestApp, user: TestUser): Promise<Enrolled> {
  const res = await t.request("/api/auth/two-factor/enable", { cookie: user.cookie, json: { password: user.password } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const uri = new URL(body.totpURI);
  expect(uri.protocol).toBe("otpauth:");
  expect(decodeURIComponent(uri.pathname)).toContain(user.email);
  expect(uri.searchParams.get("issuer")).toBe("Ledgerline Advisors");
  const secret = base32Decode(uri.searchParams.get("secret")!);
  expect(body.backupCodes).toHaveLength(10);
  expect(new Set(body.backupCodes).size).toBe(10);

  // Not on yet: a sign-in elsewhere still needs no code.
  const [before] = await queryRows<{ on: boolean }>(t.ctx.db, sql`select two_factor_enabled as "on" from users where id = ${user.id}`);
  expect(before?.on).toBe(false);

  const confirmCode = totp(secret);
  const confirm = await t.request("/api/auth/two-factor/verify-totp", { cookie: user.cookie, json: { code: confirmCode } });
  expect(confirm.status).toBe(200);
  const [after] = await queryRows<{ on: boolean }>(t.ctx.db, sql`select two_factor_enabled as "on" from users where id = ${user.id}`);
  expect(after?.on).toBe(true);
  // The library replaces the session when the second factor is turned on.
  const cookie = cookieFrom(confirm) || user.cookie;
  return { ...user, cookie, secret, backupCodes: body.backupCodes, confirmCode };
}

/** Signs in with the password; with two-factor on, answers the code step's cookie. */
async function passwordStep(t: TestApp, email: string, password: string, cookie?: string) {
  const res = await t.request("/api/auth/sign-in/email", { json: { email, password }, cookie });
  const body = (await res.json()) as { twoFactorRedirect?: boolean; token?: string };
  return { res, body, cookie: cookieFrom(res) };
}

async function sessionOf(t: TestApp, cookie: string) {
  const res = await t.request("/api/auth/get-session", { cookie });
  return (await res.json()) as { user: { id: string } } | null;
}

describe("account: two-factor sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => clearThrottle(t));

  it("asks for a code after the password; a code is accepted once and refused the second time", async () => {
    const user = await enrol(t, await createSignedInUser(t));

    const step = await passwordStep(t, user.email, user.password);
    expect(step.res.status).toBe(200);
    expect(step.body.twoFactorRedirect).toBe(true);
    // No session yet: only the code step's cookie.
    expect(step.cookie).not.toMatch(/ll\.session_token=[^;]+/);
    expect(await sessionOf(t, step.cookie)).toBeNull();

    // The confirming code itself was used at enrolment: refused now (the very code, whatever step the clock is on).
    const code = user.confirmCode;
    const replay = await t.request("/api/auth/two-factor/verify-totp", { cookie: step.cookie, json: { code } });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { code: string }).code).toBe("CODE_ALREADY_USED");

    // The next step's code (accepted one step ahead) signs in once.
    const next = totp(user.secret, Date.now(), 1);
    const ok = await t.request("/api/auth/two-factor/verify-totp", { cookie: step.cookie, json: { code: next } });
    expect(ok.status).toBe(200);
    const signedIn = cookieFrom(ok);
    expect((await sessionOf(t, signedIn))?.user.id).toBe(user.id);

    // The same code on a new sign-in is refused.
    const again = await passwordStep(t, user.email, user.password);
    const second = await t.request("/api/auth/two-factor/verify-totp", { cookie: again.cookie, json: { code: next } });
    expect(second.status).toBe(401);
    expect(cookieFrom(second)).not.toMatch(/ll\.session_token=[^;]+/);
  });

  it("accepts each backup code once", async () => {
    const user = await enrol(t, await createSignedInUser(t));
    const [first] = user.backupCodes;

    const step = await passwordStep(t, user.email, user.password);
    const ok = await t.request("/api/auth/two-factor/verify-backup-code", { cookie: step.cookie, json: { code: first } });
    expect(ok.status).toBe(200);
    expect((await sessionOf(t, cookieFrom(ok)))?.user.id).toBe(user.id);

    const step2 = await passwordStep(t, user.email, user.password);
    const reused = await t.request("/api/auth/two-factor/verify-backup-code", { cookie: step2.cookie, json: { code: first } });
    expect(reused.status).toBe(401);
    const other = await t.request("/api/auth/two-factor/verify-backup-code", { cookie: step2.cookie, json: { code: user.backupCodes[1] } });
    expect(other.status).toBe(200);
  });

  it("throttles wrong codes: the code step ends after 5, the client gets 429 after 10", async () => {
    const user = await enrol(t, await createSignedInUser(t));
    await clearThrottle(t);
    const bad = wrongCode(user.secret);
    const step = await passwordStep(t, user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request("/api/auth/two-factor/verify-totp", { cookie: step.cookie, json: { code: bad } })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(400); // this sign-in's code step is over: the password is needed again

    const step2 = await passwordStep(t, user.email, user.password);
    for (let i = 0; i < 4; i++) {
      expect((await t.request("/api/auth/two-factor/verify-totp", { cookie: step2.cookie, json: { code: bad } })).status).toBe(401);
    }
    const throttled = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: step2.cookie,
      json: { code: totp(user.secret, Date.now(), 1) },
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a password reset does not bypass the second factor", async () => {
    const user = await enrol(t, await createSignedInUser(t));
    await t.request("/api/auth/request-password-reset", { json: { email: user.email, redirectTo: "/reset-password" } });
    const [mail] = await mailsTo(t.ctx.db, user.email.toLowerCase());
    const token = new URL(mail!.text_body.match(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]+/)![0]).searchParams.get(
      "token",
    )!;
    const newPassword = "Brighter-harbor-lantern-77";
    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword } });
    expect(reset.status).toBe(200);
    expect(cookieFrom(reset)).not.toMatch(/ll\.session_token=[^;]+/);

    const step = await passwordStep(t, user.email, newPassword);
    expect(step.body.twoFactorRedirect).toBe(true);
    expect(await sessionOf(t, step.cookie)).toBeNull();
  });

  it("trusts this browser for 30 days when asked, and only this browser", async () => {
    const user = await enrol(t, await createSignedInUser(t));
    const step = await passwordStep(t, user.email, user.password);
    const ok = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: step.cookie,
      json: { code: totp(user.secret, Date.now(), 1), trustDevice: true },
    });
    expect(ok.status).toBe(200);
    const trust = ok.headers.getSetCookie().find((c) => c.startsWith("ll.trust_device="))!;
    expect(trust).toMatch(/Max-Age=2592000/);
    expect(trust).toMatch(/HttpOnly/i);

    const trusted = await passwordStep(t, user.email, user.password, trust.split(";")[0]);
    expect(trusted.body.twoFactorRedirect).toBeUndefined();
    expect(trusted.body.token).toBeTruthy();

    const elsewhere = await passwordStep(t, user.email, user.password);
    expect(elsewhere.body.twoFactorRedirect).toBe(true);
  });

  it("turns off only with the password, and tells the owner by mail", async () => {
    const user = await enrol(t, await createSignedInUser(t));
    const wrong = await t.request("/api/auth/two-factor/disable", { cookie: user.cookie, json: { password: "not-the-password-1" } });
    expect(wrong.status).toBe(400);
    const ok = await t.request("/api/auth/two-factor/disable", { cookie: user.cookie, json: { password: user.password } });
    expect(ok.status).toBe(200);
    const step = await passwordStep(t, user.email, user.password);
    expect(step.body.twoFactorRedirect).toBeUndefined();
    const kinds = (await mailsTo(t.ctx.db, user.email.toLowerCase())).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(["two-factor-enabled", "two-factor-disabled"]));
  });
});

describe("account: profile, password and sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => clearThrottle(t));

  it("needs a session", async () => {
    expect((await t.request("/api/account")).status).toBe(401);
    expect((await t.request("/api/account/profile", { json: { firstName: "A", lastName: "B", companyName: "" } })).status).toBe(401);
  });

  it("updates the profile; bad input is a 400 naming the field", async () => {
    const user = await createSignedInUser(t);
    const bad = await t.request("/api/account/profile", {
      cookie: user.cookie,
      json: { firstName: " ", lastName: "Okafor", companyName: "" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { firstName: "First name is required" } });
    // The same field rules as sign-up: text the database could not store is refused, naming the field.
    const control = await t.request("/api/account/profile", {
      cookie: user.cookie,
      json: { firstName: "Am\u0000ara", lastName: "Oka\nfor", companyName: "Okafor\ud800 Design" },
    });
    expect(control.status).toBe(400);
    expect(await control.json()).toMatchObject({
      fields: {
        firstName: "First name must be a single line without control characters",
        lastName: "Last name must be a single line without control characters",
        companyName: "Company name contains characters that are not valid Unicode",
      },
    });

    const res = await t.request("/api/account/profile", {
      cookie: user.cookie,
      json: { firstName: "Amara", lastName: "Okafor", companyName: "Okafor Design", role: "admin" },
    });
    expect(res.status).toBe(200);
    const [row] = await queryRows(t.ctx.db, sql`select * from users where id = ${user.id}`);
    expect(row).toMatchObject({
      first_name: "Amara",
      last_name: "Okafor",
      company_name: "Okafor Design",
      name: "Amara Okafor",
      role: "client",
    });
  });

  it("changes the password with the current one, ends the other sessions and mails a notice", async () => {
    const user = await createSignedInUser(t);
    const other = cookieFrom(await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: user.password } }));
    const newPassword = "Silver-harbor-lantern-58";

    const wrong = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: "wrong-password-123", newPassword, revokeOtherSessions: true },
    });
    expect(wrong.status).toBe(400);

    const res = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword, revokeOtherSessions: true },
    });
    expect(res.status).toBe(200);
    expect(await sessionOf(t, other)).toBeNull();
    expect((await sessionOf(t, cookieFrom(res)))?.user.id).toBe(user.id);
    const [mail] = await mailsTo(t.ctx.db, user.email.toLowerCase());
    expect(mail).toMatchObject({ kind: "password-changed", subject: "Your password was changed" });
    expect(mail!.text_body).toContain(`${TEST_ORIGIN}/account`);
    expect((await passwordStep(t, user.email, newPassword)).res.status).toBe(200);
  });

  it("lists sessions with browser, system and address; ends one, then all others", async () => {
    const user = await createSignedInUser(t);
    const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const safari =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const signInWith = async (ua: string) =>
      cookieFrom(
        await t.request("/api/auth/sign-in/email", { headers: { "user-agent": ua }, json: { email: user.email, password: user.password } }),
      );
    const ffCookie = await signInWith(firefox);
    const iphoneCookie = await signInWith(safari);

    const res = await t.request("/api/account/sessions", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const { sessions: list } = (await res.json()) as {
      sessions: { id: string; current: boolean; browser: string; os: string; createdAt: string; lastActiveAt: string; token?: string }[];
    };
    expect(list).toHaveLength(3);
    expect(list[0]!.current).toBe(true);
    expect(list.map((s) => `${s.browser} on ${s.os}`)).toEqual(
      expect.arrayContaining(["Firefox 128 on Windows 10", "Safari 17 on iOS 17.5"]),
    );
    for (const s of list) {
      expect(s).not.toHaveProperty("token");
      expect(Number.isNaN(Date.parse(s.lastActiveAt))).toBe(false);
    }

    const ff = list.find((s) => s.browser.startsWith("Firefox"))!;
    const bad = await t.request("/api/account/sessions/revoke", { cookie: user.cookie, json: { sessionId: "" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { sessionId: "sessionId is required" } });
    expect((await t.request("/api/account/sessions/revoke", { cookie: user.cookie, json: { sessionId: ff.id } })).status).toBe(200);
    expect(await sessionOf(t, ffCookie)).toBeNull();
    expect(await sessionOf(t, iphoneCookie)).not.toBeNull();

    // Another user's session cannot be ended from here.
    const stranger = await createSignedInUser(t);
    const [strangerSession] = await queryRows<{ id: string }>(t.ctx.db, sql`select id from sessions where user_id = ${stranger.id}`);
    expect(
      (await t.request("/api/account/sessions/revoke", { cookie: user.cookie, json: { sessionId: strangerSession!.id } })).status,
    ).toBe(404);
    expect(await sessionOf(t, stranger.cookie)).not.toBeNull();

    const others = await t.request("/api/account/sessions/revoke-others", { cookie: user.cookie, json: {} });
    expect(others.status).toBe(200);
    expect(((await others.json()) as { sessions: unknown[] }).sessions).toHaveLength(1);
    expect(await sessionOf(t, iphoneCookie)).toBeNull();
    expect(await sessionOf(t, user.cookie)).not.toBeNull();
  });

  it("changes the email only when the link mailed to the new address is followed, then tells the old address", async () => {
    const user = await createSignedInUser(t);
    const newEmail = `moved-${Date.now().toString(36)}@example.com`;
    const bad = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { newEmail: "Enter a valid email address" } });

    const res = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail } });
    expect(res.status).toBe(200);
    const [row] = await queryRows<{ email: string }>(t.ctx.db, sql`select email from users where id = ${user.id}`);
    expect(row?.email).toBe(user.email.toLowerCase());
    const [mail] = await mailsTo(t.ctx.db, newEmail);
    expect(mail).toMatchObject({ kind: "email-change", subject: "Confirm your new email address" });
    const link = mail!.text_body.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s]+/)![0];

    // A taken address: the same answer, and no mail to anyone.
    const other = await createSignedInUser(t);
    const taken = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: other.email } });
    expect(taken.status).toBe(200);
    expect((await mailsTo(t.ctx.db, other.email.toLowerCase())).map((m) => m.kind)).not.toContain("email-change");

    const follow = await t.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/account?email=changed");
    const [after] = await queryRows<{ email: string }>(t.ctx.db, sql`select email from users where id = ${user.id}`);
    expect(after?.email).toBe(newEmail);
    const notices = await mailsTo(t.ctx.db, user.email.toLowerCase());
    expect(notices.filter((m) => m.kind === "email-changed")).toHaveLength(1);
    expect(notices.find((m) => m.kind === "email-changed")!.text_body).toContain(newEmail);

    // The link works once.
    const again = await t.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(again.headers.get("location")).toMatch(/error=/);
    expect((await mailsTo(t.ctx.db, user.email.toLowerCase())).filter((m) => m.kind === "email-changed")).toHaveLength(1);
    expect((await t.request("/api/auth/sign-in/email", { json: { email: newEmail, password: user.password } })).status).toBe(200);
  });
});
