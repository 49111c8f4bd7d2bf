import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { invoiceRunDates, type InvoiceSchedule, type RecurringFrequency } from "~/features/sales/recurring-invoices.schema.ts";
import { todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { jobProcess } from "../support/job-processes.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath, firstBooks } from "../support/books.ts";

// Two processes of the site on one PostgreSQL database (the embedded database has one process by design), both
// starting after downtime with the same recurring invoices due: each run's invoice is made exactly once, and the
// approved ones are numbered without a gap. Runs when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("recurring invoices with two server processes", () => {
  let t: TestApp;
  let owner: TestUser;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Two Process Invoices" });
    orgId = Number((await firstBooks(t)(owner.cookie)).split("/").pop());
  });
  afterAll(() => t.close());

  it("catch-up at start: every due run of 16 schedules made once, by one process or the other", async () => {
    const call = async <T>(path: string, json: unknown): Promise<T> => {
      const res = await t.request(`${booksPath(orgId)}${path}`, { cookie: owner.cookie, json });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return (await res.json()) as T;
    };
    const [revenue] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from chart_of_accounts where organization_id = ${orgId} and account_type = 'Revenue' order by account_code limit 1`,
    );
    const customer = (await call<{ contact: { id: number } }>("/contacts", { name: "Standing Order Ltd", payment_terms_days: 10 })).contact.id;
    const frequencies: RecurringFrequency[] = ["weekly", "monthly", "quarterly", "yearly"];
    const today = todayIso();
    const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    let expected = 0;
    let approved = 0;
    for (let i = 0; i < 16; i++) {
      const s: InvoiceSchedule = {
        frequency: frequencies[i % 4]!,
        day_of_month: [1, 15, 28, 31][i % 4]!,
        start_date: i % 4 === 0 ? `2025-${String((i % 9) + 3).padStart(2, "0")}-10` : `2024-0${(i % 9) + 1}-10`,
      };
      const runs = invoiceRunDates(s, null, 1000).filter((d) => d <= today).length;
      expected += runs;
      if (i % 2 === 0) approved += runs;
      // Saved through the API with a start ahead (nothing made), then moved back as if its runs came due while no
      // process ran.
      const { recurring_invoice: r } = await call<{ recurring_invoice: { id: number } }>("/recurring-invoices", {
        contact_id: customer,
        reference: `S${i}`,
        lines: [{ description: `Service ${i}`, quantity: "1", unit_price: `${100 + i}.25`, account_id: Number(revenue!.id) }],
        frequency: s.frequency,
        day_of_month: s.day_of_month,
        start_date: ahead,
        approve: i % 2 === 0,
      });
      await t.ctx.db.execute(
        sql`update recurring_invoices set start_date = ${s.start_date}::date, next_run_on = ${invoiceRunDates(s, null, 1)[0]!}::date
             where id = ${r.id}`,
      );
    }
    expect(expected).toBeGreaterThan(200);

    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const both = Promise.all([
      jobProcess(t.testDb.url!, started, "recurring invoices made", "made"),
      jobProcess(t.testDb.url!, started, "recurring invoices made", "made"),
    ]);
    // Both have connected and migrated; then both start their jobs at once.
    setTimeout(go, 3000);
    const made = await both;

    // Neither process stumbled on the other's work (a run taken twice would fail on its run row and stop that job).
    expect(made.flatMap((p) => p.errors)).toEqual([]);
    expect(made[0]!.count + made[1]!.count).toBe(expected);
    const [counts] = await queryRows<{ runs: string; invoices: string; distinct_runs: string; approved: string; max_number: string | null; paused: string }>(
      t.ctx.db,
      sql`select (select count(*) from recurring_invoice_runs x join recurring_invoices r on r.id = x.recurring_invoice_id where r.organization_id = ${orgId}) as runs,
                 (select count(*) from sales_documents where organization_id = ${orgId} and recurring_invoice_id is not null) as invoices,
                 (select count(distinct (recurring_invoice_id, issue_date)) from sales_documents where organization_id = ${orgId} and recurring_invoice_id is not null) as distinct_runs,
                 (select count(*) from sales_documents where organization_id = ${orgId} and status = 'approved') as approved,
                 (select max(substring(number from 5)::integer) from sales_documents where organization_id = ${orgId} and kind = 'invoice') as max_number,
                 (select count(*) from recurring_invoices where organization_id = ${orgId} and status <> 'active') as paused`,
    );
    expect(Number(counts!.runs)).toBe(expected);
    expect(Number(counts!.invoices)).toBe(expected);
    expect(Number(counts!.distinct_runs)).toBe(expected);
    expect(Number(counts!.approved)).toBe(approved);
    // Numbers without a gap: no approval was made and then undone.
    expect(Number(counts!.max_number)).toBe(approved);
    expect(Number(counts!.paused)).toBe(0);
    const behind = await queryRows(t.ctx.db, sql`select id from recurring_invoices where organization_id = ${orgId} and next_run_on <= ${today}::date`);
    expect(behind).toEqual([]);
  }, 180_000);
});
