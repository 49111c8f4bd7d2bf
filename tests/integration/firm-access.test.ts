import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { booksPath } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** A client's owner removes the firm's accountants: the firm hears of it and its Clients list says so. */
describe("an owner removes the firm from her books", () => {
  let t: TestApp;
  let owner: TestUser;
  let staff: TestUser;
  let second: TestUser;
  let admin: TestUser;
  let orgId: number;

  const call = (u: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: u.cookie });
  const mails = () =>
    queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.ctx.db,
      sql`select to_address, subject, text_body from mail_outbox where kind = 'firm-member-removed' order by id`,
    );
  const audits = () =>
    queryRows<{ actor_id: string; target_id: string; before: { email: string }; after: { firm_access: boolean; notified: string[] } }>(
      t.ctx.db,
      sql`select actor_id, target_id, before, after from audit_log where action = 'membership.firm_member_removed' order by id`,
    );
  const clientRow = async (u: TestUser) =>
    (
      (await (await call(u, "/api/firm/clients")).json()) as { clients: { id: number; is_member: boolean; firm_access: boolean }[] }
    ).clients.find((c) => c.id === orgId)!;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Sunrise Bakery" });
    staff = await createSignedInUser(t, { role: "staff", firstName: "Bea", lastName: "Keeper", email: "bea@firm.example" });
    second = await createSignedInUser(t, { role: "staff", firstName: "Carl", lastName: "Second", email: "carl@firm.example" });
    admin = await createSignedInUser(t, { role: "admin", email: "boss@firm.example" });
    const res = await call(owner, "/api/accounting/orgs");
    orgId = ((await res.json()) as { organizations: { id: number }[] }).organizations[0]!.id;
    await addMember(t.ctx.db, orgId, staff.id, "accountant");
    await addMember(t.ctx.db, orgId, second.id, "accountant");
  });
  afterAll(() => t.close());

  it("a client member's removal tells the firm nothing", async () => {
    const viewer = await createSignedInUser(t);
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    expect((await call(owner, `${booksPath(orgId)}/members/${viewer.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await mails()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("removing one accountant tells them and the admins; the firm keeps access while another stays", async () => {
    expect((await call(owner, `${booksPath(orgId)}/members/${staff.id}`, { method: "DELETE" })).status).toBe(200);
    const sent = await mails();
    expect(sent.map((m) => m.to_address).sort()).toEqual(["bea@firm.example", "boss@firm.example"]);
    expect(sent.find((m) => m.to_address === "bea@firm.example")!.subject).toBe("Sunrise Bakery removed you from its books");
    expect(sent.find((m) => m.to_address === "boss@firm.example")!.subject).toBe("Sunrise Bakery removed Bea Keeper from its books");
    expect(sent[0]!.text_body).toContain(`/firm/clients/${orgId}`);
    expect(sent[0]!.text_body).toContain("Other people of the firm still keep these books.");
    expect(await audits()).toEqual([
      {
        actor_id: owner.id,
        target_id: String(orgId),
        before: expect.objectContaining({ email: "bea@firm.example", role: "accountant" }),
        after: { firm_access: true, notified: ["bea@firm.example", "boss@firm.example"] },
      },
    ]);
    expect(await clientRow(admin)).toMatchObject({ firm_access: true, is_member: false });
  });

  it("removing the last one: the mail says the firm has no access any more, and so does the Clients list", async () => {
    expect((await clientRow(second)).is_member).toBe(true);
    expect((await call(owner, `${booksPath(orgId)}/members/${second.id}`, { method: "DELETE" })).status).toBe(200);
    const sent = (await mails()).slice(2);
    expect(sent.map((m) => m.to_address).sort()).toEqual(["boss@firm.example", "carl@firm.example"]);
    expect(sent[0]!.text_body).toContain("No one at the firm has access to these books any more");
    expect((await audits()).at(-1)!.after.firm_access).toBe(false);
    expect(await clientRow(second)).toMatchObject({ firm_access: false, is_member: false });
    expect(await clientRow(admin)).toMatchObject({ firm_access: false });
    expect((await call(second, `${booksPath(orgId)}/accounts`)).status).toBe(404);
  });
});
