import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { ACCOUNT_DISABLED } from "~/features/auth/auth-messages.ts";
import { EXISTING_ACCOUNT_MESSAGE, LAST_ADMIN_MESSAGE } from "~/features/team/team.server.ts";
import type { TeamListResponse, TeamMember } from "~/features/team/team.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { ageSessions } from "../support/two-factor.ts";

describe("firm: team", () => {
  let t: TestApp;
  let client: TestUser;
  let staff: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createSignedInUser(t, { role: "client" });
    staff = await createSignedInUser(t, { role: "staff" });
    admin = await createSignedInUser(t, { role: "admin" });
  });
  afterAll(() => t.close());

  const base = "/api/firm/team";
  const me = (cookie: string) => t.request("/api/account", { cookie });
  const audits = (action: string) =>
    queryRows<{ actor_email: string; target_id: string; before: unknown; after: unknown }>(
      t.ctx.db,
      sql`select actor_email, target_id, before, after from audit_log where action = ${action} order by id`,
    );
  const sessionCount = async (userId: string) =>
    Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from sessions where user_id = ${userId}`))[0]!.n);

  it("answers 404 to visitors, clients and staff on every route", async () => {
    for (const cookie of [undefined, client.cookie, staff.cookie]) {
      expect((await t.request(base, { cookie })).status).toBe(404);
      expect((await t.request(`${base}/${client.id}/role`, { method: "PATCH", json: { role: "admin" }, cookie })).status).toBe(404);
      expect((await t.request(`${base}/${admin.id}/disable`, { method: "POST", cookie })).status).toBe(404);
      expect((await t.request(`${base}/${admin.id}/enable`, { method: "POST", cookie })).status).toBe(404);
      expect((await t.request(`${base}/invitations`, { json: { email: "x@example.com" }, cookie })).status).toBe(404);
    }
    const [row] = await queryRows<{ role: string }>(t.ctx.db, sql`select role from users where id = ${client.id}`);
    expect(row!.role).toBe("client");
  });

  it("lists every user with role, state and last sign-in to an admin; searches and pages", async () => {
    const res = await t.request(base, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as TeamListResponse;
    expect(body.total).toBe(3);
    expect(body.members.map((m) => m.role)).toEqual(["admin", "staff", "client"]);
    expect(body.members.every((m) => m.state === "active" && m.lastSignedInAt)).toBe(true);
    const found = (await (
      await t.request(`${base}?q=${encodeURIComponent(client.email)}`, { cookie: admin.cookie })
    ).json()) as TeamListResponse;
    expect(found.members.map((m) => m.id)).toEqual([client.id]);
    expect((await t.request(`${base}?page=0`, { cookie: admin.cookie })).status).toBe(400);
    expect((await t.request(`${base}?role=owner`, { cookie: admin.cookie })).status).toBe(400);
  });

  it("changes a role (audited) and refuses a bad one with 400 naming the field", async () => {
    const bad = await t.request(`${base}/${staff.id}/role`, { method: "PATCH", json: { role: "owner" }, cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("role");
    expect((await t.request(`${base}/nosuchuser/role`, { method: "PATCH", json: { role: "staff" }, cookie: admin.cookie })).status).toBe(
      404,
    );

    const res = await t.request(`${base}/${client.id}/role`, { method: "PATCH", json: { role: "staff" }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TeamMember).role).toBe("staff");
    await t.request(`${base}/${client.id}/role`, { method: "PATCH", json: { role: "client" }, cookie: admin.cookie });
    expect((await audits("team.role_changed")).map((r) => [r.target_id, r.before, r.after])).toEqual([
      [client.id, { email: client.email.toLowerCase(), role: "client" }, { email: client.email.toLowerCase(), role: "staff" }],
      [client.id, { email: client.email.toLowerCase(), role: "staff" }, { email: client.email.toLowerCase(), role: "client" }],
    ]);
  });

  it("never leaves the firm without an active admin", async () => {
    const demote = await t.request(`${base}/${admin.id}/role`, { method: "PATCH", json: { role: "staff" }, cookie: admin.cookie });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { error: string }).error).toBe(LAST_ADMIN_MESSAGE);
    expect((await t.request(`${base}/${admin.id}/disable`, { method: "POST", cookie: admin.cookie })).status).toBe(409);

    // With a second admin, one may step down; then the remaining one cannot.
    const second = await createSignedInUser(t, { role: "admin" });
    expect((await t.request(`${base}/${second.id}/role`, { method: "PATCH", json: { role: "staff" }, cookie: second.cookie })).status).toBe(
      200,
    );
    expect((await t.request(`${base}/${admin.id}/role`, { method: "PATCH", json: { role: "client" }, cookie: admin.cookie })).status).toBe(
      409,
    );
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from users where role = 'admin' and disabled_at is null`,
    );
    expect(row!.n).toBe(1);
  });

  it("two admins demoting each other at once: exactly one succeeds", async () => {
    const a = await createSignedInUser(t, { role: "admin" });
    // `admin` and `a` are now the two active admins.
    const [one, two] = await Promise.all([
      t.request(`${base}/${admin.id}/role`, { method: "PATCH", json: { role: "staff" }, cookie: a.cookie }),
      t.request(`${base}/${a.id}/role`, { method: "PATCH", json: { role: "staff" }, cookie: admin.cookie }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from users where role = 'admin' and disabled_at is null`,
    );
    expect(row!.n).toBe(1);
    // Put `admin` back as the admin for the tests that follow.
    if (one.status === 200) {
      await t.ctx.db.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
      await t.ctx.db.execute(sql`update users set role = 'staff' where id = ${a.id}`);
    }
  });

  it("disabling ends every session at once, refuses sign-in with a clear message; enabling lets the user back", async () => {
    const victim = await createSignedInUser(t, { role: "client" });
    // A second session, signed in elsewhere.
    await t.request("/api/auth/sign-in/email", { json: { email: victim.email, password: victim.password } });
    expect(await sessionCount(victim.id)).toBe(2);
    expect((await me(victim.cookie)).status).toBe(200);

    const res = await t.request(`${base}/${victim.id}/disable`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TeamMember).state).toBe("disabled");
    expect(await sessionCount(victim.id)).toBe(0);
    expect((await me(victim.cookie)).status).toBe(401);

    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: victim.email, password: victim.password } });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { error: string }).error).toBe(ACCOUNT_DISABLED);
    expect(await sessionCount(victim.id)).toBe(0);
    // A wrong password still reads as a wrong password.
    const wrong = await t.request("/api/auth/sign-in/email", { json: { email: victim.email, password: "not-the-password-at-all" } });
    expect(wrong.status).toBe(401);

    expect((await t.request(`${base}/${victim.id}/enable`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const again = await t.request("/api/auth/sign-in/email", { json: { email: victim.email, password: victim.password } });
    expect(again.status).toBe(200);

    expect((await audits("team.user_disabled")).map((r) => [r.target_id, r.after])).toEqual([
      [victim.id, { email: victim.email.toLowerCase(), state: "disabled", sessions_ended: 2 }],
    ]);
    expect((await audits("team.user_enabled")).map((r) => r.target_id)).toEqual([victim.id]);
  });

  it("the session reader refuses a disabled user even if a session row survived", async () => {
    const user = await createSignedInUser(t, { role: "client" });
    await t.ctx.db.execute(sql`update users set disabled_at = now() where id = ${user.id}`);
    expect((await me(user.cookie)).status).toBe(401);
  });

  it("an admin cannot disable themselves", async () => {
    expect((await t.request(`${base}/${admin.id}/disable`, { method: "POST", cookie: admin.cookie })).status).toBe(409);
  });

  it("invites a staff member: account with the staff role, a welcome mail, audited; the link works", async () => {
    const bad = await t.request(`${base}/invitations`, { json: { email: "nope" }, cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("email");
    const taken = await t.request(`${base}/invitations`, { json: { email: client.email }, cookie: admin.cookie });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toBe(EXISTING_ACCOUNT_MESSAGE);

    const res = await t.request(`${base}/invitations`, {
      json: { email: " New.Staff@Example.com ", firstName: "Nia" },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    const member = (await res.json()) as TeamMember;
    expect(member).toMatchObject({ email: "new.staff@example.com", role: "staff", state: "invited", name: "Nia" });

    const [mail] = await queryRows<{ subject: string; text_body: string }>(
      t.ctx.db,
      sql`select subject, text_body from mail_outbox where to_address = 'new.staff@example.com'`,
    );
    expect(mail!.subject).toBe("Your staff account at Ledgerline Advisors");
    const token = /\/welcome\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    const set = await t.request(`${base}/invitations/${token}/accept`, { json: { password: "a-fresh-staff-password-42" } });
    expect(set.status).toBe(200);
    const signIn = await t.request("/api/auth/sign-in/email", {
      json: { email: "new.staff@example.com", password: "a-fresh-staff-password-42" },
    });
    expect(signIn.status).toBe(200);
    expect((await audits("team.staff_invited")).map((r) => [r.target_id, r.after])).toEqual([
      [member.id, { email: "new.staff@example.com", role: "staff" }],
    ]);
  });

  it("asks an admin whose sign-in is over 10 minutes old for the password again before a role change or disabling", async () => {
    const older = await createSignedInUser(t, { role: "admin" });
    const target = await createSignedInUser(t, { role: "client" });
    await ageSessions(t, older.id, 11);
    for (const [path, init] of [
      [`/api/firm/team/${target.id}/role`, { method: "PATCH", json: { role: "staff" } }],
      [`/api/firm/team/${target.id}/disable`, { method: "POST" }],
    ] as const) {
      const res = await t.request(path, { ...init, cookie: older.cookie });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("REAUTH_REQUIRED");
    }
    const [row] = await queryRows<{ role: string; disabled: boolean }>(
      t.ctx.db,
      sql`select role, disabled_at is not null as disabled from users where id = ${target.id}`,
    );
    expect(row).toEqual({ role: "client", disabled: false });
  });
});
