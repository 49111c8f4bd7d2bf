import type { AccountDetailType } from "~/features/ledger/index.ts";
import type { Variance } from "./budgets.ts";

export type { Variance };

/** The Reports screen's type for the budget against actual (beside the statements' types). */
export const BUDGET_ACTUAL = "budget_actual";
export const BUDGET_ACTUAL_LABEL = "Budget vs. Actual";

/** A profit-and-loss account's row of the budget grid: its twelve months (decimal strings, natural sign). */
export interface BudgetGridRow {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: "Revenue" | "Expense";
  detail_type: AccountDetailType;
  is_active: boolean;
  amounts: string[];
}

/** A fiscal year's budget as the grid shows it (every active P&L account, and inactive ones holding an amount). */
export interface BudgetGrid {
  fiscal_year: number;
  /** "FY2026", or with a fiscal year not on the calendar "FY2026 (2025-07-01 to 2026-06-30)". */
  label: string;
  /** The twelve months, "YYYY-MM". */
  months: string[];
  /** Whether a budget was saved for the year (false: every cell is zero, nothing kept). */
  exists: boolean;
  updated_at: string | null;
  rows: BudgetGridRow[];
}

export interface BudgetAnswer {
  budget: BudgetGrid;
}

export interface Period {
  start: string;
  end: string;
}

export interface BudgetPeriods {
  month: Period;
  quarter: Period;
  year: Period;
  /** The whole year (the forecast). */
  forecast: Period;
}

/** A line of the budget against actual, with its four column groups (none on a heading). */
export interface BudgetActualLine {
  key: string;
  kind: "heading" | "account" | "subtotal" | "total";
  label: string;
  account_id?: number;
  month?: Variance;
  quarter?: Variance;
  year?: Variance;
  /** `actual` is the forecast of the whole year, `budget` the year's budget. */
  forecast?: Variance;
}

export interface BudgetActualReport {
  fiscal_year: number;
  /** The chosen month, "YYYY-MM", one of `months`. */
  month: string;
  months: string[];
  periods: BudgetPeriods;
  /** Whether the year has a budget saved. */
  has_budget: boolean;
  /** No account has an actual or a budget in the year. */
  empty: boolean;
  lines: BudgetActualLine[];
}

export interface BudgetActualAnswer {
  report: BudgetActualReport;
}

/** The answer of a CSV import: the budget as saved and the rows read. */
export interface BudgetImported extends BudgetAnswer {
  imported_rows: number;
}
