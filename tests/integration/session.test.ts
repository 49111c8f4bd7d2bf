import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** What the app's session reader answers for a cookie, next to what the auth library itself answers. */
describe("session reader", () => {
  let t: TestApp;
  let user: TestUser;
  const probe = new Hono();

  const read = async (cookie: string) => {
    const res = await probe.request("/", { headers: { cookie } });
    return (await res.json()) as { user: Record<string, unknown> | null; sessionId: string | null; setCookies: string[] };
  };
  const library = (cookie: string) => t.ctx.auth.api.getSession({ headers: new Headers({ cookie }) });
  const accountingMe = (cookie: string) => t.request("/api/accounting/orgs", { cookie });

  beforeAll(async () => {
    t = await createTestApp();
    probe.get("/", async (c) => c.json(await t.ctx.readSession(c)));
    user = await createSignedInUser(t, { companyName: "Reader Books" });
  });
  afterAll(() => t.close());

  it("answers a valid session with the same user and session as the auth library", async () => {
    const mine = await read(user.cookie);
    const theirs = await library(user.cookie);
    expect(theirs).not.toBeNull();
    expect(mine.user).toEqual(JSON.parse(JSON.stringify(theirs!.user)));
    expect(mine.sessionId).toBe(theirs!.session.id);
    expect(mine.setCookies).toEqual([]);
  });

  it("carries no organization: the accounting API reads the membership of the organization in its URL", async () => {
    expect(await read(user.cookie)).not.toHaveProperty("organization");
    const orgs = await accountingMe(user.cookie);
    expect(orgs.status).toBe(200);
    const { organizations } = (await orgs.json()) as { organizations: { id: number; name: string; role: string }[] };
    expect(organizations).toEqual([{ id: expect.any(Number) as number, name: "Reader Books", role: "owner" }]);
    const me = await t.request(`/api/accounting/orgs/${organizations[0]!.id}/me`, { cookie: user.cookie });
    expect(await me.json()).toEqual({ organization: { id: organizations[0]!.id, name: "Reader Books", currency: "USD" }, role: "owner" });
    expect(await read(user.cookie)).not.toHaveProperty("organization");
  });

  it("is anonymous for a missing, forged or unknown session cookie", async () => {
    const name = user.cookie.split("=")[0]!;
    const value = decodeURIComponent(user.cookie.slice(name.length + 1).split(";")[0]!);
    const token = value.slice(0, value.lastIndexOf("."));
    expect((await read("")).user).toBeNull();
    expect((await read(`${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`)).user).toBeNull();
    expect((await read(`${name}=${encodeURIComponent(`${token}x.${value.slice(value.lastIndexOf(".") + 1)}`)}`)).user).toBeNull();
    expect((await accountingMe(`${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`)).status).toBe(401);
  });

  it("leaves a session due for its sliding refresh to the library, which extends it and sets the cookie", async () => {
    const other = await createSignedInUser(t);
    // Last refreshed two days ago: due (the refresh age is one day).
    await t.ctx.db.execute(
      sql`update sessions set expires_at = ${new Date(Date.now() + 5 * 86400_000).toISOString()}::timestamptz where user_id = ${other.id}`,
    );
    const res = await accountingMe(other.cookie);
    expect(res.status).toBe(200);
    expect(cookieFrom(res)).toContain("session_token=");
    const [row] = await queryRows<{ expires_at: string }>(t.ctx.db, sql`select expires_at from sessions where user_id = ${other.id}`);
    expect(new Date(row!.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86400_000);
    // Refreshed: the next request is answered without a new cookie.
    expect((await read(other.cookie)).setCookies).toEqual([]);
    expect((await read(other.cookie)).user?.email).toBe(other.email);
  });

  it("treats an expired session as signed out and lets the library clear the cookie", async () => {
    const other = await createSignedInUser(t);
    await t.ctx.db.execute(
      sql`update sessions set expires_at = ${new Date(Date.now() - 1000).toISOString()}::timestamptz where user_id = ${other.id}`,
    );
    const res = await accountingMe(other.cookie);
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(true);
  });

  it("ends at sign-out: the same cookie is anonymous at once", async () => {
    const other = await createSignedInUser(t);
    expect((await accountingMe(other.cookie)).status).toBe(200);
    expect((await t.request("/api/auth/sign-out", { cookie: other.cookie, json: {} })).status).toBe(200);
    expect((await read(other.cookie)).user).toBeNull();
    expect((await accountingMe(other.cookie)).status).toBe(401);
  });
});
