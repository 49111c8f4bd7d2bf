import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyIn } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import type { AgingReport } from "~/features/sales/sales.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";
import { pdfText } from "../support/pdf.ts";

/*
 * The month-end pack gains the aged receivables and payables as of the month's last day (decision 116): the totals by
 * bucket, the contacts owing or owed the most (the others as one line), and the control account's balance; books that
 * never used customers and suppliers get neither page.
 */

describe("the month-end pack's aging summaries", () => {
  let t: TestApp;
  let owner: TestUser;
  let org: number;
  let currency: string;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner, orgId = org) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
  const packText = async (month: string, user = owner, orgId = org) => {
    const { pack } = await ok<{ pack: { id: number } }>(call("/packs", { json: { month } }, user, orgId));
    return pdfText(Buffer.from(await (await call(`/packs/${pack.id}/pdf`, {}, user, orgId)).arrayBuffer()));
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Aging Pack Co" });
    org = ((await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number; currency: string }[] }).organizations[0]!.id;
    const [row] = await queryRows<{ currency: string }>(t.ctx.db, sql`select currency from organizations where id = ${org}`);
    currency = row!.currency;
    const { accounts } = await ok<{ accounts: { id: number; account_type: string }[] }>(call("/accounts"));
    const revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
    const expense = accounts.find((a) => a.account_type === "Expense")!.id;
    const document = async (kind: string, contact: number, date: string, amount: string, account: number) => {
      const { document: d } = await ok<{ document: { id: number } }>(
        call("/documents", { json: { kind, contact_id: contact, issue_date: date, lines: [{ description: "Work", quantity: "1", unit_price: amount, account_id: account }] } }),
      );
      await ok(call(`/documents/${d.id}/approve`, { method: "POST" }));
    };
    // Twelve customers, each owing a different amount at a different age on October 31; one invoiced after it.
    for (let i = 0; i < 12; i++) {
      const { contact } = await ok<{ contact: { id: number } }>(call("/contacts", { json: { name: `Customer ${String(i + 1).padStart(2, "0")}`, payment_terms_days: 0 } }));
      await document("invoice", contact.id, `2026-${String(5 + (i % 5)).padStart(2, "0")}-${String(10 + i).padStart(2, "0")}`, `${(i + 1) * 100}.50`, revenue);
    }
    const { contact: late } = await ok<{ contact: { id: number } }>(call("/contacts", { json: { name: "November Customer" } }));
    await document("invoice", late.id, "2026-11-03", "999.00", revenue);
    const { contact: supplier } = await ok<{ contact: { id: number } }>(call("/contacts", { json: { name: "Paper Mill", is_customer: false, is_supplier: true } }));
    await document("bill", supplier.id, "2026-10-20", "345.67", expense);
  });
  afterAll(() => t?.close());

  it("prints both sides as of the month's end: bucket totals, the ten largest, the rest as one line, the control account", async () => {
    const text = await packText("2026-10");
    const f = moneyIn(currency);
    const receivable = await ok<{ aging: AgingReport }>(call("/aging?side=receivable&as_of=2026-10-31")).then((r) => r.aging);
    const payable = await ok<{ aging: AgingReport }>(call("/aging?side=payable&as_of=2026-10-31")).then((r) => r.aging);
    expect(text).toContain("Aged receivables summary");
    expect(text).toContain("Aged payables summary");
    expect(text).toContain("As of October 31, 2026");
    expect(text).toContain("Contact Current 1-30 days 31-60 days 61-90 days Over 90 Total");
    // The largest first: Customer 12 owes 1,200.50; the two smallest (Customers 01 and 02) are one line.
    expect(text).toContain(`Customer 12`);
    expect(text).not.toContain("Customer 01 ");
    expect(text).not.toContain("November Customer");
    expect(text.indexOf("Customer 12")).toBeLessThan(text.indexOf("Customer 11"));
    expect(text).toContain(`2 other contacts`);
    expect(text).toContain(`Total ${["current", "1_30", "31_60", "61_90", "over_90"].map((b) => f.money(receivable.totals[b as "current"])).join(" ")} ${f.money(receivable.totals.total)}`);
    expect(receivable.totals.total).toBe(receivable.control_account.balance);
    expect(text).toContain(`${receivable.control_account.code} ${receivable.control_account.name}, balance ${f.money(receivable.control_account.balance)}`);
    expect(payable.totals.total).toBe("345.67");
    expect(text).toContain("Paper Mill");
    expect(text).toContain(`${payable.control_account.code} ${payable.control_account.name}, balance ${f.money("345.67")}`);
    expect(text).toContain("Trial Balance, Aged receivables summary, Aged payables summary");
  });

  it("books that never used customers and suppliers get no aging page, and the pack makes nothing for them", async () => {
    const other = await createSignedInUser(t, { companyName: "No Sales Co" });
    const otherOrg = ((await (await t.request("/api/accounting/orgs", { cookie: other.cookie })).json()) as { organizations: { id: number }[] }).organizations[0]!.id;
    const text = await packText("2026-10", other, otherOrg);
    expect(text).not.toContain("Aged receivables");
    expect(await queryRows(t.ctx.db, sql`select 1 from sales_settings where organization_id = ${otherOrg}`)).toEqual([]);
  });
});
