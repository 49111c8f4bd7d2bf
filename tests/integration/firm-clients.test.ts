import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { booksPath } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** The firm's Clients section: every client organization, to staff and admins only; admins add staff to books. */
describe("/api/firm/clients", () => {
  let t: TestApp;
  let client: TestUser;
  let staff: TestUser;
  let admin: TestUser;
  let orgId: number;

  const call = (u: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: u?.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    client = await createSignedInUser(t, { companyName: "Listed Client" });
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Staff" });
    admin = await createSignedInUser(t, { role: "admin" });
    const res = await call(client, "/api/accounting/orgs");
    orgId = ((await res.json()) as { organizations: { id: number }[] }).organizations[0]!.id;
    const accounts = (await (await call(client, `${booksPath(orgId)}/accounts`)).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const id = (code: string) => accounts.accounts.find((a) => a.account_code === code)!.id;
    const entry = (await (
      await call(client, `${booksPath(orgId)}/entries`, {
        json: {
          description: "Sale",
          entry_date: "2026-05-01",
          lines: [
            { account_id: id("1000"), debit_amount: 5, credit_amount: 0 },
            { account_id: id("4000"), debit_amount: 0, credit_amount: 5 },
          ],
        },
      })
    ).json()) as { entry: { id: number } };
    await call(client, `${booksPath(orgId)}/entries/${entry.entry.id}/post`, { method: "POST" });
    await call(client, `${booksPath(orgId)}/entries`, {
      json: {
        description: "Draft",
        entry_date: "2026-05-02",
        lines: [
          { account_id: id("1000"), debit_amount: 1, credit_amount: 0 },
          { account_id: id("4000"), debit_amount: 0, credit_amount: 1 },
        ],
      },
    });
  });
  afterAll(() => t.close());

  it("answers 404 to anyone but staff and admins, pages and API alike", async () => {
    for (const u of [null, client]) {
      expect((await call(u, "/api/firm/clients")).status).toBe(404);
      expect((await call(u, "/api/firm/clients/staff")).status).toBe(404);
      expect((await call(u, `/api/firm/clients/${orgId}`)).status).toBe(404);
      expect((await call(u, `/api/firm/clients/${orgId}/accountants`, { json: { user_id: staff.id } })).status).toBe(404);
    }
    for (const u of [staff, admin]) expect((await call(u, "/api/firm/clients")).status).toBe(200);
  });

  it("shows each organization on its page with its owner, members, last posted entry and drafts", async () => {
    const { client: listed } = (await (await call(staff, `/api/firm/clients/${orgId}`)).json()) as {
      client: {
        id: number;
        name: string;
        members: { role: string; email: string }[];
        last_posted: { entry_number: string } | null;
        drafts: number;
        is_member: boolean;
      };
    };
    expect(listed).toMatchObject({ name: "Listed Client", drafts: 1, is_member: false, last_posted: { entry_number: "JE-000001" } });
    expect(listed.members).toEqual([expect.objectContaining({ role: "owner", email: client.email })]);
    // Not a member: staff cannot open the books.
    expect((await call(staff, `${booksPath(orgId)}/accounts`)).status).toBe(404);
  });

  it("lets an admin, and only an admin, add a staff member as accountant (audited)", async () => {
    const path = `/api/firm/clients/${orgId}/accountants`;
    expect((await call(staff, path, { json: { user_id: staff.id } })).status).toBe(403);
    const notStaff = await call(admin, path, { json: { user_id: client.id } });
    expect(notStaff.status).toBe(400);
    expect(await notStaff.json()).toMatchObject({ code: "INVALID_INPUT", fields: { user_id: "Choose a staff member" } });
    expect((await call(admin, `/api/firm/clients/999999/accountants`, { json: { user_id: staff.id } })).status).toBe(404);
    const added = await call(admin, path, { json: { user_id: staff.id } });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { client: { is_member: boolean; members: unknown[] } }).client.members).toHaveLength(2);
    expect((await call(admin, path, { json: { user_id: staff.id } })).status).toBe(409);
    expect((await call(staff, `${booksPath(orgId)}/accounts`)).status).toBe(200);
    const { clients } = (await (await call(staff, "/api/firm/clients")).json()) as { clients: { id: number; is_member: boolean }[] };
    expect(clients.find((c) => c.id === orgId)?.is_member).toBe(true);
    const rows = await queryRows<{ actor_id: string; target_id: string }>(
      t.ctx.db,
      sql`select actor_id, target_id from audit_log where action = 'membership.staff_added'`,
    );
    expect(rows).toEqual([{ actor_id: admin.id, target_id: `${orgId}:${staff.id}` }]);
  });
});
