import type { AccountDetailType, AccountType } from "~/features/ledger/index.ts";
import type { StatementItem } from "./statement-layout.ts";

/** A column of a statement: the period (or, on the balance sheet, the position at `end`) it shows. */
export interface ReportColumn {
  key: "current" | "previous_period" | "previous_year";
  label: string;
  start: string;
  end: string;
}

/** What the reports answer (shared by the server, the screens and the printed reports); re-exported by reports.ts. */

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
/** A laid-out statement: its columns (the period, then any comparisons) and its lines, each with an amount per column. */
interface Statement {
  columns: ReportColumn[];
  items: StatementItem[];
}
export interface ProfitLossReport extends ReportBase, Statement {
  type: "profit_loss";
  /** Every revenue account (operating and other) and every expense account, by code; with their totals. */
  revenue: ReportRow[];
  expenses: ReportRow[];
  total_revenue: string;
  total_expenses: string;
  /** The laid-out figures of the current column. */
  total_operating_revenue: string;
  total_cost_of_sales: string;
  gross_profit: string;
  total_operating_expenses: string;
  operating_income: string;
  total_other_income: string;
  total_other_expenses: string;
  net_income: string;
}
export interface BalanceSheetReport extends ReportBase, Statement {
  type: "balance_sheet";
  total_current_assets: string;
  total_non_current_assets: string;
  total_current_liabilities: string;
  total_long_term_liabilities: string;
  /** Income of fiscal years before the current one not closed to equity, and the current fiscal year's to the date. */
  prior_years_earnings: string;
  current_year_earnings: string;
  /** The first day of the fiscal year the current-year earnings count from. */
  earnings_from: string;
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
