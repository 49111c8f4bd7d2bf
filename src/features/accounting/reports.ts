import type { CsvAmount, CsvCell } from "~/lib/csv.ts";
import { centsToDecimal, toCents } from "./money.ts";
import type { AccountDetailType } from "./account-detail-types.ts";

export const ACCOUNT_TYPES = ["Asset", "Liability", "Equity", "Revenue", "Expense"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const REPORT_TYPES = ["trial_balance", "profit_loss", "balance_sheet"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_LABELS: Record<ReportType, string> = {
  trial_balance: "Trial Balance",
  profit_loss: "Profit & Loss",
  balance_sheet: "Balance Sheet",
};

/** The balance sheet's line for revenue minus expenses of all posted history to the end date. */
export const NET_INCOME_EQUITY_LABEL = "Net income to date (not closed to equity)";

/**
 * One account's posted debit and credit totals over a range, as the balances query returns them, and
 * (trial balance, balance sheet) the totals of all posted history before the range.
 */
export interface AccountTotals {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
  /** Where the account stands on the laid-out statements (left out: the type's default by name). */
  detail_type?: AccountDetailType;
  /** The account it rolls into on the statements. */
  parent_id?: number | null;
  debit_total: string;
  credit_total: string;
  opening_debit_total?: string;
  opening_credit_total?: string;
}

/** A report row: totals and the signed balance, all decimal strings. */
export interface ReportRow extends AccountTotals {
  balance: string;
}

interface ReportBase {
  start: string;
  end: string;
  /** Every account row of the report, in display order (the CSV's rows). */
  rows: ReportRow[];
  empty: boolean;
}
/**
 * A trial balance row: the period's debit and credit totals, and the balances before the range
 * (opening) and at its end (closing), each on its natural side: a net debit in the debit column, a net
 * credit in the credit column, the other side "0.00". `balance` is the closing balance by the type's sign rule.
 */
export interface TrialBalanceRow extends ReportRow {
  opening_balance: string;
  opening_debit: string;
  opening_credit: string;
  closing_debit: string;
  closing_credit: string;
}
export interface TrialBalanceReport extends ReportBase {
  type: "trial_balance";
  rows: TrialBalanceRow[];
  total_opening_debit: string;
  total_opening_credit: string;
  total_debit: string;
  total_credit: string;
  total_closing_debit: string;
  total_closing_credit: string;
}
export interface ProfitLossReport extends ReportBase {
  type: "profit_loss";
  revenue: ReportRow[];
  expenses: ReportRow[];
  total_revenue: string;
  total_expenses: string;
  net_income: string;
}
export interface BalanceSheetReport extends ReportBase {
  type: "balance_sheet";
  assets: ReportRow[];
  liabilities: ReportRow[];
  equity: ReportRow[];
  /** Revenue minus expenses of all posted history up to the end date, not yet closed to equity. */
  net_income: string;
  total_assets: string;
  total_liabilities: string;
  /** Equity accounts plus the unclosed net income. */
  total_equity: string;
  total_liabilities_and_equity: string;
}
export type Report = TrialBalanceReport | ProfitLossReport | BalanceSheetReport;

/** Balance sign rule: debit - credit for assets and expenses, credit - debit otherwise. */
export function balanceCents(type: AccountType, debit: bigint, credit: bigint): bigint {
  return type === "Asset" || type === "Expense" ? debit - credit : credit - debit;
}

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

export function profitAndLoss(totals: AccountTotals[], start: string, end: string): ProfitLossReport {
  const all = toReportRows(totals);
  const revenue = ofType(all, "Revenue");
  const expenses = ofType(all, "Expense");
  const totalRevenue = sumBalance(revenue);
  const totalExpenses = sumBalance(expenses);
  const rows = [...revenue, ...expenses];
  return {
    type: "profit_loss",
    start,
    end,
    rows,
    empty: rows.length === 0,
    revenue,
    expenses,
    total_revenue: centsToDecimal(totalRevenue),
    total_expenses: centsToDecimal(totalExpenses),
    net_income: centsToDecimal(totalRevenue - totalExpenses),
  };
}

/** The position at the end date: the range's totals plus everything before it (the start date plays no part). */
export function balanceSheet(totals: AccountTotals[], start: string, end: string): BalanceSheetReport {
  const all = toReportRows(totals, true);
  const assets = ofType(all, "Asset");
  const liabilities = ofType(all, "Liability");
  const equity = ofType(all, "Equity");
  const netIncome = sumBalance(ofType(all, "Revenue")) - sumBalance(ofType(all, "Expense"));
  const totalLiabilities = sumBalance(liabilities);
  const totalEquity = sumBalance(equity) + netIncome;
  const rows = [...assets, ...liabilities, ...equity];
  return {
    type: "balance_sheet",
    start,
    end,
    rows,
    empty: all.length === 0,
    assets,
    liabilities,
    equity,
    net_income: centsToDecimal(netIncome),
    total_assets: centsToDecimal(sumBalance(assets)),
    total_liabilities: centsToDecimal(totalLiabilities),
    total_equity: centsToDecimal(totalEquity),
    total_liabilities_and_equity: centsToDecimal(totalLiabilities + totalEquity),
  };
}

export function buildReport(type: ReportType, totals: AccountTotals[], start: string, end: string): Report {
  if (type === "trial_balance") return trialBalance(totals, start, end);
  if (type === "profit_loss") return profitAndLoss(totals, start, end);
  return balanceSheet(totals, start, end);
}

export const CSV_COLUMNS = ["Account Code", "Account Name", "Account Type", "Debit", "Credit", "Balance"] as const;

/** An amount cell of the CSV: written as a number (decision 082); a blank stays blank. */
const amount = (decimal: string): CsvAmount | "" => (decimal === "" ? "" : { amount: decimal });

/** The CSV's records (for `csvRows`): the report's account rows, then the net income line where the report has one. */
export function reportCsvRecords(report: Report): CsvCell[][] {
  const records: CsvCell[][] = report.rows.map((r) => [
    r.account_code,
    r.account_name,
    r.account_type,
    amount(r.debit_total),
    amount(r.credit_total),
    amount(r.balance),
  ]);
  if (report.type === "profit_loss")
    records.push(["", cents(report.net_income) < 0n ? "Net Loss" : "Net Income", "", "", "", amount(report.net_income)]);
  if (report.type === "balance_sheet") records.push(["", NET_INCOME_EQUITY_LABEL, "Equity", "", "", amount(report.net_income)]);
  if (report.type === "trial_balance") records.push(["", "Total", "", amount(report.total_debit), amount(report.total_credit), ""]);
  return records;
}

/** `trial_balance_2026-01-01_2026-11-22.csv` */
export function reportFileName(type: ReportType, start: string, end: string): string {
  return `${type}_${start}_${end}.csv`;
}

/** Default report period: 1 January of the current year to today (local dates). */
export function defaultPeriod(now = new Date()): { start: string; end: string } {
  const pad = (n: number) => String(n).padStart(2, "0");
  const y = now.getFullYear();
  return { start: `${y}-01-01`, end: `${y}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` };
}
