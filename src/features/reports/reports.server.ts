import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { previousPeriod, previousPosition, previousYear, fiscalYearStart, addMonths, type Comparison } from "~/features/ledger/index.ts";
import {
  balanceSheet,
  profitAndLoss,
  trialBalance,
  type AccountTotals,
  type Report,
  type ReportColumn,
  type ReportType,
} from "./reports.ts";
import { withoutClosingEntries } from "~/features/ledger/index.ts";
import { closingEntryTotals, fiscalYearStartMonth } from "~/features/ledger/index.server.ts";

/** A column of the balances query: its range and, for a position, the day it splits history at (the opening before). */
interface BalanceColumn {
  start: string;
  end: string;
}

type Row = Omit<AccountTotals, "debit_total" | "credit_total" | "opening_debit_total" | "opening_credit_total"> & Record<string, string>;

/**
 * The one balances query behind every report: posted debit and credit totals per account over each column's range
 * and, with `history`, the totals of everything posted before it (opening balances). Reads the per-day totals the
 * database keeps at posting. One column reads just its range; several read each range (a period) or all history to
 * the last end (positions), each sum filtered to its column. Without `history` (a period's income), the year-end
 * closing entries dated in the range are left out. `chart`: every account of the chart, those without postings too
 * (a statement's parent accounts).
 */
export async function accountBalancesByColumn(
  db: Db,
  organizationId: number,
  columns: BalanceColumn[],
  history: boolean,
  chart = false,
): Promise<AccountTotals[][]> {
  // Columns with the same range share their sums (a year's previous period is also last year's).
  const ranges = [...new Set(columns.map((c) => `${c.start}/${c.end}`))].map((r) => r.split("/") as [string, string]);
  const rangeOf = columns.map((c) => ranges.findIndex(([s, e]) => s === c.start && e === c.end));
  const lastEnd = columns.reduce((e, c) => (c.end > e ? c.end : e), columns[0]!.end);
  // The scan is the range itself (one period), or history to the last end (positions), or each period's range.
  const whole = !history && ranges.length === 1;
  const sums: SQL[] = ranges.flatMap(([start, end], i) => {
    const within = whole
      ? sql``
      : end === lastEnd
        ? sql` filter (where t.day >= ${start}::date)`
        : sql` filter (where t.day between ${start}::date and ${end}::date)`;
    const period = [sql`sum(t.debit_total)${within} as ${sql.raw(`d${i}`)}`, sql`sum(t.credit_total)${within} as ${sql.raw(`c${i}`)}`];
    if (!history) return period;
    return [
      ...period,
      sql`sum(t.debit_total) filter (where t.day < ${start}::date) as ${sql.raw(`od${i}`)}`,
      sql`sum(t.credit_total) filter (where t.day < ${start}::date) as ${sql.raw(`oc${i}`)}`,
    ];
  });
  const range = history
    ? sql`and t.day <= ${lastEnd}::date`
    : sql`and (${sql.join(
        ranges.map(([start, end]) => sql`t.day between ${start}::date and ${end}::date`),
        sql` or `,
      )})`;
  const outer = ranges.flatMap((_, i) =>
    (history ? ["d", "c", "od", "oc"] : ["d", "c"]).map((k) => sql.raw(`coalesce(s.${k}${i}, 0)::text as ${k}${i}`)),
  );
  const join = chart
    ? sql`chart_of_accounts a left join s on s.account_id = a.id where a.organization_id = ${organizationId}`
    : sql`s join chart_of_accounts a on a.id = s.account_id`;
  const rows = await queryRows<Row>(
    db,
    sql`with s as (select t.account_id, ${sql.join(sums, sql`, `)}
                     from account_day_totals t
                    where t.organization_id = ${organizationId} ${range}
                    group by t.account_id)
        select a.id as account_id, a.account_code, a.account_name, a.account_type, a.detail_type, a.parent_id, ${sql.join(outer, sql`, `)}
          from ${join}
         order by a.account_code`,
  );
  return Promise.all(
    columns.map(async (c, i) => {
      const totals: AccountTotals[] = rows.map((r) => ({
        account_id: Number(r.account_id),
        account_code: r.account_code,
        account_name: r.account_name,
        account_type: r.account_type,
        detail_type: r.detail_type,
        parent_id: r.parent_id == null ? null : Number(r.parent_id),
        debit_total: r[`d${rangeOf[i]}`]!,
        credit_total: r[`c${rangeOf[i]}`]!,
        opening_debit_total: history ? r[`od${rangeOf[i]}`]! : "0.00",
        opening_credit_total: history ? r[`oc${rangeOf[i]}`]! : "0.00",
      }));
      // A period's totals (the P&L) leave out the year-end closing entries (decision 097); positions keep them.
      return history ? totals : withoutClosingEntries(totals, await closingEntryTotals(db, organizationId, c.start, c.end));
    }),
  );
}

/** One column's balances (the trial balance, the general ledger's checks). */
export async function accountBalances(
  db: Db,
  organizationId: number,
  start: string,
  end: string,
  history: boolean,
): Promise<AccountTotals[]> {
  const [totals] = await accountBalancesByColumn(db, organizationId, [{ start, end }], history);
  return totals!;
}

export interface ReportOptions {
  /** Columns beside the period: the period before, the same period last year, or both (P&L and balance sheet). */
  compare?: Comparison;
}

/** The comparison columns of a period, in order: the period before, then the same period a year earlier. */
export function comparisonColumns(type: ReportType, start: string, end: string, compare: Comparison | undefined): ReportColumn[] {
  if (!compare || type === "trial_balance") return [];
  const out: ReportColumn[] = [];
  if (compare !== "previous_year") {
    const p =
      type === "balance_sheet"
        ? { start: previousPosition({ start, end }), end: previousPosition({ start, end }) }
        : previousPeriod({ start, end });
    out.push({ key: "previous_period", label: "Previous period", ...p });
  }
  if (compare !== "previous_period") {
    const p =
      type === "balance_sheet" ? { start: addMonths(end, -12), end: previousYear({ start: end, end }).end } : previousYear({ start, end });
    out.push({ key: "previous_year", label: "Last year", ...p });
  }
  return out;
}

/**
 * Profit and loss covers the period; the trial balance adds the balances before it (opening) and at its end
 * (closing); the balance sheet is the position at the end date (all history), its totals split at the first day of
 * the fiscal year (the current year's earnings after it). With `compare`, the P&L and the balance sheet get their
 * comparison columns from the same one query.
 */
export async function generateReport(
  db: Db,
  m: Membership,
  type: ReportType,
  start: string,
  end: string,
  options: ReportOptions = {},
): Promise<Report> {
  if (type === "trial_balance") return trialBalance(await accountBalances(db, m.organizationId, start, end, true), start, end);
  const others = comparisonColumns(type, start, end, options.compare);
  if (type === "profit_loss") {
    const [current, ...rest] = await accountBalancesByColumn(db, m.organizationId, [{ start, end }, ...others], false, true);
    return profitAndLoss(
      current!,
      start,
      end,
      others.map((column, i) => ({ column, totals: rest[i]! })),
    );
  }
  const startMonth = await fiscalYearStartMonth(db, m.organizationId);
  const splits = [end, ...others.map((c) => c.end)].map((e) => ({ start: fiscalYearStart(e, startMonth), end: e }));
  const [current, ...rest] = await accountBalancesByColumn(db, m.organizationId, splits, true, true);
  return balanceSheet(current!, start, end, {
    earningsFrom: splits[0]!.start,
    comparisons: others.map((column, i) => ({ column, totals: rest[i]! })),
  });
}
