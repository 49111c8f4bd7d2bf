import { centsToDecimal, toCents } from "~/lib/money.ts";
import { balanceCents, type AccountType } from "~/features/ledger/index.ts";
import type { StatementItem } from "./statement-layout.ts";
import { balanceSheetItems, earnings, profitLossItems, statementAccounts, withChanges } from "./statements.ts";
import type { ReportColumn } from "./report-types.ts";

export type { ReportColumn, StatementItem };
export type * from "./report-types.ts";
import type {
  AccountTotals,
  BalanceSheetReport,
  ProfitLossReport,
  Report,
  ReportRow,
  TrialBalanceReport,
  TrialBalanceRow,
} from "./report-types.ts";

export const REPORT_TYPES = ["trial_balance", "profit_loss", "balance_sheet"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_LABELS: Record<ReportType, string> = {
  trial_balance: "Trial Balance",
  profit_loss: "Profit & Loss",
  balance_sheet: "Balance Sheet",
};

/** The balance sheet's line for revenue minus expenses of all posted history to the end date. */
export const NET_INCOME_EQUITY_LABEL = "Net income to date (not closed to equity)";

function cents(s: string): bigint {
  const c = toCents(s);
  if (c === null) throw new Error(`not a decimal amount: ${s}`);
  return c;
}

const byCode = (a: { account_code: string }, b: { account_code: string }) =>
  a.account_code < b.account_code ? -1 : a.account_code > b.account_code ? 1 : 0;

/** A row's account and its debit and credit totals (in cents) as decimal strings. */
const accountTotals = (t: AccountTotals, d: bigint, c: bigint) => ({
  account_id: t.account_id,
  account_code: t.account_code,
  account_name: t.account_name,
  account_type: t.account_type,
  ...(t.detail_type ? { detail_type: t.detail_type } : {}),
  ...(t.parent_id !== undefined ? { parent_id: t.parent_id } : {}),
  debit_total: centsToDecimal(d),
  credit_total: centsToDecimal(c),
});

/** A net debit (debit - credit) on its natural side: [debit column, credit column]. */
const sides = (net: bigint): [bigint, bigint] => (net >= 0n ? [net, 0n] : [0n, -net]);

/**
 * Rows with their balances; accounts without activity dropped; ordered by account code. With `history`, the
 * totals before the range are added in (a position at the end date rather than a period).
 */
export function toReportRows(totals: AccountTotals[], history = false): ReportRow[] {
  return totals
    .map((t) => ({
      t,
      d: cents(t.debit_total) + (history ? cents(t.opening_debit_total ?? "0") : 0n),
      c: cents(t.credit_total) + (history ? cents(t.opening_credit_total ?? "0") : 0n),
    }))
    .filter(({ d, c }) => d !== 0n || c !== 0n)
    .sort((a, b) => byCode(a.t, b.t))
    .map(({ t, d, c }) => ({ ...accountTotals(t, d, c), balance: centsToDecimal(balanceCents(t.account_type, d, c)) }));
}

const sumBalance = (rows: ReportRow[]) => rows.reduce((s, r) => s + cents(r.balance), 0n);
const ofType = (rows: ReportRow[], type: AccountType) => rows.filter((r) => r.account_type === type);

/**
 * Opening balances before the range, the period's totals, closing balances at its end. An account is listed
 * when it has a balance before the range or activity in it. Each column pair totals to equal debits and credits.
 */
export function trialBalance(totals: AccountTotals[], start: string, end: string): TrialBalanceReport {
  const sum = { od: 0n, oc: 0n, d: 0n, c: 0n, cd: 0n, cc: 0n };
  const rows = totals
    .map((t) => {
      const d = cents(t.debit_total);
      const c = cents(t.credit_total);
      const openingNet = cents(t.opening_debit_total ?? "0") - cents(t.opening_credit_total ?? "0");
      return { t, d, c, openingNet, closingNet: openingNet + d - c };
    })
    .filter(({ d, c, openingNet }) => d !== 0n || c !== 0n || openingNet !== 0n)
    .sort((a, b) => byCode(a.t, b.t))
    .map(({ t, d, c, openingNet, closingNet }): TrialBalanceRow => {
      const [od, oc] = sides(openingNet);
      const [cd, cc] = sides(closingNet);
      sum.od += od;
      sum.oc += oc;
      sum.d += d;
      sum.c += c;
      sum.cd += cd;
      sum.cc += cc;
      return {
        ...accountTotals(t, d, c),
        balance: centsToDecimal(balanceCents(t.account_type, closingNet, 0n)),
        opening_balance: centsToDecimal(balanceCents(t.account_type, openingNet, 0n)),
        opening_debit: centsToDecimal(od),
        opening_credit: centsToDecimal(oc),
        closing_debit: centsToDecimal(cd),
        closing_credit: centsToDecimal(cc),
      };
    });
  return {
    type: "trial_balance",
    start,
    end,
    rows,
    empty: rows.length === 0,
    total_opening_debit: centsToDecimal(sum.od),
    total_opening_credit: centsToDecimal(sum.oc),
    total_debit: centsToDecimal(sum.d),
    total_credit: centsToDecimal(sum.c),
    total_closing_debit: centsToDecimal(sum.cd),
    total_closing_credit: centsToDecimal(sum.cc),
  };
}

/** A comparison column and the balances query's answer for it. */
export interface ComparisonColumn {
  column: ReportColumn;
  totals: AccountTotals[];
}

const currentColumn = (start: string, end: string, label = "This period"): ReportColumn => ({ key: "current", label, start, end });
const first = (xs: bigint[]) => centsToDecimal(xs[0] ?? 0n);
const statement = (items: StatementItem[], columns: ReportColumn[]) => ({
  columns,
  items: columns.length > 1 ? withChanges(items) : items,
});

/** The period's revenue and expenses laid out (gross profit, operating income, net income), beside any comparisons. */
export function profitAndLoss(totals: AccountTotals[], start: string, end: string, comparisons: ComparisonColumn[] = []): ProfitLossReport {
  const all = toReportRows(totals);
  const revenue = ofType(all, "Revenue");
  const expenses = ofType(all, "Expense");
  const totalRevenue = sumBalance(revenue);
  const totalExpenses = sumBalance(expenses);
  const rows = [...revenue, ...expenses];
  const columns = [currentColumn(start, end), ...comparisons.map((c) => c.column)];
  const laid = profitLossItems(
    statementAccounts([totals, ...comparisons.map((c) => c.totals)], ["Revenue", "Expense"], false),
    columns.length,
  );
  const t = laid.totals;
  return {
    type: "profit_loss",
    start,
    end,
    rows,
    empty: rows.length === 0,
    ...statement(laid.items, columns),
    revenue,
    expenses,
    total_revenue: centsToDecimal(totalRevenue),
    total_expenses: centsToDecimal(totalExpenses),
    total_operating_revenue: first(t.revenue),
    total_cost_of_sales: first(t.cost_of_sales),
    gross_profit: first(t.gross_profit),
    total_operating_expenses: first(t.operating_expenses),
    operating_income: first(t.operating_income),
    total_other_income: first(t.other_income),
    total_other_expenses: first(t.other_expenses),
    net_income: centsToDecimal(totalRevenue - totalExpenses),
  };
}

/**
 * The position at the end date: the totals of the range plus everything before it (the start date plays no part but
 * this: the totals are split at `earningsFrom`, the first day of the fiscal year, default the start; revenue and
 * expenses after it are the current year's earnings, before it earlier years' income not closed to equity).
 */
export function balanceSheet(
  totals: AccountTotals[],
  start: string,
  end: string,
  options: { earningsFrom?: string; comparisons?: ComparisonColumn[] } = {},
): BalanceSheetReport {
  const comparisons = options.comparisons ?? [];
  const all = toReportRows(totals, true);
  const assets = ofType(all, "Asset");
  const liabilities = ofType(all, "Liability");
  const equity = ofType(all, "Equity");
  const netIncome = sumBalance(ofType(all, "Revenue")) - sumBalance(ofType(all, "Expense"));
  const totalLiabilities = sumBalance(liabilities);
  const totalEquity = sumBalance(equity) + netIncome;
  const rows = [...assets, ...liabilities, ...equity];
  const perColumn = [totals, ...comparisons.map((c) => c.totals)];
  const columns = [currentColumn(start, end, `As of ${end}`), ...comparisons.map((c) => c.column)];
  const laid = balanceSheetItems(
    statementAccounts(perColumn, ["Asset", "Liability", "Equity"], true),
    { prior: earnings(perColumn, true), current: earnings(perColumn, false) },
    columns.length,
  );
  const t = laid.totals;
  return {
    type: "balance_sheet",
    start,
    end,
    rows,
    empty: all.length === 0,
    ...statement(laid.items, columns),
    assets,
    liabilities,
    equity,
    net_income: centsToDecimal(netIncome),
    total_assets: centsToDecimal(sumBalance(assets)),
    total_liabilities: centsToDecimal(totalLiabilities),
    total_equity: centsToDecimal(totalEquity),
    total_liabilities_and_equity: centsToDecimal(totalLiabilities + totalEquity),
    total_current_assets: first(t.current_assets),
    total_non_current_assets: first(t.non_current_assets),
    total_current_liabilities: first(t.current_liabilities),
    total_long_term_liabilities: first(t.long_term_liabilities),
    prior_years_earnings: first(t.prior_earnings),
    current_year_earnings: first(t.current_earnings),
    earnings_from: options.earningsFrom ?? start,
  };
}

export function buildReport(type: ReportType, totals: AccountTotals[], start: string, end: string): Report {
  if (type === "trial_balance") return trialBalance(totals, start, end);
  if (type === "profit_loss") return profitAndLoss(totals, start, end);
  return balanceSheet(totals, start, end);
}
