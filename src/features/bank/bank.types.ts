import type { BankAccountKind } from "./bank.schema.ts";
import type { BankCsvSettings } from "./bank-statement-csv-layout.ts";
import type { EntryDocument } from "~/features/ledger/ledger.types.ts";

/** What the bank API answers (amounts as decimal strings, signed: money in positive). */

export interface BankAccount {
  id: number;
  name: string;
  kind: BankAccountKind;
  account_id: number;
  account_code: string;
  account_name: string;
  currency: string;
  number: string | null;
  /** Statement lines not yet matched, categorized or cleared, and all of them; excluded lines apart (counted alone). */
  unmatched: number;
  lines: number;
  excluded: number;
  /** The ledger account's posted balance today, from the bank's side (debits less credits). */
  book_balance: string;
  /** The latest finished reconciliation's date, if any. */
  reconciled_to: string | null;
}

/** A stated balance checked against the lines: `difference` is stated closing less (opening + lines). */
export interface StatementCheck {
  account: string | null;
  currency: string | null;
  lines: number;
  total: string;
  opening: string | null;
  closing: string | null;
  closing_date: string | null;
  /** Null when the statement does not state both balances. */
  difference: string | null;
}

export interface StatementLinePreview {
  line: number;
  date: string;
  amount: string;
  description: string;
  reference: string | null;
  /** Already in this account's books from an earlier file: skipped. */
  duplicate: boolean;
  /** Its place among the file's transactions (0-based), as `keep` names it. */
  index: number;
  /** Looks like a line already in the account (`likely_duplicates` says which): skipped unless kept. */
  likely: boolean;
}

/** A line of the file that looks like one already in the account: same amount, dates at most 3 days apart. */
export interface LikelyDuplicate {
  /** Its place among the file's transactions (0-based): `keep` names it to import it all the same. */
  index: number;
  line: number;
  date: string;
  amount: string;
  description: string;
  /** The line already in the account, and the file it came from. */
  existing: { id: number; date: string; amount: string; description: string; file_name: string };
}

/**
 * The account the file names against this bank account's number: "same"; "different" (the import needs
 * confirm_account=true); "stored" (the account has no number: the file's is kept on import); "unknown" (the file names
 * none). `message` says it in a sentence when there is something to say.
 */
export interface StatementAccountCheck {
  file: string | null;
  bank: string | null;
  status: "same" | "different" | "stored" | "unknown";
  message: string | null;
}

export interface StatementPreview {
  format: string;
  file_name: string;
  statements: StatementCheck[];
  /** The statement chosen when the file holds several accounts' statements. */
  chosen: number | null;
  /** New lines (the likely duplicates apart), lines imported before (skipped), and likely duplicates. */
  new_lines: number;
  duplicates: number;
  likely_count: number;
  /** The likely duplicates, each beside the line it looks like (the first 500). */
  likely_duplicates: LikelyDuplicate[];
  account_check: StatementAccountCheck;
  first_date: string | null;
  last_date: string | null;
  lines: StatementLinePreview[];
  /** For a CSV: the layout it was read with, and its first rows, so that it can be changed. */
  csv: { settings: BankCsvSettings; rows: string[][] } | null;
  /** What stops the file from being read with these settings (a CSV's layout to put right); the import refuses it. */
  error: string | null;
}

export interface StatementResult {
  statement_id: number | null;
  imported: number;
  duplicates: number;
  replaced: number;
  /** Likely duplicates left out (those not kept). */
  likely_skipped: number;
  /** The file's account number, kept as the bank account's (it had none). */
  number_stored: string | null;
  message: string;
}

/** A statement line set aside: when, by whom and why. */
export interface BankLineExclusion {
  at: string;
  by: string | null;
  reason: string;
}

export interface LedgerCandidate {
  ledger_line_id: number;
  entry_id: number;
  entry_number: string;
  date: string;
  description: string;
  amount: string;
}

export interface BankLine {
  id: number;
  date: string;
  amount: string;
  description: string;
  payee: string | null;
  reference: string | null;
  match_id: number | null;
  match_kind: "matched" | "categorized" | "cleared" | null;
  reconciled: boolean;
  /** The ledger lines it is matched to. */
  matched: LedgerCandidate[];
  /** The best unmatched ledger line of the same amount near its date, if any. */
  suggestion: LedgerCandidate | null;
  /** The account the first fitting rule chooses, if any. */
  rule: RuleProposal | null;
  /** The question sent to the client about it, and the answer. */
  question: BankQuestion | null;
  /** Set aside (it counts nowhere) and why; null while it counts. */
  excluded: BankLineExclusion | null;
  /** Documents (receipts) kept with the entries it is matched to; 0 while unmatched. */
  documents: number;
}

