import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import type { Account } from "~/features/ledger/ledger.types.ts";
import type { BalanceSheetReport, ProfitLossReport, StatementItem } from "~/features/reports/reports.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

interface Refusal {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

describe("laid-out statements, comparisons and the fiscal year through the API", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let chart: Account[];

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: user.cookie });
  const id = (code: string) => chart.find((a) => a.account_code === code)!.id;
  const post = async (entry_date: string, debit: string, credit: string, amount: string) => {
    const res = await call("/entries", {
      json: {
        description: `Entry ${entry_date}`,
        entry_date,
        reference: "",
        lines: [
          { account_id: id(debit), description: null, debit_amount: amount, credit_amount: "0" },
          { account_id: id(credit), description: null, debit_amount: "0", credit_amount: amount },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { entry } = (await res.json()) as { entry: { id: number } };
    expect((await call(`/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
  };
  const report = async <R>(type: string, query: string) => {
    const res = await call(`/reports/${type}?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { report: R }).report;
  };
  const item = (items: StatementItem[], key: string) => items.find((i) => i.key === key);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Statements Co" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    // A sub-account of rent: 6010 Office Rent under 6000 Rent Expense.
    const sub = await call("/accounts", {
      method: "POST",
      json: { account_code: "6010", account_name: "Office Rent", account_type: "Expense", parent_id: undefined },
    });
    expect(sub.status).toBe(201);
    chart = ((await (await call("/accounts")).json()) as { accounts: Account[] }).accounts;
    await call(`/accounts/${id("6010")}`, {
      method: "PATCH",
      json: { account_name: "Office Rent", account_type: "Expense", parent_id: id("6000") },
    });
    await post("2025-10-05", "1000", "3000", "10000.00"); // owner's capital
    await post("2025-10-10", "1000", "4000", "3000.00"); // October 2025 sales
    await post("2025-10-12", "5000", "1200", "1000.00"); // its cost of goods
    await post("2026-09-15", "1000", "4000", "4000.00"); // September 2026 sales
    await post("2026-10-03", "1000", "4000", "5000.00"); // October 2026 sales
    await post("2026-10-04", "5000", "1200", "2000.00");
    await post("2026-10-05", "6000", "1000", "700.00"); // rent
    await post("2026-10-06", "6010", "1000", "300.00"); // office rent
    await post("2026-10-07", "1500", "2500", "8000.00"); // a van on a loan
  });
  afterAll(() => t.close());

  it("lays out the P&L: gross profit, operating income, net income; the sub-account rolled into its parent", async () => {
    const pl = await report<ProfitLossReport>("profit_loss", "start=2026-10-01&end=2026-10-31");
    expect(pl).toMatchObject({
      total_operating_revenue: "5000.00",
      total_cost_of_sales: "2000.00",
      gross_profit: "3000.00",
      total_operating_expenses: "1000.00",
      operating_income: "2000.00",
      net_income: "2000.00",
    });
    const rent = item(pl.items, `account:${id("6000")}`)!;
    expect(rent).toMatchObject({ amounts: ["1000.00"], own_amounts: ["700.00"], has_children: true, level: 1 });
    expect(item(pl.items, `account:${id("6010")}`)).toMatchObject({ amounts: ["300.00"], level: 2, parent_key: rent.key });
    expect(pl.items.map((i) => i.kind)).not.toContain("debit");
  });

  it("compares with the previous period and the same period last year: change and per cent", async () => {
    const pl = await report<ProfitLossReport>("profit_loss", "start=2026-10-01&end=2026-10-31&compare=both");
    expect(pl.columns.map((c) => [c.key, c.start, c.end])).toEqual([
      ["current", "2026-10-01", "2026-10-31"],
      ["previous_period", "2026-09-01", "2026-09-30"],
      ["previous_year", "2025-10-01", "2025-10-31"],
    ]);
    expect(item(pl.items, "total:operating_revenue")).toMatchObject({
      amounts: ["5000.00", "4000.00", "3000.00"],
      changes: [
        { amount: "1000.00", percent: "25.0" },
        { amount: "2000.00", percent: "66.7" },
      ],
    });
    expect(item(pl.items, "total:gross_profit")!.amounts).toEqual(["3000.00", "4000.00", "2000.00"]);
    expect(item(pl.items, "total:operating_expense")!.changes).toEqual([
      { amount: "1000.00", percent: null },
      { amount: "1000.00", percent: null },
    ]);
  });

  it("the balance sheet: current and non-current assets, long-term liabilities, earnings by fiscal year, A = L + E", async () => {
    const bs = await report<BalanceSheetReport>("balance_sheet", "start=2026-10-31&end=2026-10-31&compare=previous_year");
    expect(bs).toMatchObject({
      total_current_assets: "18000.00",
      total_non_current_assets: "8000.00",
      total_assets: "26000.00",
      total_long_term_liabilities: "8000.00",
      total_liabilities: "8000.00",
      prior_years_earnings: "2000.00",
      current_year_earnings: "6000.00",
      earnings_from: "2026-01-01",
      total_equity: "18000.00",
      total_liabilities_and_equity: "26000.00",
    });
    expect(bs.columns.map((c) => c.end)).toEqual(["2026-10-31", "2025-10-31"]);
    expect(item(bs.items, "total:assets")!.amounts).toEqual(["26000.00", "12000.00"]);
    expect(item(bs.items, "total:liabilities_and_equity")!.amounts).toEqual(["26000.00", "12000.00"]);
    expect(item(bs.items, "line:current_earnings")!.amounts).toEqual(["6000.00", "2000.00"]);
  });

  it("a fiscal year starting in October moves the current-year earnings; set by owners and accountants only, audited", async () => {
    expect(await (await call("/fiscal-year")).json()).toEqual({ fiscal_year: { fiscal_year_start_month: 1 } });
    const bad = await call("/fiscal-year", { method: "PUT", json: { fiscal_year_start_month: 13 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Refusal).fields).toEqual({ fiscal_year_start_month: "Choose the month the fiscal year starts in" });
    expect((await call("/fiscal-year", { method: "PUT", json: {} })).status).toBe(400);
    expect((await call("/fiscal-year", { method: "PUT", json: { fiscal_year_start_month: 10 } }, viewer)).status).toBe(403);
    const set = await call("/fiscal-year", { method: "PUT", json: { fiscal_year_start_month: 10 } });
    expect(await set.json()).toEqual({ fiscal_year: { fiscal_year_start_month: 10 } });

    const bs = await report<BalanceSheetReport>("balance_sheet", "start=2026-10-31&end=2026-10-31");
    // FY2027 started on 2026-10-01: October 2026 is the current year; everything before it earlier years'.
    expect(bs).toMatchObject({ earnings_from: "2026-10-01", current_year_earnings: "2000.00", prior_years_earnings: "6000.00" });
    expect(bs.total_assets).toBe(bs.total_liabilities_and_equity);

    const audit = await queryRows<{ action: string; before: unknown; after: unknown }>(
      t.ctx.db,
      sql`select action, before, after from audit_log
           where target_type = 'organization' and target_id = ${String(orgId)} and action = 'books.fiscal_year_changed'`,
    );
    expect(audit).toEqual([
      { action: "books.fiscal_year_changed", before: { fiscal_year_start_month: 1 }, after: { fiscal_year_start_month: 10 } },
    ]);
    await call("/fiscal-year", { method: "PUT", json: { fiscal_year_start_month: 1 } });
  });

  it("refuses a comparison it does not know, naming the field", async () => {
    const res = await call("/reports/profit_loss?start=2026-10-01&end=2026-10-31&compare=yesterday");
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).fields).toHaveProperty("compare");
  });
});
