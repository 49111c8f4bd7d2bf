import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { monthName } from "~/features/reports/index.ts";
import { dashboardQuery } from "./dashboard.server.ts";
import { dashboardFigures, dashboardWindow, monthEnd, operatingExpensesOf, shiftMonth, type DashboardRow } from "./dashboard-figures.ts";
import {
  accountValues,
  metricValues,
  type AccountAmounts,
  type FigureMetric,
  type FigureValues,
  type MetricAmounts,
} from "./commentary-figures.ts";
import type { DashboardMonth, MonthFigures } from "./dashboard.types.ts";

/** Months the commentary reads: its month and the twelve before it (last month, and the same month last year). */
const COMMENTARY_MONTHS = 13;

/**
 * The dashboard's figures of a month (decision 121: the same statement, the same definitions), beside last month and
 * the same month last year: revenue, gross margin and net income of each month, its operating expenses, cash at its
 * end. The dashboard's window is taken as of the first day after the month, thirteen months long.
 */
async function metricAmounts(
  db: Db,
  organizationId: number,
  currency: string,
  month: string,
): Promise<Record<FigureMetric, MetricAmounts>> {
  const window = dashboardWindow(`${shiftMonth(month, 1)}-01`, COMMENTARY_MONTHS);
  const rows = await queryRows<DashboardRow>(db, dashboardQuery(organizationId, window));
  const f = dashboardFigures(rows, window, currency, monthName);
  const [now, before] = [f.months.at(-1)!, f.months.at(-2)!] as [DashboardMonth, DashboardMonth];
  const income = (key: keyof MonthFigures): MetricAmounts => ({
    month: now.figures[key],
    lastMonth: before.figures[key],
    lastYear: now.lastYear[key],
  });
  return {
    revenue: income("revenue"),
    gross_margin: income("grossMargin"),
    net_income: income("netIncome"),
    operating_expenses: {
      month: operatingExpensesOf(rows, month),
      lastMonth: operatingExpensesOf(rows, shiftMonth(month, -1)),
      lastYear: operatingExpensesOf(rows, shiftMonth(month, -12)),
    },
    cash: { month: f.cashMonthEnds.at(-1)!.balance, lastMonth: f.cashMonthEnds.at(-2)!.balance, lastYear: f.cashMonthEnds[0]!.balance },
  };
}

/**
 * Accounts' figures of a month from the posted day totals: what moved on each in the month and its balance at the
 * month's end (the general ledger's closing balance), in its normal sign (debit less credit for assets and expenses,
 * credit less debit for the rest). `codes` "all": the active accounts, for the menu; else those the text names.
 */
async function accountAmounts(db: Db, organizationId: number, month: string, codes: "all" | string[]): Promise<AccountAmounts[]> {
  if (codes !== "all" && codes.length === 0) return [];
  const which = codes === "all" ? sql`a.is_active` : sql`a.account_code = any(${pgArray(codes)}::text[])`;
  return queryRows<AccountAmounts>(
    db,
    sql`select a.account_code as code, a.account_name as name,
               (case when a.account_type in ('Asset', 'Expense') then 1 else -1 end
                 * coalesce(sum(t.debit_total - t.credit_total) filter (where t.day >= ${`${month}-01`}::date), 0))::text as movement,
               (case when a.account_type in ('Asset', 'Expense') then 1 else -1 end
                 * coalesce(sum(t.debit_total - t.credit_total), 0))::text as balance
          from chart_of_accounts a
          left join account_day_totals t on t.organization_id = a.organization_id and t.account_id = a.id
                                        and t.day <= ${monthEnd(month)}::date
         where a.organization_id = ${organizationId} and ${which}
         group by a.id, a.account_code, a.account_name, a.account_type
         order by a.account_code`,
  );
}

/** Every figure of a month a commentary may insert, and the accounts (all active ones, or those named). */
export async function commentaryFigures(
  db: Db,
  organizationId: number,
  currency: string,
  month: string,
  codes: "all" | string[],
): Promise<{ values: FigureValues; accounts: AccountAmounts[] }> {
  // One after the other: inside a transaction the embedded database has one connection.
  const metrics = await metricAmounts(db, organizationId, currency, month);
  const accounts = await accountAmounts(db, organizationId, month, codes);
  return { values: { ...metricValues(metrics, currency), ...accountValues(accounts, currency) }, accounts };
}

/** The account codes of the books among `codes` (the others are not in the chart). */
export async function knownAccountCodes(db: Db, organizationId: number, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select account_code as code from chart_of_accounts
         where organization_id = ${organizationId} and account_code = any(${pgArray(codes)}::text[])`,
  );
  return new Set(rows.map((r) => r.code));
}