export interface BankLinePage {
  lines: BankLine[];
  page: number;
  pages: number;
  total: number;
}

export interface ReconciliationItem extends LedgerCandidate {
  match_id: number | null;
}

/**
 * Where the account's reconciliation starts: the opening balance its earliest statement states, for `date`; `books` is
 * what the books bring forward to that day (ledger lines not tied to a statement line), `difference` books less it.
 */
export interface ReconciliationStart {
  date: string;
  balance: string;
  file_name: string;
  books: string;
  difference: string;
}

export interface ReconciliationView {
  statement_date: string;
  /** The stated opening the cleared balance starts from; null: from 0.00 (no statement states one). */
  start: ReconciliationStart | null;
  /** The closing balance of the latest imported statement up to that date, to start from. */
  statement_balance: string | null;
  book_balance: string;
  /** The start's balance, plus what earlier reconciliations cleared, plus what is cleared up to the date. */
  cleared_balance: string;
  /** Ledger lines up to the date not matched to the statement (those brought forward in the start apart). */
  uncleared: ReconciliationItem[];
  /** Book balance less cleared balance: the uncleared items, and the start's difference. */
  uncleared_total: string;
  cleared_count: number;
  /** Statement lines up to the date not yet matched or categorized. */
  unmatched_lines: number;
  difference: string | null;
  history: ReconciliationRecord[];
}

export interface ReconciliationRecord {
  id: number;
  statement_date: string;
  statement_balance: string;
  book_balance: string;
  finished_by: string | null;
  finished_at: string;
  undone_at: string | null;
}

/** What a rule proposes for a statement line. */
export interface RuleProposal {
  rule_id: number;
  rule_name: string;
  account_id: number;
  account_code: string;
  account_name: string;
  /** The rule's memo: the description of the entry it posts (null: the bank's text). */
  memo: string | null;
  /** The tax code the entry is taxed with, the line's amount being the gross (null: none). */
  tax_code_id: number | null;
}

export interface BankQuestion {
  id: number;
  bank_line_id: number;
  bank_account_id: number;
  bank_account: string;
  date: string;
  amount: string;
  currency: string;
  description: string;
  question: string | null;
  asked_by: string | null;
  asked_at: string;
  answer_account_id: number | null;
  answer_account: string | null;
  answer_note: string | null;
  answered_by: string | null;
  answered_at: string | null;
  /** The line was matched or posted since. */
  settled: boolean;
}

/** GET, PUT /api/bank/:orgId/accounts/:bankId and POST /api/bank/:orgId/accounts (201) */
export interface BankAccountAnswer {
  account: BankAccount;
}

/** GET …/lines/:lineId/candidates: the ledger lines the bank line may match. */
export interface CandidatesAnswer {
  candidates: LedgerCandidate[];
}

/** POST …/matches and …/cleared (201) */
export interface MatchMade {
  match_id: number;
}

/** POST …/categorize (201): the entries posted and their matches. */
export interface LinesCategorized {
  entries: number;
  match_ids: number[];
}

/** DELETE …/matches/:matchId and POST …/reconciliations/:id/undo */
export interface BankUndone {
  undone: true;
}

/** POST …/rejections: a suggestion refused. */
export interface SuggestionRejected {
  rejected: true;
}

/** POST …/reconciliations (201) */
export interface ReconciliationFinished {
  reconciliation: ReconciliationRecord;
}

/** POST …/accounts/:bankId/questions (201) and /api/bank/:orgId/questions/:questionId/answer */
export interface BankQuestionAnswer {
  question: BankQuestion;
}

/** A receipt attached from a statement line: the document, and the entry it is kept with. */
export interface LineDocumentAdded {
  document: EntryDocument;
  entry_id: number;
  entry_number: string;
}

/** POST …/lines/:lineId/exclude and …/lines/:lineId/restore */
export interface LineExcluded {
  line_id: number;
  excluded: BankLineExclusion | null;
}
