import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { booksPath } from "../support/books.ts";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * Invitations to the books: one grants only what its sender may still grant when it is accepted; a resend mails a
 * new link. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe("invitations to the books: the sender's rights, resending", () => {
  let t: TestApp;
  const json = async <T>(res: Response) => (await res.json()) as T;
  const call = (u: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: u?.cookie });
  const firstOrg = async (u: TestUser) =>
    (await json<{ organizations: { id: number }[] }>(await call(u, "/api/accounting/orgs"))).organizations[0]!.id;
  const mails = (email: string, kind = "organization-invitation") =>
    queryRows<{ text_body: string; created_at: Date | string }>(
      t.ctx.db,
      sql`select text_body, created_at from mail_outbox where to_address = ${email} and kind = ${kind} order by id`,
    );
  const tokenFor = async (email: string) => {
    const m = (await mails(email)).at(-1)?.text_body.match(/\/invitations\/([A-Za-z0-9_-]{43})/);
    if (!m) throw new Error(`no invitation mail to ${email}`);
    return m[1]!;
  };
  const roleOf = async (org: number, userId: string) =>
    (
      await queryRows<{ role: string }>(
        t.ctx.db,
        sql`select role from organization_memberships where organization_id = ${org} and user_id = ${userId}`,
      )
    )[0]?.role ?? null;
  const invite = (u: TestUser, org: number, email: string, role: string) =>
    call(u, `${booksPath(org)}/invitations`, { json: { email, role } });
  const accept = (u: TestUser | null, token: string) => call(u, `/api/accounting/invitations/${token}/accept`, { method: "POST" });
  const stateOf = async (owner: TestUser, org: number, email: string) =>
    (await json<{ invitations: { email: string; state: string }[] }>(await call(owner, `${booksPath(org)}/invitations`))).invitations.find(
      (i) => i.email === email,
    )?.state;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
  });
  afterAll(() => t.close());

  it("takes an owner invitation back with its sender's rights: the take-back sequence fails", async () => {
    const a = await createSignedInUser(t, { companyName: "Take Back Books" });
    const a2 = await createSignedInUser(t, { companyName: "A2 Own" });
    const w3 = await createSignedInUser(t, { email: "w3-takeback@example.com", companyName: "W3 Own" });
    const org = await firstOrg(a);
    await addMember(t.ctx.db, org, a2.id, "owner");
    expect((await invite(a2, org, w3.email, "owner")).status).toBe(201);
    const token = await tokenFor(w3.email);

    // A removes A2: the invitation A2 sent goes with A2's rights.
    expect((await call(a, `${booksPath(org)}/members/${a2.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await stateOf(a, org, w3.email)).toBe("revoked");
    const refused = await accept(w3, token);
    expect(refused.status).toBe(409);
    expect((await json<{ error: string }>(refused)).error).toBe(
      "This invitation was withdrawn. Ask the person who invited you for a new one.",
    );
    expect(await roleOf(org, w3.id)).toBeNull();
    // So w3 cannot remove A.
    expect((await call(w3, `${booksPath(org)}/members/${a.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await roleOf(org, a.id)).toBe("owner");
    const [revoked] = await queryRows<{ actor_id: string; after: { reason: string } }>(
      t.ctx.db,
      sql`select actor_id, after from audit_log where action = 'membership.invitation_revoked' order by id desc limit 1`,
    );
    expect(revoked).toMatchObject({ actor_id: a.id, after: { reason: "sender_may_no_longer_grant" } });
  });

  it("takes back the invitations of a demoted owner, and refuses one whose sender lost the right without the revocation", async () => {
    const a = await createSignedInUser(t, { companyName: "Demote Books" });
    const a2 = await createSignedInUser(t, { companyName: "A2 Demoted" });
    const org = await firstOrg(a);
    await addMember(t.ctx.db, org, a2.id, "owner");
    expect((await invite(a2, org, "demoted-invitee@example.com", "viewer")).status).toBe(201);
    expect((await call(a, `${booksPath(org)}/members/${a2.id}`, { method: "PATCH", json: { role: "accountant" } })).status).toBe(200);
    expect(await stateOf(a, org, "demoted-invitee@example.com")).toBe("revoked");

    // Checked again at acceptance: a sender demoted by any other path (here straight in the database).
    expect((await call(a, `${booksPath(org)}/members/${a2.id}`, { method: "PATCH", json: { role: "owner" } })).status).toBe(200);
    expect((await invite(a2, org, "late-invitee@example.com", "owner")).status).toBe(201);
    const late = await createSignedInUser(t, { email: "late-invitee@example.com", companyName: "Late Own" });
    const token = await tokenFor(late.email);
    await t.ctx.db.execute(sql`update organization_memberships set role = 'viewer' where organization_id = ${org} and user_id = ${a2.id}`);
    expect((await accept(late, token)).status).toBe(409);
    expect(await roleOf(org, late.id)).toBeNull();
    // An owner's other invitations, and those of members who keep their rights, stay pending.
    expect((await invite(a, org, "kept-invitee@example.com", "viewer")).status).toBe(201);
    expect((await call(a, `${booksPath(org)}/members/${a2.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await stateOf(a, org, "kept-invitee@example.com")).toBe("pending");
  });

  it("an owner who hands ownership over loses the invitations they sent", async () => {
    const a = await createSignedInUser(t, { companyName: "Transfer Books" });
    const b = await createSignedInUser(t, { companyName: "B Own" });
    const org = await firstOrg(a);
    await addMember(t.ctx.db, org, b.id, "viewer");
    expect((await invite(a, org, "transfer-invitee@example.com", "owner")).status).toBe(201);
    expect((await call(a, `${booksPath(org)}/transfer-ownership`, { json: { user_id: b.id } })).status).toBe(200);
    expect(await stateOf(b, org, "transfer-invitee@example.com")).toBe("revoked");
  });

  it("resends an invitation: a new mail with a new link (the old one stops working), the sent time shown", async () => {
    const a = await createSignedInUser(t, { companyName: "Resend Books" });
    const org = await firstOrg(a);
    expect((await invite(a, org, "resend-invitee@example.com", "accountant")).status).toBe(201);
    const first = await tokenFor("resend-invitee@example.com");
    const list = async () =>
      (
        await json<{ invitations: { id: number; email: string; state: string; sent_at: string; accepted_at: string | null }[] }>(
          await call(a, `${booksPath(org)}/invitations`),
        )
      ).invitations.find((i) => i.email === "resend-invitee@example.com")!;
    const before = await list();
    expect(before).toMatchObject({ state: "pending", accepted_at: null });
    await t.ctx.db.execute(sql`update organization_invitations set sent_at = sent_at - interval '2 days' where id = ${before.id}`);

    const resent = await call(a, `${booksPath(org)}/invitations/${before.id}/resend`, { method: "POST" });
    expect(resent.status).toBe(200);
    expect(await mails("resend-invitee@example.com")).toHaveLength(2);
    const second = await tokenFor("resend-invitee@example.com");
    expect(second).not.toBe(first);
    const after = await list();
    expect(Date.parse(after.sent_at)).toBeGreaterThan(Date.parse(before.sent_at) - 1000);
    expect(Date.now() - Date.parse(after.sent_at)).toBeLessThan(60_000);

    const invitee = await createSignedInUser(t, { email: "resend-invitee@example.com", companyName: "Resend Own" });
    expect((await accept(invitee, first)).status).toBe(404);
    expect((await accept(invitee, second)).status).toBe(200);
    expect(await list()).toMatchObject({ state: "accepted", accepted_at: expect.any(String) });
    // Accepted: no more resending.
    expect((await call(a, `${booksPath(org)}/invitations/${before.id}/resend`, { method: "POST" })).status).toBe(409);
  });
  it("a new person accepts with a name and a password: account verified, signed in, in the books; one mail only", async () => {
    const a = await createSignedInUser(t, { companyName: "Newcomer Books" });
    const org = await firstOrg(a);
    const email = "newcomer@example.com";
    expect((await invite(a, org, email, "accountant")).status).toBe(201);
    const token = await tokenFor(email);
    expect(
      (await json<{ invitation: { has_account: boolean } }>(await call(null, `/api/accounting/invitations/${token}`))).invitation,
    ).toMatchObject({ has_account: false, state: "pending" });
    const signUp = (body: Record<string, unknown>) => call(null, `/api/accounting/invitations/${token}/sign-up`, { json: body });

    // The sign-up rules: 400 naming the field.
    const weak = await signUp({ firstName: "Nia", lastName: "Cole", password: "password" });
    expect(weak.status).toBe(400);
    expect(Object.keys((await json<{ fields: Record<string, string> }>(weak)).fields)).toEqual(["password"]);
    const noName = await signUp({ firstName: "", lastName: "Cole", password: "quiet-harbor-lantern-42" });
    expect(noName.status).toBe(400);
    expect(Object.keys((await json<{ fields: Record<string, string> }>(noName)).fields)).toEqual(["firstName"]);

    const res = await signUp({ firstName: "Nia", lastName: "Cole", password: "quiet-harbor-lantern-42" });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ organization_id: org });
    const cookie = cookieFrom(res);
    const session = await json<{ user: { email: string; name: string; emailVerified: boolean } }>(
      await t.request("/api/auth/get-session", { cookie }),
    );
    expect(session.user).toMatchObject({ email, name: "Nia Cole", emailVerified: true });
    const me = await t.request(`${booksPath(org)}/me`, { cookie });
    expect((await json<{ role: string }>(me)).role).toBe("accountant");
    // The invitee has only these books (none of their own), and got no other mail (no verification mail).
    expect((await json<{ organizations: { id: number }[] }>(await t.request("/api/accounting/orgs", { cookie }))).organizations).toEqual([
      expect.objectContaining({ id: org }),
    ]);
    const all = await queryRows<{ kind: string }>(t.ctx.db, sql`select kind from mail_outbox where to_address = ${email}`);
    expect(all.map((m) => m.kind)).toEqual(["organization-invitation"]);
    expect(await stateOf(a, org, email)).toBe("accepted");

    // Used: the link makes no second account; an address with an account signs in instead.
    expect((await signUp({ firstName: "Nia", lastName: "Cole", password: "quiet-harbor-lantern-42" })).status).toBe(409);
    const existing = await createSignedInUser(t, { email: "has-account@example.com", companyName: "Has Own" });
    expect((await invite(a, org, existing.email, "viewer")).status).toBe(201);
    const other = await call(null, `/api/accounting/invitations/${await tokenFor(existing.email)}/sign-up`, {
      json: { firstName: "X", lastName: "Y", password: "quiet-harbor-lantern-42" },
    });
    expect(other.status).toBe(409);
    expect((await json<{ error: string }>(other)).error).toBe(
      "An account with this address already exists. Sign in to accept the invitation.",
    );
  });

  it("throttles accepting with a new account like sign-up", async () => {
    const a = await createSignedInUser(t, { companyName: "Throttle Books" });
    const org = await firstOrg(a);
    expect((await invite(a, org, "throttled@example.com", "viewer")).status).toBe(201);
    const token = await tokenFor("throttled@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(null, `/api/accounting/invitations/${token}/sign-up`, {
        json: { firstName: "T", lastName: "R", password: "password" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
