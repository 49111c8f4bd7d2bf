import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { COMMON_PASSWORD_MESSAGE } from "~/features/auth/password-policy.ts";
import { createOrUpdateUser } from "~/features/auth/user-admin.server.ts";
import { TEST_ORIGIN, cookieFrom, createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { mailsTo as outboxTo } from "../support/outbox.ts";

const PASSWORD = "Quiet-harbor-lantern-42";
let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}@example.com`;

async function signUp(t: TestApp, email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  return t.request("/api/auth/sign-up/email", {
    json: { email, password, name: "Dana Whitfield", firstName: "Dana", lastName: "Whitfield", companyName: "Whitfield Studio", ...extra },
  });
}

async function signIn(t: TestApp, email: string, password = PASSWORD, rememberMe?: boolean) {
  return t.request("/api/auth/sign-in/email", { json: { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) } });
}

async function mailsTo(t: TestApp, to: string) {
  return outboxTo(t.ctx.db, to.toLowerCase());
}

function linkIn(text: string): string {
  const m = text.match(new RegExp(`${TEST_ORIGIN.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s)>\\]]+`));
  if (!m) throw new Error(`no site link in: ${text}`);
  return m[0];
}

async function sessionOf(t: TestApp, cookie: string) {
  const res = await t.request("/api/auth/get-session", { cookie });
  return (await res.json()) as { user: { id: string; email: string; role: string } } | null;
}

/** Signs up, follows the verification link from the mail, returns nothing (the user can sign in). */
async function verifiedUser(t: TestApp, email: string, password = PASSWORD) {
  expect((await signUp(t, email, password)).status).toBe(200);
  const [mail] = await mailsTo(t, email);
  const res = await t.request(linkIn(mail!.text_body).replace(TEST_ORIGIN, ""), { redirect: "manual" });
  expect(res.status).toBe(302);
}

describe("accounts through /api/auth", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("requires a verified email before sign-in; the mailed link is built from PUBLIC_URL", async () => {
    const email = uniqueEmail("verify");
    const res = await t.request("/api/auth/sign-up/email", {
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      json: { email, password: PASSWORD, name: "Dana Whitfield", firstName: "Dana", lastName: "Whitfield", companyName: "" },
    });
    expect(res.status).toBe(200);
    expect(cookieFrom(res)).toBe("");

    const early = await signIn(t, email);
    expect(early.status).toBe(403);
    expect(((await early.json()) as { message: string }).message).toMatch(/not verified/i);

    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toMatch(/verify/i);
    const link = linkIn(mail!.text_body);
    expect(link.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);
    const verify = await t.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(verify.status).toBe(302);
    // The link signs the new client in and carries them on to their books (no `from` at sign-up).
    expect(verify.headers.get("location")).toBe("/login?verified=1&from=%2Faccounting");
    expect(cookieFrom(verify)).toMatch(/ll\.session_token=/);

    const ok = await signIn(t, email);
    expect(ok.status).toBe(200);
    const [row] = await queryRows(t.ctx.db, sql`select * from users where email = ${email}`);
    expect(row).toMatchObject({ first_name: "Dana", last_name: "Whitfield", role: "client", email_verified: true });
  });

  it("offers to resend the verification mail", async () => {
    const email = uniqueEmail("resend");
    await signUp(t, email);
    const res = await t.request("/api/auth/send-verification-email", { json: { email, callbackURL: "/login?verified=1" } });
    expect(res.status).toBe(200);
    expect((await mailsTo(t, email)).filter((m) => m.kind === "verification")).toHaveLength(2);
  });

  it("sets HttpOnly, SameSite=Lax cookies; Remember me unchecked gives a browser-session cookie", async () => {
    const email = uniqueEmail("cookie");
    await verifiedUser(t, email);
    const remembered = (await signIn(t, email, PASSWORD, true)).headers.getSetCookie().find((c) => c.startsWith("ll.session_token="))!;
    expect(remembered).toMatch(/HttpOnly/i);
    expect(remembered).toMatch(/SameSite=Lax/i);
    expect(remembered).toMatch(/Max-Age=\d+/i);
    expect(remembered).not.toMatch(/Secure/i);

    const forgotten = (await signIn(t, email, PASSWORD, false)).headers.getSetCookie().find((c) => c.startsWith("ll.session_token="))!;
    expect(forgotten).toMatch(/HttpOnly/i);
    expect(forgotten).not.toMatch(/Max-Age|Expires/i);
  });

  it("never takes a role from sign-up or from a profile update", async () => {
    const email = uniqueEmail("role");
    await signUp(t, email, PASSWORD, { role: "admin" });
    const [row] = await queryRows<{ role: string }>(t.ctx.db, sql`select role from users where email = ${email}`);
    expect(row?.role).toBe("client");

    const user = await createSignedInUser(t);
    await t.request("/api/auth/update-user", { cookie: user.cookie, json: { role: "admin" } });
    const [after] = await queryRows<{ role: string }>(t.ctx.db, sql`select role from users where id = ${user.id}`);
    expect(after?.role).toBe("client");
  });

  it("refuses a password from the common-password list, on sign-up and on reset", async () => {
    const email = uniqueEmail("common");
    const res = await signUp(t, email, "password1");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await queryRows(t.ctx.db, sql`select id from users where email = ${email}`)).toHaveLength(0);

    const short = await signUp(t, email, "Ab1!xyz");
    expect(short.status).toBe(400);
    const missingName = await t.request("/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: "x", lastName: "Y" } });
    expect(missingName.status).toBe(400);
    expect(((await missingName.json()) as { message: string }).message).toMatch(/First name/);

    await verifiedUser(t, email);
    await t.request("/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
    const token = new URL(linkIn((await mailsTo(t, email))[0]!.text_body)).searchParams.get("token")!;
    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword: "Qwertyuiop" } });
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("answers sign-up and reset requests the same whether or not the email exists", async () => {
    const taken = uniqueEmail("taken");
    await verifiedUser(t, taken);
    const fresh = uniqueEmail("fresh");

    const a = await signUp(t, taken);
    const b = await signUp(t, fresh);
    expect(a.status).toBe(b.status);
    const bodyA = (await a.json()) as { user: Record<string, unknown> };
    const bodyB = (await b.json()) as { user: Record<string, unknown> };
    expect(Object.keys(bodyA).sort()).toEqual(Object.keys(bodyB).sort());
    expect(Object.keys(bodyA.user).sort()).toEqual(Object.keys(bodyB.user).sort());
    expect((await mailsTo(t, taken))[0]!.kind).toBe("existing-account");

    const r1 = await t.request("/api/auth/request-password-reset", { json: { email: taken, redirectTo: "/reset-password" } });
    const r2 = await t.request("/api/auth/request-password-reset", {
      json: { email: uniqueEmail("nobody"), redirectTo: "/reset-password" },
    });
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(await r1.text()).toBe(await r2.text());
  });

  it("resets a password through a one-time link from PUBLIC_URL, ends other sessions and sends a notice", async () => {
    const email = uniqueEmail("reset");
    await verifiedUser(t, email);
    const other = cookieFrom(await signIn(t, email));
    expect(await sessionOf(t, other)).not.toBeNull();

    const req = await t.request("/api/auth/request-password-reset", {
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      json: { email, redirectTo: "/reset-password" },
    });
    expect(req.status).toBe(200);
    const [mail] = await mailsTo(t, email);
    expect(mail!.kind).toBe("password-reset");
    const link = linkIn(mail!.text_body);
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]+$`));
    expect(mail!.text_body).not.toContain("evil.example");
    const token = new URL(link).searchParams.get("token")!;

    const newPassword = "Brighter-harbor-lantern-43";
    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword } });
    expect(reset.status).toBe(200);

    expect(await sessionOf(t, other)).toBeNull();
    expect((await signIn(t, email, PASSWORD)).status).toBe(401);
    expect((await signIn(t, email, newPassword)).status).toBe(200);
    expect((await mailsTo(t, email))[0]!.kind).toBe("password-changed");

    const again = await t.request("/api/auth/reset-password", { json: { token, newPassword: "Another-harbor-lantern-44" } });
    expect(again.status).toBe(400);
    expect((await signIn(t, email, newPassword)).status).toBe(200);
  });

  it("refuses a reset token older than one hour", async () => {
    const email = uniqueEmail("expired");
    await verifiedUser(t, email);
    await t.request("/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
    const token = new URL(linkIn((await mailsTo(t, email))[0]!.text_body)).searchParams.get("token")!;
    const [row] = await queryRows<{ expires_at: string }>(
      t.ctx.db,
      sql`select expires_at from verifications where identifier = ${`reset-password:${token}`}`,
    );
    expect(new Date(row!.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(new Date(row!.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await t.ctx.db.execute(
      sql`update verifications set expires_at = ${new Date(Date.now() - 1000).toISOString()}::timestamptz
           where identifier = ${`reset-password:${token}`}`,
    );
    const res = await t.request("/api/auth/reset-password", { json: { token, newPassword: "Brighter-harbor-lantern-43" } });
    expect(res.status).toBe(400);
    expect((await signIn(t, email)).status).toBe(200);
  });

  it("ends the session on the server at sign-out", async () => {
    const user = await createSignedInUser(t);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);
    const out = await t.request("/api/auth/sign-out", { cookie: user.cookie, json: {} });
    expect(out.status).toBe(200);
    expect(await sessionOf(t, user.cookie)).toBeNull();
    const [left] = await queryRows<{ n: number | string }>(t.ctx.db, sql`select count(*) as n from sessions where user_id = ${user.id}`);
    expect(Number(left!.n)).toBe(0);
  });

  it("caps every session at 30 days from sign-in, however it slides", async () => {
    const user = await createSignedInUser(t);
    await t.ctx.db.execute(
      sql`update sessions set expires_at = ${new Date(Date.now() + 90 * 86400_000).toISOString()}::timestamptz where user_id = ${user.id}`,
    );
    const [row] = await queryRows<{ expires_at: string; created_at: string }>(
      t.ctx.db,
      sql`select expires_at, created_at from sessions where user_id = ${user.id}`,
    );
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBeLessThanOrEqual(30 * 86400_000);

    await t.ctx.db.execute(
      sql`update sessions set created_at = ${new Date(Date.now() - 31 * 86400_000).toISOString()}::timestamptz,
                 expires_at = ${new Date(Date.now() + 5 * 86400_000).toISOString()}::timestamptz
           where user_id = ${user.id}`,
    );
    expect(await sessionOf(t, user.cookie)).toBeNull();
  });

  it("refuses /api/auth writes from another origin", async () => {
    const email = uniqueEmail("csrf");
    await verifiedUser(t, email);
    const res = await t.request("/api/auth/sign-in/email", {
      headers: { origin: "https://evil.example" },
      json: { email, password: PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(cookieFrom(res)).toBe("");
    const user = await createSignedInUser(t);
    const out = await t.request("/api/auth/sign-out", { cookie: user.cookie, headers: { origin: "https://evil.example" }, json: {} });
    expect(out.status).toBe(403);
    expect(await sessionOf(t, user.cookie)).not.toBeNull();
  });

  it("sends Referrer-Policy: no-referrer for the reset page and the usual headers on /api/auth", async () => {
    const page = await t.request("/reset-password?token=abc");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const api = await t.request("/api/auth/get-session");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(api.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("exposes the role set by an operator in the session, for server-side checks", async () => {
    const admin = await createSignedInUser(t, { role: "admin" });
    expect((await sessionOf(t, admin.cookie))?.user.role).toBe("admin");
    const client = await createSignedInUser(t);
    expect((await sessionOf(t, client.cookie))?.user.role).toBe("client");
  });

  it("makes an admin from the command line (npm run user:create), or promotes an existing account", async () => {
    const email = uniqueEmail("Ops");
    await expect(createOrUpdateUser(t.ctx, { email, role: "admin", password: "password1" })).rejects.toThrow(/common/);
    const made = await createOrUpdateUser(t.ctx, { email, role: "admin", password: PASSWORD, firstName: "Ola" });
    expect(made.outcome).toBe("created");
    const signedIn = await signIn(t, email.toLowerCase());
    expect(signedIn.status).toBe(200);
    expect((await sessionOf(t, cookieFrom(signedIn)))?.user.role).toBe("admin");

    const other = uniqueEmail("staffer");
    await verifiedUser(t, other);
    expect((await createOrUpdateUser(t.ctx, { email: other, role: "staff" })).outcome).toBe("updated");
    const [row] = await queryRows<{ role: string }>(t.ctx.db, sql`select role from users where email = ${other}`);
    expect(row?.role).toBe("staff");
  });
});

describe("cookies in production", () => {
  it("are Secure (and __Secure- prefixed), HttpOnly and SameSite=Lax; HSTS is sent", async () => {
    const t = await createTestApp({ NODE_ENV: "production" });
    try {
      const user = await createSignedInUser(t);
      const res = await signIn(t, user.email, user.password);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-ll.session_token="));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      // The app reads the prefixed cookie on its own routes.
      expect((await t.request("/api/accounting/orgs", { cookie: cookieFrom(res) })).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe("throttling of /api/auth", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  });
  afterAll(() => t.close());

  it("answers wrong passwords for one account with 429 within 25 tries, stored in the database", async () => {
    const email = uniqueEmail("throttle");
    await verifiedUser(t, email);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      // A new address each try: the per-account limit holds whatever the IP.
      const res = await t.request("/api/auth/sign-in/email", {
        headers: { "x-forwarded-for": `10.1.0.${i}` },
        json: { email, password: "Wrong-password-123" },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        const body = (await res.json()) as { error: string; code: string };
        expect(body.code).toBe("RATE_LIMITED");
        expect(body.error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const rows = await queryRows<{ key: string }>(
      t.ctx.db,
      sql`select key from rate_limits where key like ${"auth:/sign-in/email:email:%"}`,
    );
    expect(rows.map((r) => r.key)).toContain(`auth:/sign-in/email:email:${email}`);
    // Even the right password waits now.
    expect((await signIn(t, email)).status).toBe(429);
  });

  it("limits one client IP trying many accounts, and takes the IP only from the trusted header", async () => {
    let status = 0;
    let tries = 0;
    for (; tries < 40 && status !== 429; tries++) {
      const res = await t.request("/api/auth/sign-in/email", {
        headers: { "x-forwarded-for": "203.0.113.7", "x-real-ip": `198.51.100.${tries}` },
        json: { email: uniqueEmail("spray"), password: "Wrong-password-123" },
      });
      status = res.status;
    }
    expect(status).toBe(429);
    expect(tries).toBeLessThanOrEqual(31);
    const other = await t.request("/api/auth/sign-in/email", {
      headers: { "x-forwarded-for": "203.0.113.8" },
      json: { email: uniqueEmail("spray"), password: "x" },
    });
    expect(other.status).toBe(401);
  });

  it("throttles reset requests per email without telling whether the account exists", async () => {
    const email = uniqueEmail("nobody");
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request("/api/auth/request-password-reset", {
        headers: { "x-forwarded-for": `10.2.0.${i}` },
        json: { email, redirectTo: "/reset-password" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const sent = await outboxTo(t.ctx.db, email);
    expect(sent).toHaveLength(0);
  });
});
