import type { AccountDetailType, AccountType } from "./account-types.ts";

/**
 * What the accounting API answers, shared by the server (which builds it) and the screens (which show it).
 * No server code: a client component imports these without pulling in a server module.
 */

export interface Account {
  id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
  /** Where the account stands on the laid-out statements; valid for its account type. */
  detail_type: AccountDetailType;
  /** The account it is a sub-account of (same type), or null. */
  parent_id: number | null;
  is_active: boolean;
  created_at: string;
}

export interface EntrySummary {
  id: number;
  entry_number: string;
  entry_date: string;
  description: string;
  reference: string | null;
  total_amount: string;
  status: "draft" | "posted";
  reversal_of: number | null;
  reversed_by: number | null;
}

export interface EntryLine {
  id: string;
  line_no: number;
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
  description: string | null;
  debit_amount: string;
  credit_amount: string;
  /** The line's tax (decision 112): its code; on a tax line the code's part; the taxable base (signed, debit positive). */
  tax_code_id: number | null;
  tax_code: string | null;
  tax_part_no: number | null;
  tax_base: string | null;
}

export interface AuditEvent {
  action: "created" | "edited" | "posted" | "reversed";
  at: string;
  user_name: string | null;
  detail: string | null;
}

export interface EntryDetails extends EntrySummary {
  created_at: string;
  created_by_name: string | null;
  posted_at: string | null;
  posted_by_name: string | null;
  reversal_of_number: string | null;
  reversed_by_number: string | null;
  lines: EntryLine[];
  audit: AuditEvent[];
}

/** A row of the journal list: the entry, and the numbers of the entries it reverses or that reverse it. */
export interface EntryListItem extends EntrySummary {
  reversal_of_number: string | null;
  reversed_by_number: string | null;
}

/** The answer of posting several drafts: those posted, and those that could not be, each with the reason. */
export interface PostDraftsResult {
  posted: EntrySummary[];
  failed: { id: number; entry_number: string | null; reason: string }[];
}

export interface EntryPage {
  entries: EntryListItem[];
  /** The page shown (from 1), and whether there is another after it. */
  page: number;
  has_more: boolean;
  /** Drafts of the organization, whatever the filter. */
  draft_count: number;
}

/** An account as the entry form's picker lists it. */
export interface AccountDto {
  id: number;
  account_code: string;
  account_name: string;
  account_type: AccountType;
}

/** An organization's opening balances: the posted opening entry's lines (Opening Balance Equity apart). */
export interface OpeningBalances {
  /** Null until opening balances were saved once. */
  as_of: string | null;
  entry_id: number | null;
  entry_number: string | null;
  /** The Opening Balance Equity account, once it exists. */
  equity_account_id: number | null;
  lines: { account_id: number; debit_amount: string; credit_amount: string }[];
}

/** A document (receipt, invoice) on a journal entry: its content is downloaded from its own URL. */
export interface EntryDocument {
  id: number;
  file_name: string;
  content_type: "application/pdf" | "image/png" | "image/jpeg" | "image/heic";
  size_bytes: number;
  uploaded_at: string;
  uploaded_by_name: string | null;
}

export type RecurringStatus = "active" | "paused" | "ended";

/** A recurring entry as the list shows it: what it makes, its schedule and where it stands. */
export interface RecurringEntrySummary {
  id: number;
  description: string;
  reference: string | null;
  frequency: "monthly" | "quarterly" | "yearly";
  day_of_month: number;
  start_date: string;
  end_date: string | null;
  /** Runs are posted entries; otherwise drafts to review. */
  post: boolean;
  status: RecurringStatus;
  next_run_on: string | null;
  /** Why the schedule was paused by the job, until it is resumed. */
  last_error: string | null;
  total_amount: string;
  /** Entries made so far. */
  runs: number;
  /** The next run dates (up to three) while active. */
  upcoming: string[];
}

export interface RecurringEntryLine {
  line_no: number;
  account_id: number;
  account_code: string;
  account_name: string;
  description: string | null;
  debit_amount: string;
  credit_amount: string;
}

export interface RecurringEntryRun {
  run_on: string;
  /** Null once the draft made was deleted. */
  journal_entry_id: number | null;
  entry_number: string | null;
  entry_status: "draft" | "posted" | null;
}

export interface RecurringEntryDetails extends RecurringEntrySummary {
  lines: RecurringEntryLine[];
  /** The latest runs, newest first (at most 24). */
  recent_runs: RecurringEntryRun[];
}

/** One change of the lock date: a date set, or null for an unlock, with its reason, who and when. */
export interface BooksLockChange {
  lock_date: string | null;
  reason: string;
  by: string | null;
  at: string;
}

/** The books' lock date (null: not locked), the change that set it, and every change, newest first. */
export interface BooksLock {
  lock_date: string | null;
  current: BooksLockChange | null;
  history: BooksLockChange[];
}
