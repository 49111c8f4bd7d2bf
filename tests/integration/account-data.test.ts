import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** Opens the user's books (the organization and its standard chart) and saves one posted entry. */
async function bookEntry(t: TestApp, user: TestUser, description: string) {
  const books = await firstBooks(t)(user.cookie);
  const call = (path: string, init: { json?: unknown; method?: string } = {}) =>
    t.request(`${books}${path}`, { ...init, cookie: user.cookie });
  const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
  const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  const saved = await call("/entries", {
    json: {
      description,
      entry_date: "2026-11-02",
      lines: [
        { account_id: code["1000"], debit_amount: 1250.5, credit_amount: 0 },
        { account_id: code["4000"], debit_amount: 0, credit_amount: 1250.5 },
      ],
    },
  });
  expect(saved.status).toBe(201);
  const { entry } = (await saved.json()) as { entry: { id: number } };
  expect((await call(`/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
  const [org] = await queryRows<{ organization_id: number }>(
    t.ctx.db,
    sql`select organization_id from organization_memberships where user_id = ${user.id}`,
  );
  return Number(org!.organization_id);
}

/** A contact message, a consultation request and a calculator result sent by the user. */
async function sendLeads(t: TestApp, user: TestUser, marker: string) {
  await t.ctx.db.execute(sql`
    insert into contact_messages (user_id, first_name, last_name, email, message)
    values (${user.id}, 'Lead', ${marker}, ${user.email}, ${`Message ${marker}`})`);
  await t.ctx.db.execute(sql`
    insert into consultation_requests (user_id, first_name, last_name, email, company_name, services_interested, challenges)
    values (${user.id}, 'Lead', ${marker}, ${user.email}, 'Co', array['tax'], ${`Challenges ${marker}`})`);
  await t.ctx.db.execute(sql`
    insert into calculator_submissions (user_id, calculator_type, email, inputs, results)
    values (${user.id}, 'roi', ${user.email}, ${JSON.stringify({ marker })}::jsonb, '{"roi":"12.50"}'::jsonb)`);
}

const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number | string }>(t.ctx.db, query))[0]!.n);

describe("account: your data (export) and deleting the account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
  });

  it("exports the user's rows and their organization's books as a ZIP of JSON and CSV, and no one else's", async () => {
    const alice = await createSignedInUser(t, { companyName: "Alice Books Ltd" });
    const carol = await createSignedInUser(t, { companyName: "Carol Trading" });
    const orgId = await bookEntry(t, alice, "Alice invoice 17");
    await bookEntry(t, carol, "Carol secret sale");
    await sendLeads(t, alice, "alice-lead");
    await sendLeads(t, carol, "carol-lead");
    const said = await t.request(`/api/messages/${orgId}/messages`, { cookie: alice.cookie, json: { body: "Alice asks the firm" } });
    expect(said.status).toBe(201);
    const books = await firstBooks(t)(alice.cookie);
    const { contact } = (await (
      await t.request(`${books}/contacts`, { cookie: alice.cookie, json: { name: "Alice's customer" } })
    ).json()) as {
      contact: { id: number };
    };
    const { accounts } = (await (await t.request(`${books}/accounts`, { cookie: alice.cookie })).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const drafted = await t.request(`${books}/documents`, {
      cookie: alice.cookie,
      json: {
        kind: "invoice",
        contact_id: contact.id,
        issue_date: "2026-11-02",
        lines: [
          { description: "Consulting", quantity: "2", unit_price: "45.5", account_id: accounts.find((a) => a.account_code === "4000")!.id },
        ],
      },
    });
    expect(drafted.status).toBe(201);

    const res = await t.request("/api/account/export", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="ledgerline-your-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const dir = `organizations/${orgId}-alice-books-ltd`;
    expect(Object.keys(text)).toEqual(
      expect.arrayContaining([
        "profile.json",
        "sessions.json",
        "sessions.csv",
        "contact-messages.csv",
        "consultations.json",
        "calculator-results.json",
        `${dir}/chart-of-accounts.csv`,
        `${dir}/journal-entries.json`,
        `${dir}/journal-entry-lines.csv`,
      ]),
    );
    expect(JSON.parse(text["profile.json"]!)).toMatchObject({
      id: alice.id,
      email: alice.email.toLowerCase(),
      company_name: "Alice Books Ltd",
    });
    expect(JSON.parse(text["sessions.json"]!).length).toBeGreaterThan(0);
    expect(text["sessions.json"]).not.toContain("token");
    expect(JSON.parse(text["contact-messages.json"]!)).toMatchObject([{ last_name: "alice-lead" }]);
    expect(JSON.parse(text["consultations.json"]!)).toMatchObject([{ services_interested: ["tax"] }]);
    expect(JSON.parse(text["calculator-results.json"]!)).toMatchObject([{ inputs: { marker: "alice-lead" } }]);
    const entries = JSON.parse(text[`${dir}/journal-entries.json`]!) as { description: string; total_amount: string; lines: unknown[] }[];
    expect(entries).toMatchObject([{ description: "Alice invoice 17", total_amount: "1250.50", status: "posted" }]);
    expect(entries[0]!.lines).toMatchObject([
      { line_no: 1, account_code: "1000", debit_amount: "1250.50", credit_amount: "0.00" },
      { line_no: 2, account_code: "4000", debit_amount: "0.00", credit_amount: "1250.50" },
    ]);
    expect(JSON.parse(text[`${dir}/messages.json`]!)).toMatchObject([{ seq: 1, body: "Alice asks the firm", files: [] }]);
    expect(text[`${dir}/chart-of-accounts.csv`]!.split("\r\n")[0]).toBe("account_code,account_name,account_type,is_active,created_at");
    expect(text[`${dir}/journal-entry-lines.csv`]).toContain("JE-000001,1,1000,Cash,,1250.50,0.00");
    expect(text[`${dir}/contacts.csv`]!.split("\r\n")[0]).toBe(
      "name,is_customer,is_supplier,is_1099_contractor,tax_id,email,address,payment_terms_days,created_at",
    );
    expect(text[`${dir}/contacts.csv`]).toContain("Alice's customer");
    expect(JSON.parse(text[`${dir}/documents.json`]!)).toMatchObject([
      {
        kind: "invoice",
        status: "draft",
        contact: "Alice's customer",
        total: "91.00",
        lines: [{ description: "Consulting", amount: "91.00" }],
      },
    ]);
    const everything = Object.values(text).join("\n");
    for (const other of ["carol-lead", "Carol secret sale", "Carol Trading", carol.email.toLowerCase(), carol.id]) {
      expect(everything).not.toContain(other);
    }
    expect((await t.request("/api/account/export")).status).toBe(401);
  });

  it("refuses while an organization with other members has no other owner, naming it; then leaves it", async () => {
    const alice = await createSignedInUser(t, { companyName: "Shared Books" });
    const bob = await createSignedInUser(t);
    const orgId = await bookEntry(t, alice, "Shared entry");
    await t.ctx.db.execute(
      sql`insert into organization_memberships (organization_id, user_id, role) values (${orgId}, ${bob.id}, 'accountant')`,
    );

    const plan = await (await t.request("/api/account/deletion", { cookie: alice.cookie })).json();
    expect(plan).toEqual({ plan: { deleted: [], needOwner: [{ organizationId: orgId, name: "Shared Books" }], left: [] } });
    const refused = await t.request("/api/account/delete", { cookie: alice.cookie, json: {} });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; error: string };
    expect(body.code).toBe("ORGANIZATION_NEEDS_OWNER");
    expect(body.error).toContain("Shared Books");

    await t.ctx.db.execute(sql`update organization_memberships set role = 'owner' where user_id = ${bob.id}`);
    const ok = await t.request("/api/account/delete", { cookie: alice.cookie, json: {} });
    expect(ok.status).toBe(200);
    expect(await count(t, sql`select count(*) as n from users where id = ${alice.id}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from organization_memberships where user_id = ${alice.id}`)).toBe(0);
    // The organization and its books stay with Bob.
    expect(await count(t, sql`select count(*) as n from journal_entries where organization_id = ${orgId}`)).toBe(1);
  });

  it("deletes the account with its only-member organization after its name is typed; leads stay, unlinked", async () => {
    const dave = await createSignedInUser(t, { companyName: "Dave Solo LLC" });
    const orgId = await bookEntry(t, dave, "Dave posted entry");
    // An invoice approved and paid in part: its allocation and the documents go with the books.
    const books = await firstBooks(t)(dave.cookie);
    const call = (path: string, json: unknown) => t.request(`${books}${path}`, { cookie: dave.cookie, json });
    const { accounts } = (await (await t.request(`${books}/accounts`, { cookie: dave.cookie })).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    const { contact } = (await (await call("/contacts", { name: "Dave's customer" })).json()) as { contact: { id: number } };
    const { document } = (await (
      await call("/documents", {
        kind: "invoice",
        contact_id: contact.id,
        issue_date: "2026-11-02",
        lines: [{ description: "Work", quantity: "1", unit_price: "80", account_id: code["4000"] }],
      })
    ).json()) as { document: { id: number } };
    const approved = (await (
      await t.request(`${books}/documents/${document.id}/approve`, { cookie: dave.cookie, method: "POST" })
    ).json()) as { document: { item_id: number } };
    const paid = await call("/payments", {
      contact_id: contact.id,
      side: "receivable",
      direction: "in",
      date: "2026-11-03",
      account_id: code["1000"],
      amount: "30.00",
      allocations: [{ item_id: approved.document.item_id, amount: "30.00" }],
    });
    expect(paid.status).toBe(201);
    await sendLeads(t, dave, "dave-lead");
    // A second session (another browser).
    const other = await t.request("/api/auth/sign-in/email", { json: { email: dave.email, password: dave.password } });
    expect(other.status).toBe(200);
    expect(await count(t, sql`select count(*) as n from sessions where user_id = ${dave.id}`)).toBe(2);

    const missing = await t.request("/api/account/delete", { cookie: dave.cookie, json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields: Record<string, string> }).fields.confirmOrganizations).toContain("Dave Solo LLC");
    const wrong = await t.request("/api/account/delete", { cookie: dave.cookie, json: { confirmOrganizations: ["Dave Solo"] } });
    expect(wrong.status).toBe(400);
    expect(await count(t, sql`select count(*) as n from users where id = ${dave.id}`)).toBe(1);

    const ok = await t.request("/api/account/delete", { cookie: dave.cookie, json: { confirmOrganizations: ["Dave Solo LLC"] } });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join(";")).toMatch(/ll\.session_token=;/);
    expect(await count(t, sql`select count(*) as n from users where id = ${dave.id}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from sessions where user_id = ${dave.id}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from organization_memberships where user_id = ${dave.id}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from organizations where id = ${orgId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from journal_entries where organization_id = ${orgId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from chart_of_accounts where organization_id = ${orgId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from allocations where organization_id = ${orgId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from sales_documents where organization_id = ${orgId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from contacts where organization_id = ${orgId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from calculator_submissions where email = ${dave.email}`)).toBe(0);
    const leads = await queryRows<{ user_id: string | null }>(
      t.ctx.db,
      sql`select user_id from contact_messages where last_name = 'dave-lead' union all
          select user_id from consultation_requests where last_name = 'dave-lead'`,
    );
    expect(leads).toEqual([{ user_id: null }, { user_id: null }]);
    // The books' guards are back on for everyone else.
    const triggers = await queryRows<{ tgenabled: string }>(
      t.ctx.db,
      sql`select tgenabled from pg_trigger
           where tgname in ('journal_entries_guard', 'journal_entry_lines_guard', 'account_day_totals_guard', 'allocations_no_delete')`,
    );
    expect(triggers.map((r) => r.tgenabled)).toEqual(["O", "O", "O", "O"]);
    expect((await t.request("/api/account", { cookie: dave.cookie })).status).toBe(401);
  });
});
