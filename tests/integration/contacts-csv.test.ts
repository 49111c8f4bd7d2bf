import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import type { Contact, ContactPage } from "~/features/sales/sales.types.ts";
import type { ContactsImported, ContactsImportPreview } from "~/features/sales/contacts-csv.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

/*
 * Contacts as CSV (decision 116): the export (RFC 4180, a header row, every contact) read back by the import; the
 * import's preview of each row's action and error by line; all or nothing, a row matching a contact by name
 * (case-insensitive) updating it; a 400 naming the file's line.
 */

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

describe("contacts as CSV", () => {
  let t: TestApp;
  let owner: TestUser;
  let org: number;
  let revenue: { id: number; code: string };
  let expense: { id: number; code: string };

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
  const importCsv = (csv: string, preview = false, user = owner) =>
    call(`/contacts/import${preview ? "?preview=true" : ""}`, { method: "POST", body: csv, headers: { "content-type": "text/csv" } }, user);
  const contacts = async () => ((await (await call("/contacts")).json()) as ContactPage).contacts;
  const exported = async () => {
    const res = await call("/contacts.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="contacts.csv"');
    return res.text();
  };
  const count = async () =>
    Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from contacts where organization_id = ${org}`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Contacts Co" });
    org = ((await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;
    const { accounts } = (await (await call("/accounts")).json()) as {
      accounts: { id: number; account_type: string; account_code: string }[];
    };
    const first = (type: string) => accounts.find((a) => a.account_type === type)!;
    revenue = { id: first("Revenue").id, code: first("Revenue").account_code };
    expense = { id: first("Expense").id, code: first("Expense").account_code };
    const make = (json: unknown) => call("/contacts", { json });
    await make({
      name: "Alice Ltd",
      email: "alice@example.com",
      payment_terms_days: 14,
      default_revenue_account_id: revenue.id,
      address: "1 High St\nLeeds",
    });
    await make({ name: "=SUM(A1)", is_customer: false, is_supplier: true, tax_id: "BE0123", default_expense_account_id: expense.id });
    // A duplicate merged into Alice is read as Alice: not exported.
    const dup = ((await (await make({ name: "Alice (old)" })).json()) as { contact: Contact }).contact;
    const alice = (await contacts()).find((c) => c.name === "Alice Ltd")!;
    expect((await call(`/contacts/${dup.id}/merge`, { json: { into_id: alice.id } })).status).toBe(200);
  });
  afterAll(() => t?.close());

  it("exports every contact with a header row, RFC 4180, text never read as a formula, accounts by their codes", async () => {
    const csv = await exported();
    expect(csv.endsWith("\r\n")).toBe(true);
    const rows = Papa.parse<string[]>(csv.trimEnd(), { newline: "\r\n" }).data;
    expect(rows[0]).toEqual([
      "name",
      "is_customer",
      "is_supplier",
      "tax_id",
      "email",
      "address",
      "payment_terms_days",
      "revenue_account_code",
      "expense_account_code",
      "tax_code",
      "is_1099_contractor",
    ]);
    expect(rows.slice(1)).toEqual([
      ["'=SUM(A1)", "false", "true", "BE0123", "", "", "30", "", expense.code, "", "false"],
      ["Alice Ltd", "true", "false", "", "alice@example.com", "1 High St\nLeeds", "14", revenue.code, "", "", "false"],
    ]);
  });

  it("reads its own export back unchanged: every row updates the contact of its name", async () => {
    const before = await contacts();
    const csv = await exported();
    const res = await importCsv(csv);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as ContactsImported).toEqual({ created: 0, updated: 2 });
    expect(await contacts()).toEqual(before);
  });

  it("previews each row's action and each error by line, writing nothing", async () => {
    const before = await count();
    const csv = [
      "Name,Email,payment_terms_days,revenue_account_code,is_supplier",
      "alice ltd,new@example.com,7,,",
      "Bob & Co,bob@example.com,,,yes",
      "Bad Mail,not-an-email,30,,",
      "Terms,,400,,",
      '"Quoted, Name",,,9999,',
      ",x@example.com,,,",
      "BOB & CO,,,,maybe",
    ].join("\r\n");
    const res = await importCsv(csv, true);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as ContactsImportPreview;
    expect(preview.rows.map((r) => [r.line, r.name, r.action])).toEqual([
      [2, "alice ltd", "update"],
      [3, "Bob & Co", "create"],
    ]);
    expect(preview.errors.map((e) => [e.line, e.column])).toEqual([
      [4, "email"],
      [5, "payment_terms_days"],
      [6, "revenue_account_code"],
      [7, "name"],
      [8, "name"],
      [8, "is_supplier"],
    ]);
    expect(preview.errors.find((e) => e.line === 8 && e.column === "name")!.message).toBe("BOB & CO is also on line 3");
    expect(preview.errors.find((e) => e.line === 6)!.message).toBe("No active account 9999 in these books");
    expect([preview.created, preview.updated]).toEqual([1, 1]);
    expect(await count()).toBe(before);

    // The same file imported: a 400 naming the first bad line, every bad cell in `fields`, nothing written.
    const refused = await importCsv(csv);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as Refusal;
    expect(body.error).toMatch(/^Line 4, column email: .+ \(and 5 more\)$/);
    expect(Object.keys(body.fields ?? {})).toEqual([
      "rows.4.email",
      "rows.5.payment_terms_days",
      "rows.6.revenue_account_code",
      "rows.7.name",
      "rows.8.name",
      "rows.8.is_supplier",
    ]);
    expect(await count()).toBe(before);
  });

  it("imports all rows in one go: names matched case-insensitively update, others create; columns left out are kept", async () => {
    const csv = [
      "name,email,is_supplier,expense_account_code",
      "ALICE LTD,billing@alice.example,true,",
      "Carol GmbH,carol@example.com,true," + expense.code,
    ].join("\n");
    const res = await importCsv(csv);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as ContactsImported).toEqual({ created: 1, updated: 1 });
    const all = await contacts();
    const alice = all.find((c) => c.email === "billing@alice.example")!;
    // The name as the file spells it; the terms and revenue account (columns not in the file) kept.
    expect(alice).toMatchObject({
      name: "ALICE LTD",
      is_customer: true,
      is_supplier: true,
      payment_terms_days: 14,
      default_revenue_account_id: revenue.id,
    });
    expect(all.find((c) => c.name === "Carol GmbH")).toMatchObject({
      is_customer: true,
      is_supplier: true,
      payment_terms_days: 30,
      default_expense_account_id: expense.id,
    });
    const [audit] = await queryRows<{ after: unknown }>(
      t.ctx.db,
      sql`select after from audit_log where action = 'contacts.imported' order by id desc limit 1`,
    );
    expect(audit!.after).toEqual({ created: 1, updated: 1 });
  });

  it("marks 1099 contractors from the column is_1099_contractor; a file without it keeps each contact's mark", async () => {
    const marked = await importCsv("name,is_supplier,is_1099_contractor\r\nDora Design,true,true\r\nEd Electric,true,no\r\n");
    expect(marked.status, await marked.clone().text()).toBe(200);
    const flag = async (name: string) => (await contacts()).find((c) => c.name === name)!.is_1099_contractor;
    expect([await flag("Dora Design"), await flag("Ed Electric")]).toEqual([true, false]);
    expect((await importCsv("name,email\r\nDora Design,dora@example.com\r\nFay Farms,fay@example.com\r\n")).status).toBe(200);
    expect([await flag("Dora Design"), await flag("Fay Farms")]).toEqual([true, false]);
    const rows = Papa.parse<string[]>((await exported()).trimEnd(), { newline: "\r\n" }).data;
    expect(rows.find((r) => r[0] === "Dora Design")!.at(-1)).toBe("true");
    const bad = await importCsv("name,is_1099_contractor\r\nGus,perhaps\r\n");
    expect(((await bad.json()) as Refusal).fields).toEqual({ "rows.2.is_1099_contractor": "is_1099_contractor must be true or false" });
  });

  it("refuses a header naming an unknown column, an empty file, JSON, and a viewer", async () => {
    const unknown = await importCsv("name,colour\nDan,red");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Refusal).fields).toEqual({ "rows.1.colour": 'Unknown column "colour"' });
    const empty = await importCsv("");
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Refusal).fields).toEqual({ file: "The file is empty" });
    const headerOnly = await importCsv("name,email\r\n");
    expect(((await headerOnly.json()) as Refusal).fields).toEqual({ file: "The file has no contacts" });
    expect((await call("/contacts/import", { json: { name: "x" } })).status).toBe(415);
    const viewer = await createSignedInUser(t);
    await addMember(t.ctx.db, org, viewer.id, "viewer");
    expect((await importCsv("name\nEve", false, viewer)).status).toBe(403);
    expect((await call("/contacts.csv", {}, viewer)).status).toBe(200);
  });
});
