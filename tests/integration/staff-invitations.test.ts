import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import type { TeamListResponse } from "~/features/team/team.types.ts";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * Staff invitations (the firm's Team): the link welcomes and signs in; it grants the staff role only while its
 * sender is an active admin; an admin resends it. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe("firm: staff invitations", () => {
  let t: TestApp;
  let admin: TestUser;
  const base = "/api/firm/team";
  const json = async <T>(res: Response) => (await res.json()) as T;
  const invite = (by: TestUser, email: string, firstName?: string) =>
    t.request(`${base}/invitations`, { json: { email, firstName }, cookie: by.cookie });
  const tokenFor = async (email: string) => {
    const rows = await queryRows<{ text_body: string }>(
      t.ctx.db,
      sql`select text_body from mail_outbox where to_address = ${email} and kind = 'staff-invite' order by id desc limit 1`,
    );
    const m = rows[0]?.text_body.match(/\/welcome\/([A-Za-z0-9_-]{43})/);
    if (!m) throw new Error(`no staff invitation mail to ${email}`);
    return m[1]!;
  };
  const accept = (token: string, password = "welcome-lantern-harbor-7") =>
    t.request(`${base}/invitations/${token}/accept`, { json: { password } });
  const userRow = async (email: string) =>
    (await queryRows<{ id: string; role: string }>(t.ctx.db, sql`select id, role from users where email = ${email}`))[0] ?? null;
  const memberOf = async (email: string) =>
    (await json<TeamListResponse>(await t.request(`${base}?q=${encodeURIComponent(email)}`, { cookie: admin.cookie }))).members[0];

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    admin = await createSignedInUser(t, { role: "admin" });
  });
  afterAll(() => t.close());

  it("welcomes the invited person by name, sets their password and signs them in", async () => {
    expect((await invite(admin, "welcome.staff@example.com", "Ada")).status).toBe(201);
    const token = await tokenFor("welcome.staff@example.com");
    const preview = await json<{ invitation: { firstName: string; email: string; state: string } }>(
      await t.request(`${base}/invitations/${token}`),
    );
    expect(preview.invitation).toMatchObject({ firstName: "Ada", email: "welcome.staff@example.com", state: "pending" });
    const weak = await accept(token, "password");
    expect(weak.status).toBe(400);
    expect(Object.keys((await json<{ fields: Record<string, string> }>(weak)).fields)).toEqual(["password"]);

    const res = await accept(token);
    expect(res.status).toBe(200);
    const session = await json<{ user: { email: string; role: string } }>(
      await t.request("/api/auth/get-session", { cookie: cookieFrom(res) }),
    );
    expect(session.user).toMatchObject({ email: "welcome.staff@example.com", role: "staff" });
    expect(await memberOf("welcome.staff@example.com")).toMatchObject({ state: "active", invitationAcceptedAt: expect.any(String) });
    expect((await accept(token)).status).toBe(409);
  });

  it("takes back the invitations of a disabled or demoted admin: the take-back sequence fails", async () => {
    const other = await createSignedInUser(t, { role: "admin" });
    expect((await invite(other, "by-disabled@example.com")).status).toBe(201);
    expect((await invite(other, "by-demoted@example.com")).status).toBe(201);
    const disabledToken = await tokenFor("by-disabled@example.com");
    expect((await t.request(`${base}/${other.id}/disable`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    // The staff account it made is gone with it: no password can be set, nor asked for by "forgot password".
    expect(await userRow("by-disabled@example.com")).toBeNull();
    expect(await userRow("by-demoted@example.com")).toBeNull();
    expect((await accept(disabledToken)).status).toBe(404);

    const third = await createSignedInUser(t, { role: "admin" });
    expect((await invite(third, "by-demoted2@example.com")).status).toBe(201);
    expect((await t.request(`${base}/${third.id}/role`, { method: "PATCH", json: { role: "staff" }, cookie: admin.cookie })).status).toBe(
      200,
    );
    expect(await userRow("by-demoted2@example.com")).toBeNull();
    const revoked = await queryRows<{ actor_email: string }>(
      t.ctx.db,
      sql`select actor_email from audit_log where action = 'team.staff_invitation_revoked' order by id`,
    );
    expect(revoked.map((r) => r.actor_email)).toEqual([admin.email, admin.email, admin.email]);
  });

  it("checks the sender again at acceptance, whatever took their rights", async () => {
    const other = await createSignedInUser(t, { role: "admin" });
    expect((await invite(other, "late.staff@example.com")).status).toBe(201);
    const token = await tokenFor("late.staff@example.com");
    await t.ctx.db.execute(sql`update users set role = 'client' where id = ${other.id}`);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect((await json<{ error: string }>(res)).error).toBe("This invitation was withdrawn. Ask the firm's admin for a new one.");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("an admin resends an invitation: a new mail, the old link stops working, the sent time shown", async () => {
    expect((await invite(admin, "resend.staff@example.com")).status).toBe(201);
    const first = await tokenFor("resend.staff@example.com");
    const { id, invitationSentAt } = (await memberOf("resend.staff@example.com"))!;
    expect(invitationSentAt).toEqual(expect.any(String));
    await t.ctx.db.execute(sql`update staff_invitations set sent_at = sent_at - interval '3 days' where user_id = ${id}`);
    const older = (await memberOf("resend.staff@example.com"))!.invitationSentAt!;

    expect((await t.request(`${base}/${id}/invitation`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const mails = await queryRows(t.ctx.db, sql`select 1 from mail_outbox where to_address = 'resend.staff@example.com'`);
    expect(mails).toHaveLength(2);
    const second = await tokenFor("resend.staff@example.com");
    const after = (await memberOf("resend.staff@example.com"))!;
    expect(Date.parse(after.invitationSentAt!) - Date.parse(older)).toBeGreaterThan(2 * 24 * 3600 * 1000);
    expect(after).toMatchObject({ state: "invited", invitationAcceptedAt: null });
    expect((await accept(first)).status).toBe(409);
    expect((await accept(second)).status).toBe(200);
    // Accepted: nothing left to send; a client's row is no one's invitation.
    expect((await t.request(`${base}/${id}/invitation`, { method: "POST", cookie: admin.cookie })).status).toBe(409);
  });
});
