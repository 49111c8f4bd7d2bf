import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { fiscalYearStartMonth } from "~/features/ledger/index.server.ts";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import { budgetActualReport, type BudgetAccountMonths } from "./budget-report.ts";
import { BUDGET_MONTHS, budgetMonths, fiscalYearOfMonth } from "./budgets.ts";
import type { BudgetActualReport } from "./budgets.types.ts";
import { printBooks, type PrintableReport } from "~/features/reports/index.ts";
import { budgetActualPrint } from "./budget-print.ts";

/**
 * The one statement of the budget against actual (decision 123): over the twelve months of a budget year, each
 * profit-and-loss account's posted amount by month (in cents, signed as its natural balance: credit less debit for
 * revenue, debit less credit for expenses), from the day totals the database keeps at posting
 * (`account_day_totals`, as the dashboard reads them, decision 121), the year-end closing entries and the reversals of
 * those reopened left out (they move the year's income to equity, decision 097), beside the year's budget amounts by
 * month. One row per account and month that has either. A day's month is taken without a time zone (`::timestamp`).
 */
export function budgetActualQuery(organizationId: number, fy: number, months: readonly string[]) {
  const from = `${months[0]}-01`;
  // The first day after the year: the month after the last (the budget year is twelve whole months).
  const [y, m] = months[BUDGET_MONTHS - 1]!.split("-").map(Number) as [number, number];
  const after = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return sql`
    with acc as (
      select id, account_code, account_name, account_type, detail_type from chart_of_accounts
       where organization_id = ${organizationId} and account_type in ('Revenue', 'Expense')
    ),
    moves as (
      select d.account_id, d.day, d.debit_total as debit, d.credit_total as credit, 0::numeric as budget
        from account_day_totals d
       where d.organization_id = ${organizationId}
         and d.day >= ${from}::date and d.day < ${after}::date
      union all
      select l.account_id, c.fiscal_year_end, -l.debit_amount, -l.credit_amount, 0
        from fiscal_year_closes c
        join journal_entry_lines l on l.organization_id = c.organization_id
                                  and l.journal_entry_id in (c.journal_entry_id, c.reversal_entry_id)
       where c.organization_id = ${organizationId}
         and c.fiscal_year_end >= ${from}::date and c.fiscal_year_end < ${after}::date
      union all
      select b.account_id, b.month, 0, 0, b.amount
        from budgets g join budget_amounts b on b.budget_id = g.id
       where g.organization_id = ${organizationId} and g.fiscal_year = ${fy}
         and b.month >= ${from}::date and b.month < ${after}::date
    ),
    by_month as (
      select t.account_id, to_char(t.day::timestamp, 'YYYY-MM') as month,
             sum(case when a.account_type = 'Revenue' then t.credit - t.debit else t.debit - t.credit end) as actual,
             sum(t.budget) as budget
        from moves t join acc a on a.id = t.account_id
       group by 1, 2
    )
    select a.id as account_id, a.account_code, a.account_name, a.account_type, a.detail_type, x.month,
           (x.actual * 100)::bigint::text as actual, (x.budget * 100)::bigint::text as budget
      from by_month x join acc a on a.id = x.account_id`;
}

interface StatementRow {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: "Revenue" | "Expense";
  detail_type: AccountDetailType;
  month: string;
  /** Cents, signed as the account's natural balance. */
  actual: string;
  budget: string;
}

/** The statement's rows as twelve months of actual and budget per account, in cents signed by the account's type. */
export function accountMonths(rows: readonly StatementRow[], months: readonly string[]): BudgetAccountMonths[] {
  const byAccount = new Map<number, BudgetAccountMonths>();
  const index = new Map(months.map((m, i) => [m, i]));
  for (const r of rows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    const id = Number(r.account_id);
    let a = byAccount.get(id);
    if (!a) {
      a = {
        account_id: id,
        account_code: r.account_code,
        account_name: r.account_name,
        account_type: r.account_type,
        detail_type: r.detail_type,
        actual: months.map(() => 0n),
        budget: months.map(() => 0n),
      };
      byAccount.set(id, a);
    }
    a.actual[i] = BigInt(r.actual);
    a.budget[i] = BigInt(r.budget);
  }
  return [...byAccount.values()];
}

/** Each P&L account's posted actuals by month over these twelve months (the copy of last year's actuals reads them). */
export async function yearActuals(db: Db, organizationId: number, months: readonly string[]): Promise<BudgetAccountMonths[]> {
  const rows = await queryRows<StatementRow>(db, budgetActualQuery(organizationId, 0, months));
  return accountMonths(rows, months);
}

/** The budget against actual for a month ("YYYY-MM") of its fiscal year, with the forecast of the year. */
export async function budgetActual(db: Db, organizationId: number, month: string): Promise<BudgetActualReport> {
  const startMonth = await fiscalYearStartMonth(db, organizationId);
  const fy = fiscalYearOfMonth(startMonth, month);
  const months = budgetMonths(startMonth, fy);
  const rows = await queryRows<StatementRow>(db, budgetActualQuery(organizationId, fy, months));
  const accounts = accountMonths(rows, months);
  const hasBudget = accounts.some((a) => a.budget.some((c) => c !== 0n));
  return budgetActualReport({ fiscal_year: fy, months, month, hasBudget, accounts });
}

/**
 * The month-end pack's section (decision 098): the budget against actual of the pack's month, printed, when the month's
 * fiscal year has a budget; nothing otherwise.
 */
export async function budgetPackPages(
  db: Db,
  m: { organizationId: number; organizationName: string; currency: string },
  month: string,
): Promise<PrintableReport[]> {
  const report = await budgetActual(db, m.organizationId, month);
  return report.has_budget ? budgetActualPrint(report, printBooks(m)) : [];
}
