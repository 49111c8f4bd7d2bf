import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** Staff and admins are not clients: opening "Books" never makes them books of their own (decision 084). */
describe("no books of their own for the firm's people", () => {
  let t: TestApp;
  const orgs = async (u: TestUser) =>
    ((await (await t.request("/api/accounting/orgs", { cookie: u.cookie })).json()) as { organizations: { id: number; name: string }[] })
      .organizations;
  const organizationCount = async () => (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from organizations`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
  });
  afterAll(() => t.close());

  it("a staff member's and an admin's first use create no organization, and the firm's clients list stays empty", async () => {
    const staff = await createSignedInUser(t, { role: "staff", firstName: "Bea", lastName: "Keeper" });
    const admin = await createSignedInUser(t, { role: "admin" });
    for (const u of [staff, admin]) {
      expect(await orgs(u)).toEqual([]);
      expect(await orgs(u)).toEqual([]);
    }
    expect(await organizationCount()).toBe(0);
    const { clients } = (await (await t.request("/api/firm/clients", { cookie: staff.cookie })).json()) as { clients: unknown[] };
    expect(clients).toEqual([]);
  });

  it("a staff member sees the client books they are a member of; a client still gets books on first use", async () => {
    const client = await createSignedInUser(t, { companyName: "Sunrise Bakery" });
    const [books] = await orgs(client);
    expect(books).toMatchObject({ name: "Sunrise Bakery" });
    const staff = await createSignedInUser(t, { role: "staff" });
    await addMember(t.ctx.db, books!.id, staff.id, "accountant");
    expect((await orgs(staff)).map((o) => o.name)).toEqual(["Sunrise Bakery"]);
    expect(await organizationCount()).toBe(1);
  });

  it("a session opened before its user became staff makes no books either", async () => {
    const before = await organizationCount();
    const promoted = await createSignedInUser(t);
    await t.ctx.db.execute(sql`update users set role = 'staff' where id = ${promoted.id}`);
    expect(await orgs(promoted)).toEqual([]);
    expect(await organizationCount()).toBe(before);
  });
});
