import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";
import { ledgerBalances } from "../support/ledger.ts";
import type { AgingReport, Contact, DocumentDetails, OpenItem, PaymentResult, Statement } from "~/features/sales/sales.types.ts";

/*
 * Customers and suppliers (decision 116), through the API: invoices with tax and discounts approved (numbered,
 * posted), paid in part, in full and over, credited and voided; bills; allocations undone; the aging as of three days
 * compared with sums computed here from the documents and payments, and with the control account; every bad input a
 * 400 naming its field, nothing written.
 */

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

const cents = (d: string) => Math.round(Number(d) * 100);

describe("sales and purchases", () => {
  let t: TestApp;
  let user: TestUser;
  let org: number;
  const acc: Record<string, number> = {};
  let vat21: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const refused = async (res: Response | Promise<Response>, field: string, status = 400) => {
    const r = await res;
    const body = (await r.json()) as Refusal;
    expect(r.status, JSON.stringify(body)).toBe(status);
    if (status === 400) expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    return body;
  };
  const counts = async () =>
    (
      await queryRows<{ entries: number; allocations: number; documents: number }>(
        t.ctx.db,
        sql`select (select count(*)::integer from journal_entries where organization_id = ${org}) as entries,
                   (select count(*)::integer from allocations where organization_id = ${org}) as allocations,
                   (select count(*)::integer from sales_documents where organization_id = ${org}) as documents`,
      )
    )[0]!;
  const contact = (name: string, o: Partial<Contact> = {}) =>
    ok<{ contact: Contact }>(call("/contacts", { json: { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`, ...o } })).then((r) => r.contact);
  const line = (description: string, quantity: string, unit_price: string, o: Record<string, unknown> = {}) => ({
    description,
    quantity,
    unit_price,
    account_id: acc.revenue,
    ...o,
  });
  const draft = (kind: string, contact_id: number, issue_date: string, lines: unknown[], o: Record<string, unknown> = {}) =>
    ok<{ document: DocumentDetails }>(call("/documents", { json: { kind, contact_id, issue_date, lines, ...o } })).then((r) => r.document);
  const approve = (id: number) => ok<{ document: DocumentDetails }>(call(`/documents/${id}/approve`, { method: "POST" })).then((r) => r.document);
  const doc = (id: number) => ok<{ document: DocumentDetails }>(call(`/documents/${id}`)).then((r) => r.document);
  const pay = (json: Record<string, unknown>) => ok<{ payment: PaymentResult }>(call("/payments", { json })).then((r) => r.payment);
  const aging = (side: string, asOf: string) => ok<{ aging: AgingReport }>(call(`/aging?side=${side}&as_of=${asOf}`)).then((r) => r.aging);

  let alice: Contact;
  let bob: Contact;
  let supplier: Contact;
  let inv1: DocumentDetails;
  let inv2: DocumentDetails;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createSignedInUser(t, { companyName: "Corner Bakery" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] };
    org = orgs.organizations[0]!.id;
    const { accounts } = await ok<{ accounts: { id: number; account_code: string; account_name: string; account_type: string }[] }>(call("/accounts"));
    const named = (name: string) => accounts.find((a) => a.account_name === name)!.id;
    acc.bank = accounts.find((a) => a.account_type === "Asset")!.id;
    acc.revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
    acc.expense = accounts.find((a) => a.account_type === "Expense")!.id;
    acc.ar = named("Accounts Receivable");
    acc.ap = named("Accounts Payable");
    acc.vat = accounts.filter((a) => a.account_type === "Liability").find((a) => a.id !== acc.ap)!.id;
    const [code] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into tax_codes (organization_id, code, name, kind, applies_to, base_boxes)
          values (${org}, 'S21', 'Sales 21%', 'output', 'sales', '{}'::text[]) returning id`,
    );
    vat21 = Number(code!.id);
    await t.ctx.db.execute(
      sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id, boxes)
          values (${org}, ${vat21}, 1, 'VAT', 21, 'due', ${acc.vat}, '{}'::text[])`,
    );
    alice = await contact("Alice Ltd", { payment_terms_days: 14 } as Partial<Contact>);
    bob = await contact("Bob & Co");
    supplier = await contact("Paper Supplies", { is_customer: false, is_supplier: true } as Partial<Contact>);
  });
  afterAll(async () => t?.close());

  it("prices a draft as it will post: quantity × price less the discount, tax per line, due from the terms", async () => {
    inv1 = await draft("invoice", alice.id, "2026-09-01", [
      line("Bread", "3", "2.50"),
      line("Cake", "2", "19.99", { discount_percent: "10", tax_code_id: vat21 }),
    ]);
    // 7.50 untaxed; 39.98 less 10 % = 35.982 → 35.98, its tax 21 % = 7.5558 → 7.56.
    expect(inv1.lines.map((l) => l.amount)).toEqual(["7.50", "35.98"]);
    expect([inv1.subtotal, inv1.tax_total, inv1.total]).toEqual(["43.48", "7.56", "51.04"]);
    expect(inv1.status).toBe("draft");
    expect(inv1.number).toBeNull();
    expect(inv1.due_date).toBe("2026-09-15");
  });

  it("approves: the series' next number, one posted entry with the receivable line naming the customer", async () => {
    inv1 = await approve(inv1.id);
    expect(inv1.number).toBe("INV-0001");
    expect(inv1.state).toBe("overdue");
    expect(inv1.owed).toBe("51.04");
    expect(inv1.taxes).toEqual([{ tax_code_id: vat21, code: "S21", name: "Sales 21%", amount: "7.56" }]);
    const lines = await queryRows<{ account_id: number; debit: string; credit: string; contact_id: number | null }>(
      t.ctx.db,
      sql`select account_id, debit_amount::text as debit, credit_amount::text as credit, contact_id from journal_entry_lines
           where journal_entry_id = ${inv1.journal_entry_id} order by line_no`,
    );
    expect(lines.find((l) => l.contact_id != null)).toMatchObject({ account_id: acc.ar, debit: "51.04", contact_id: alice.id });
    expect(lines.find((l) => Number(l.account_id) === acc.vat)).toMatchObject({ credit: "7.56" });
    // Approved once: a second approval is a conflict, and a change is refused.
    await refused(call(`/documents/${inv1.id}/approve`, { method: "POST" }), "", 409);
    await refused(call(`/documents/${inv1.id}`, { method: "PUT", json: { kind: "invoice", contact_id: alice.id, issue_date: "2026-09-01", lines: [line("x", "1", "1")] } }), "", 409);
    inv2 = await approve((await draft("invoice", bob.id, "2026-09-10", [line("Catering", "1", "400")])).id);
    expect(inv2.number).toBe("INV-0002");
  });

  it("a payment in part, then one over what is owed that settles two invoices and leaves a credit", async () => {
    const p1 = await pay({ contact_id: alice.id, side: "receivable", direction: "in", date: "2026-09-20", account_id: acc.bank, amount: "20.00", allocations: [{ item_id: inv1.item_id, amount: "20.00" }] });
    expect(p1.unallocated).toBe("0.00");
    inv1 = await doc(inv1.id);
    expect([inv1.state, inv1.owed]).toEqual(["partly_paid", "31.04"]);
    const inv3 = await approve((await draft("invoice", alice.id, "2026-10-01", [line("Pies", "10", "5")])).id);
    // 31.04 + 50.00 owed; 100.00 paid, 2.00 of it kept by the bank as a fee: 102.00 settles, 20.96 stays as credit.
    const p2 = await pay({
      contact_id: alice.id,
      side: "receivable",
      direction: "in",
      date: "2026-10-05",
      account_id: acc.bank,
      amount: "100.00",
      write_offs: [{ account_id: acc.expense, amount: "2.00", description: "Bank fee" }],
      allocations: [
        { item_id: inv1.item_id, amount: "31.04" },
        { item_id: inv3.item_id, amount: "50.00" },
      ],
    });
    expect(p2.unallocated).toBe("20.96");
    expect((await doc(inv1.id)).state).toBe("paid");
    expect((await doc(inv3.id)).state).toBe("paid");
    const { contact } = await ok<{ contact: Contact }>(call(`/contacts/${alice.id}`));
    expect(contact.receivable).toBe("-20.96");
    const { items } = await ok<{ items: OpenItem[] }>(call(`/open-items?side=receivable&contact_id=${alice.id}`));
    expect(items.map((i) => i.open)).toEqual(["-20.96"]);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const before = await counts();
    const base = { contact_id: bob.id, side: "receivable", direction: "in", date: "2026-10-06", account_id: acc.bank, amount: "10.00" };
    expect((await refused(call("/payments", { json: { ...base, allocations: [{ item_id: inv2.item_id, amount: "400.01" }] } }), "allocations.0.amount")).fields!["allocations.0.amount"]).toMatch(/400\.00/);
    await refused(call("/payments", { json: { ...base, allocations: [{ item_id: inv1.item_id, amount: "1.00" }] } }), "allocations.0.item_id");
    await refused(call("/payments", { json: { ...base, currency: "EUR" } }), "currency");
    await refused(call("/payments", { json: { ...base, amount: "5.00", allocations: [{ item_id: inv2.item_id, amount: "6.00" }] } }), "allocations");
    await refused(call("/documents", { json: { kind: "invoice", contact_id: bob.id, issue_date: "2026-10-01", lines: [] } }), "lines");
    await refused(call("/documents", { json: { kind: "invoice", contact_id: bob.id, issue_date: "2026-10-01", lines: [line("Refund", "-1", "10")] } }), "lines.0.quantity");
    await refused(call("/documents", { json: { kind: "bill", contact_id: bob.id, issue_date: "2026-10-01", lines: [line("x", "1", "10")] } }), "contact_id");
    // The issue date is named as the form names it.
    expect((await refused(call("/documents", { json: { kind: "invoice", contact_id: bob.id, issue_date: "1899-12-31", lines: [line("x", "1", "10")] } }), "issue_date")).fields).toEqual({ issue_date: "Issue date must not be before 1900-01-01" });
    // Another organization's item is not found.
    const other = await createSignedInUser(t, { companyName: "Other Books" });
    const otherOrg = ((await (await t.request("/api/accounting/orgs", { cookie: other.cookie })).json()) as { organizations: { id: number }[] }).organizations[0]!.id;
    const otherCall = (path: string, init: RequestInit & { json?: unknown } = {}) => t.request(`${booksPath(otherOrg)}${path}`, { ...init, cookie: other.cookie });
    const oc = ((await (await otherCall("/contacts", { json: { name: "Zed" } })).json()) as { contact: Contact }).contact;
    await refused(otherCall("/payments", { json: { ...base, contact_id: oc.id, account_id: (await ok<{ accounts: { id: number; account_type: string }[] }>(otherCall("/accounts"))).accounts.find((a) => a.account_type === "Asset")!.id, allocations: [{ item_id: inv2.item_id, amount: "1.00" }] } }), "allocations.0.item_id");
    expect(await counts()).toEqual(before);
  });

  it("a credit note crediting an invoice settles it; voiding reverses, refused while payments are allocated", async () => {
    const cn = await approve((await draft("credit_note", bob.id, "2026-10-12", [line("Catering returned", "1", "100")], { credits_document_id: inv2.id })).id);
    expect(cn.number).toBe("CN-0001");
    inv2 = await doc(inv2.id);
    expect([inv2.state, inv2.owed]).toEqual(["partly_paid", "300.00"]);
    // The void of an invoice with the credit note allocated is refused until that allocation is undone.
    await refused(call(`/documents/${inv2.id}/void`, { json: { date: "2026-10-15" } }), "", 409);
    await ok(call(`/allocations/${inv2.payments[0]!.allocation_id}/undo`, { method: "POST" }));
    inv2 = await ok<{ document: DocumentDetails }>(call(`/documents/${inv2.id}/void`, { json: { date: "2026-10-15" } })).then((r) => r.document);
    expect([inv2.status, inv2.owed]).toEqual(["void", "0.00"]);
    // A void invoice takes no payment; the credit note is Bob's credit.
    const body = await refused(call("/allocations", { json: { debit_item_id: inv2.item_id, credit_item_id: cn.item_id, amount: "1.00" } }), "debit_item_id");
    expect(body.fields!.debit_item_id).toMatch(/void/);
    const { contact } = await ok<{ contact: Contact }>(call(`/contacts/${bob.id}`));
    expect(contact.receivable).toBe("-100.00");
  });

  it("bills wait for approval when the settings say so; suppliers are paid", async () => {
    const { settings } = await ok<{ settings: { receivable_account_id: number; payable_account_id: number } }>(call("/sales/settings"));
    expect(settings).toMatchObject({ receivable_account_id: acc.ar, payable_account_id: acc.ap });
    await ok(call("/sales/settings", { method: "PUT", json: { ...settings, bills_need_approval: true, client_may_send: true } }));
    const bill = await draft("bill", supplier.id, "2026-09-05", [line("Paper", "100", "0.35", { account_id: acc.expense })], { reference: "PS-7781" });
    await refused(call(`/documents/${bill.id}/approve`, { method: "POST" }), "", 409);
    await ok(call(`/documents/${bill.id}/submit`, { method: "POST" }));
    const approved = await approve(bill.id);
    expect([approved.number, approved.total, approved.due_date]).toEqual(["BILL-0001", "35.00", "2026-10-05"]);
    await pay({ contact_id: supplier.id, side: "payable", direction: "out", date: "2026-10-20", account_id: acc.bank, amount: "35.00", allocations: [{ item_id: approved.item_id, amount: "35.00" }] });
    expect((await doc(bill.id)).state).toBe("paid");
  });

  it("ages what is owed as of three days, right for past days, equal to the control account", async () => {
    // Alice: INV-0001 51.04 (2026-09-01, due 09-15), paid 20.00 on 09-20 and 31.04 on 10-05; INV-0003 50.00 (10-01, due 10-15)
    // paid 10-05; 20.96 credit from 10-05. Bob: INV-0002 400.00 (09-10, due 10-10), credited 100.00 on 10-12 (undone), void
    // 10-15; CN-0001 100.00 credit from 10-12.
    const sep30 = await aging("receivable", "2026-09-30");
    expect(sep30.rows.map((r) => [r.contact_name, r.buckets["1_30"], r.buckets.current, r.total])).toEqual([
      ["Alice Ltd", "31.04", "0.00", "31.04"],
      ["Bob & Co", "0.00", "400.00", "400.00"],
    ]);
    expect(sep30.totals.total).toBe(sep30.control_account.balance);
    const oct13 = await aging("receivable", "2026-10-13");
    expect(oct13.rows.map((r) => [r.contact_name, r.total])).toEqual([
      ["Alice Ltd", "-20.96"],
      ["Bob & Co", "300.00"],
    ]);
    expect(oct13.totals.total).toBe("279.04");
    expect(oct13.control_account.balance).toBe("279.04");
    const nov = await aging("receivable", "2026-11-30");
    expect(nov.totals.total).toBe("-120.96");
    expect(nov.control_account.balance).toBe("-120.96");
    const payables = await aging("payable", "2026-10-01");
    expect([payables.totals.current, payables.control_account.balance]).toEqual(["35.00", "35.00"]);
  });

  it("a statement: brought forward, the period's lines with the running balance, what is due", async () => {
    const { statement } = await ok<{ statement: Statement }>(call(`/contacts/${alice.id}/statement?from=2026-09-15&to=2026-10-31`));
    expect(statement.opening_balance).toBe("51.04");
    expect(statement.lines.map((l) => [l.description, l.charge, l.credit, l.balance])).toEqual([
      ["Payment from Alice Ltd", "0.00", "20.00", "31.04"],
      ["Invoice INV-0003", "50.00", "0.00", "81.04"],
      ["Payment from Alice Ltd", "0.00", "102.00", "-20.96"],
    ]);
    expect(statement.closing_balance).toBe("-20.96");
    expect(statement.aging.total).toBe("-20.96");
  });

  it("a date behind the lock is refused naming the field", async () => {
    await ok(call("/lock", { method: "PUT", json: { lock_date: "2026-09-30", reason: "September closed" } }));
    const d = await draft("invoice", bob.id, "2026-09-29", [line("Late", "1", "10")]);
    await refused(call(`/documents/${d.id}/approve`, { method: "POST" }), "issue_date");
    expect((await doc(d.id)).status).toBe("draft");
    await refused(call("/payments", { json: { contact_id: bob.id, side: "receivable", direction: "in", date: "2026-09-15", account_id: acc.bank, amount: "1.00" } }), "date");
    // Another approval takes the next number: no gap from the refusal.
    expect((await approve((await draft("invoice", bob.id, "2026-10-29", [line("On time", "1", "10")])).id)).number).toBe("INV-0004");
    expect(cents("0.10")).toBe(10);
  });

  it("numbers past 9,999 keep every digit", async () => {
    await t.ctx.db.execute(sql`update document_series set last_number = 9999 where organization_id = ${org} and kind = 'invoice'`);
    const d = await approve((await draft("invoice", bob.id, "2026-11-02", [line("Ten thousand", "1", "1")])).id);
    expect(d.number).toBe("INV-10000");
  });

  it("the trial balance equals ledger's balances over the exported journal", async () => {
    const exported = await (await t.request(`/api/books-csv/${org}/journal.csv`, { cookie: user.cookie })).text();
    const byLedger = ledgerBalances(exported);
    const { report } = await ok<{ report: { rows: { account_code: string; closing_debit: string; closing_credit: string }[] } }>(
      call("/reports/trial_balance?start=2000-01-01&end=2026-12-31"),
    );
    const byProduct = new Map(
      report.rows.map((r) => [r.account_code, cents(r.closing_debit) - cents(r.closing_credit)] as const).filter(([, net]) => net !== 0),
    );
    expect(byProduct.size).toBeGreaterThan(4);
    expect(byLedger).toEqual(byProduct);
  });
});
