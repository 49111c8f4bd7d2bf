import type { ClosingPlan, FiscalYear } from "./year-end-close.ts";

/** A year-end close as the Closing section lists it: standing, or reopened (its reversal named). */
export interface YearEndClose extends FiscalYear {
  entry_id: number;
  entry_number: string;
  reason: string;
  closed_by: string | null;
  closed_at: string;
  reopened: { entry_number: string; reason: string; by: string | null; at: string } | null;
}

export interface YearEndState {
  fiscal_year_start_month: number;
  /** The last fiscal year that has ended: the one offered for closing. */
  last_ended: number;
  closes: YearEndClose[];
}

/** What closing a fiscal year would do, or why it cannot be closed now. */
export interface YearEndPreview extends FiscalYear {
  accounts: ClosingPlan["accounts"];
  net_income: string;
  retained_earnings: { id: number | null; account_code: string; account_name: string };
  drafts: number;
  lock_date: string | null;
  closed: YearEndClose | null;
  /** Why the year cannot be closed now, or null. */
  problem: string | null;
}
