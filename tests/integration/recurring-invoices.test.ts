import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { invoiceRunDates } from "~/features/sales/recurring-invoices.schema.ts";
import { runDueRecurringInvoices } from "~/features/sales/recurring-invoices.server.ts";
import type { RecurringInvoiceDetails, RecurringInvoicesAnswer } from "~/features/sales/recurring-invoices.types.ts";
import type { DocumentDetails, DocumentPage } from "~/features/sales/sales.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

/*
 * Recurring invoices (decision 116): a template and its schedule; each run's invoice a copy of the template dated the
 * run's date and due from the customer's terms, made once, oldest first after downtime, as a draft or approved; a run
 * that cannot be made pauses the schedule with the reason; pause, resume, change and delete through the API.
 */

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe("recurring invoices", () => {
  let t: TestApp;
  let owner: TestUser;
  let org: number;
  let customer: number;
  let revenue: number;
  const today = todayIso();

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const refused = async (res: Response | Promise<Response>, status: number, field?: string) => {
    const r = await res;
    const body = (await r.json()) as Refusal;
    expect(r.status, JSON.stringify(body)).toBe(status);
    if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    return body;
  };
  const body = (o: Record<string, unknown> = {}) => ({
    contact_id: customer,
    reference: "Retainer",
    notes: "Thank you",
    lines: [
      { description: "Monthly bookkeeping", quantity: "1", unit_price: "250.00", account_id: revenue },
      { description: "Payroll, per employee", quantity: "3", unit_price: "12.50", discount_percent: "10", account_id: revenue },
    ],
    frequency: "monthly",
    day_of_month: 15,
    start_date: "2026-08-01",
    approve: false,
    ...o,
  });
  const create = (o: Record<string, unknown> = {}, user = owner) =>
    ok<{ recurring_invoice: RecurringInvoiceDetails }>(call("/recurring-invoices", { json: body(o) }, user)).then((r) => r.recurring_invoice);
  const get = (id: number) => ok<{ recurring_invoice: RecurringInvoiceDetails }>(call(`/recurring-invoices/${id}`)).then((r) => r.recurring_invoice);
  const made = (id: number) =>
    queryRows<{ id: number; issue_date: string; due_date: string; status: string; number: string | null; total: string }>(
      t.ctx.db,
      sql`select id, issue_date::text as issue_date, due_date::text as due_date, status, number, total::text as total
            from sales_documents where recurring_invoice_id = ${id} order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Retainer Co" });
    org = ((await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] }).organizations[0]!.id;
    const { accounts } = await ok<{ accounts: { id: number; account_type: string }[] }>(call("/accounts"));
    revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
    customer = (await ok<{ contact: { id: number } }>(call("/contacts", { json: { name: "Acme Client", payment_terms_days: 14 } }))).contact.id;
  });
  afterAll(() => t?.close());

  it("a schedule starting in the past makes its due runs at once: drafts dated each run, due from the terms", async () => {
    const r = await create();
    const due = invoiceRunDates({ frequency: "monthly", day_of_month: 15, start_date: "2026-08-01" }, null, 24).filter((d) => d <= today);
    expect(due.length).toBeGreaterThan(2);
    expect(r).toMatchObject({ status: "active", runs: due.length, contact_name: "Acme Client", total: "283.75", approve: false });
    expect(r.next_run_on).toBe(invoiceRunDates({ frequency: "monthly", day_of_month: 15, start_date: "2026-08-01" }, due.at(-1)!, 1)[0]);
    expect(r.upcoming).toHaveLength(3);
    expect(r.template.status).toBe("template");
    const invoices = await made(r.id);
    expect(invoices.map((i) => [i.issue_date, i.due_date, i.status, i.total])).toEqual(due.map((d) => [d, addDays(d, 14), "draft", "283.75"]));
    const first = await ok<{ document: DocumentDetails }>(call(`/documents/${invoices[0]!.id}`)).then((x) => x.document);
    expect(first.lines.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ["Monthly bookkeeping", "1.0000", "250.00"],
      ["Payroll, per employee", "3.0000", "33.75"],
    ]);
    expect([first.reference, first.notes, first.kind]).toEqual(["Retainer", "Thank you", "invoice"]);
    expect(r.recent_runs.map((x) => x.run_on)).toEqual([...due].reverse());
    // The template is not one of the books' documents.
    const { documents } = await ok<DocumentPage>(call("/documents?kind=invoice"));
    expect(documents.map((d) => d.id)).not.toContain(r.template_document_id);
    expect(documents).toHaveLength(due.length);
  });

  it("approves each invoice when asked: numbered in order, posted; weekly runs every seven days", async () => {
    const start = addDays(today, -20);
    const r = await create({ frequency: "weekly", start_date: start, approve: true, lines: [{ description: "Support", quantity: "1", unit_price: "100", account_id: revenue }] });
    const invoices = await made(r.id);
    expect(invoices.map((i) => i.issue_date)).toEqual([start, addDays(start, 7), addDays(start, 14)]);
    expect(invoices.map((i) => [i.status, i.number])).toEqual([
      ["approved", "INV-0001"],
      ["approved", "INV-0002"],
      ["approved", "INV-0003"],
    ]);
    expect(r.next_run_on).toBe(addDays(start, 21));
    const [{ n }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from journal_entries e join sales_documents d on d.journal_entry_id = e.id
           where d.recurring_invoice_id = ${r.id} and e.status = 'posted'`,
    )) as [{ n: number }];
    expect(n).toBe(3);
  });

  it("catches up after downtime, oldest first across schedules, each run once", async () => {
    const list = await ok<RecurringInvoicesAnswer>(call("/recurring-invoices"));
    const before = await Promise.all(list.recurring_invoices.map(async (r) => (await made(r.id)).length));
    const later = addDays(today, 70);
    const expected = list.recurring_invoices.map((r) => invoiceRunDates(r, r.next_run_on ? addDays(r.next_run_on, -1) : null, 50).filter((d) => d <= later));
    const count = await runDueRecurringInvoices(t.ctx.db, later);
    expect(count).toBe(expected.flat().length);
    // Run again for the same day: nothing more.
    expect(await runDueRecurringInvoices(t.ctx.db, later)).toBe(0);
    for (const [i, r] of list.recurring_invoices.entries()) expect((await made(r.id)).length).toBe(before[i]! + expected[i]!.length);
    // Oldest first: the documents' ids follow their dates across both schedules.
    const rows = await queryRows<{ issue_date: string }>(
      t.ctx.db,
      sql`select issue_date::text as issue_date from sales_documents where organization_id = ${org} and recurring_invoice_id is not null
            and issue_date > ${today}::date order by id`,
    );
    expect(rows.map((x) => x.issue_date)).toEqual([...rows.map((x) => x.issue_date)].sort());
  });

  it("a run that cannot be made pauses the schedule with the reason; resuming runs from today", async () => {
    // An account made inactive since.
    const { account: acc } = await ok<{ account: { id: number } }>(
      call("/accounts", { json: { account_code: "4990", account_name: "Old fees", account_type: "Revenue" } }),
    );
    const r = await create({ start_date: addDays(today, 1), lines: [{ description: "Fees", quantity: "1", unit_price: "10", account_id: Number(acc!.id) }] });
    await t.ctx.db.execute(sql`update chart_of_accounts set is_active = false where id = ${acc!.id}`);
    await runDueRecurringInvoices(t.ctx.db, addDays(today, 40));
    let now = await get(r.id);
    expect(now.status).toBe("paused");
    expect(now.paused_reason).toMatch(/^The invoice of \d{4}-\d{2}-\d{2} could not be made: line 1: Account not found or inactive$/);
    expect(await made(r.id)).toEqual([]);
    await t.ctx.db.execute(sql`update chart_of_accounts set is_active = true where id = ${acc!.id}`);
    now = await ok<{ recurring_invoice: RecurringInvoiceDetails }>(call(`/recurring-invoices/${r.id}/resume`, { method: "POST" })).then((x) => x.recurring_invoice);
    expect([now.status, now.paused_reason]).toEqual(["active", null]);
    expect(now.next_run_on! >= today).toBe(true);

    // The person who set it up is a viewer now.
    const accountant = await createSignedInUser(t);
    await addMember(t.ctx.db, org, accountant.id, "accountant");
    const theirs = await create({ start_date: addDays(today, 1) }, accountant);
    await addMember(t.ctx.db, org, accountant.id, "viewer");
    await runDueRecurringInvoices(t.ctx.db, addDays(today, 40));
    now = await get(theirs.id);
    expect([now.status, now.paused_reason]).toEqual(["paused", "The person who set up this recurring invoice can no longer write invoices in these books"]);

    // A run date in the locked period: the first run, due at once when saved, pauses it there.
    await ok(call("/lock", { method: "PUT", json: { lock_date: addDays(today, -3), reason: "Closed" } }));
    const locked = await create({ frequency: "weekly", start_date: addDays(today, -6) });
    expect([locked.status, locked.runs]).toEqual(["paused", 0]);
    expect(locked.paused_reason).toBe(`The invoice of ${addDays(today, -6)} could not be made: the books are locked up to ${addDays(today, -3)}`);
    await ok(call("/lock/unlock", { method: "POST", json: { reason: "Reopened" } }));
    const audited = await queryRows(t.ctx.db, sql`select 1 from audit_log where action = 'recurring_invoice.paused'`);
    expect(audited).toHaveLength(3);
  });

  it("pauses, resumes, changes and deletes through the API; the invoices made stay", async () => {
    const r = await create({ start_date: addDays(today, 3), frequency: "yearly", day_of_month: 31 });
    expect(r.runs).toBe(0);
    await refused(call(`/recurring-invoices/${r.id}/resume`, { method: "POST" }), 409);
    const paused = await ok<{ recurring_invoice: RecurringInvoiceDetails }>(call(`/recurring-invoices/${r.id}/pause`, { method: "POST" })).then((x) => x.recurring_invoice);
    expect([paused.status, paused.upcoming]).toEqual(["paused", []]);
    await refused(call(`/recurring-invoices/${r.id}/pause`, { method: "POST" }), 409);

    // A change: the template's lines and the schedule; a start in the past makes the runs due since.
    const changed = await ok<{ recurring_invoice: RecurringInvoiceDetails }>(
      call(`/recurring-invoices/${r.id}`, {
        method: "PUT",
        json: body({ frequency: "monthly", day_of_month: 1, start_date: addDays(today, -40), lines: [{ description: "Audit", quantity: "2", unit_price: "40", account_id: revenue }] }),
      }),
    ).then((x) => x.recurring_invoice);
    expect(changed.template.lines.map((l) => l.description)).toEqual(["Audit"]);
    expect(changed.total).toBe("80.00");
    // Paused: nothing made until resumed.
    expect(changed.runs).toBe(0);
    const resumed = await ok<{ recurring_invoice: RecurringInvoiceDetails }>(call(`/recurring-invoices/${r.id}/resume`, { method: "POST" })).then((x) => x.recurring_invoice);
    expect(resumed.status).toBe("active");
    const invoices = await made(r.id);
    expect(invoices.every((i) => i.issue_date >= today)).toBe(true);

    // Bad input: a 400 naming the field, nothing written.
    const [{ n: before }] = (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from sales_documents`)) as [{ n: number }];
    await refused(call("/recurring-invoices", { json: body({ lines: [{ description: "x", quantity: "-1", unit_price: "1", account_id: revenue }] }) }), 400, "lines.0.quantity");
    await refused(call("/recurring-invoices", { json: body({ end_date: "2026-01-01" }) }), 400, "end_date");
    await refused(call("/recurring-invoices", { json: body({ frequency: "daily" }) }), 400, "frequency");
    await refused(call("/recurring-invoices", { json: body({ start_date: "1800-01-01" }) }), 400, "start_date");
    await refused(call("/recurring-invoices", { json: body({ start_date: "2010-01-01" }) }), 400, "start_date");
    await refused(call("/recurring-invoices", { json: body({ lines: [{ description: "x", quantity: "1", unit_price: "1", account_id: 999999 }] }) }), 400, "lines.0.account_id");
    const supplier = (await ok<{ contact: { id: number } }>(call("/contacts", { json: { name: "Only Supplier", is_customer: false, is_supplier: true } }))).contact.id;
    await refused(call("/recurring-invoices", { json: body({ contact_id: supplier }) }), 400, "contact_id");
    const viewer = await createSignedInUser(t);
    await addMember(t.ctx.db, org, viewer.id, "viewer");
    await refused(call("/recurring-invoices", { json: body() }, viewer), 403);
    expect((await call(`/recurring-invoices/${r.id}`, {}, viewer)).status).toBe(200);
    const [{ n: after }] = (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from sales_documents`)) as [{ n: number }];
    expect(after).toBe(before);

    // Deleted: the template goes, the invoices it made stay.
    expect((await call(`/recurring-invoices/${r.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/recurring-invoices/${r.id}`)).status).toBe(404);
    const kept = await queryRows<{ recurring_invoice_id: number | null }>(
      t.ctx.db,
      sql`select recurring_invoice_id from sales_documents where id = any(${`{${invoices.map((i) => i.id).join(",")}}`}::int[])`,
    );
    expect(kept.map((k) => k.recurring_invoice_id)).toEqual(invoices.map(() => null));
    expect(await queryRows(t.ctx.db, sql`select 1 from sales_documents where id = ${r.template_document_id}`)).toEqual([]);
    // Another organization's member finds nothing.
    const other = await createSignedInUser(t, { companyName: "Elsewhere" });
    expect((await t.request(`${booksPath(org)}/recurring-invoices`, { cookie: other.cookie })).status).toBe(404);
  });

  it("an ended schedule is not changed", async () => {
    const r = await create({ frequency: "monthly", day_of_month: 1, start_date: "2026-09-01", end_date: "2026-10-15" });
    expect([r.status, r.runs, r.next_run_on]).toEqual(["ended", 2, null]);
    await refused(call(`/recurring-invoices/${r.id}`, { method: "PUT", json: body() }), 409);
    await refused(call(`/recurring-invoices/${r.id}/pause`, { method: "POST" }), 409);
  });
});
