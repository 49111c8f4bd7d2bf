import type { AccountUsageCounts } from "./accounts.ts";
import type { Account, BooksLock, EntryDetails, EntryDocument, EntrySummary, RecurringEntryDetails } from "./ledger.types.ts";
import type { FiscalYearInput } from "./fiscal-year.schema.ts";
import type { YearEndState } from "./year-end-close.types.ts";

/**
 * The answers of the books' API (/api/accounting, /api/entry-documents, /api/firm/clients) as the routes write them
 * and the screens read them (accounting.api.ts, books.api.ts, members.api.ts).
 */

/** A change that answers nothing more (an account deactivated, a recurring entry deleted). */
export interface BooksDone {
  ok: true;
}

/** POST /accounts (201), PATCH /accounts/:id, POST /accounts/:id/reactivate */
export interface AccountSaved {
  account: Account;
}

/** GET /accounts/:id/usage: what deactivating the account would leave. */
export interface AccountUsage extends AccountUsageCounts {
  account: Account;
}

/** A journal entry written: created (201), changed, posted, or reversed (201, the reversing entry). */
export interface EntryWritten {
  entry: EntrySummary;
}

/** GET /entries/:id */
export interface EntryAnswer {
  entry: EntryDetails;
}

/** DELETE /entries/:id: the deleted draft's number. */
export interface DraftDeleted {
  entry_number: string;
}

/** PUT /opening-balances: the opening entry, and the number of the one it replaced. */
export interface OpeningBalancesSaved {
  entry: EntrySummary;
  replaced: string | null;
}

/** GET, POST (201), PUT /recurring/:id and its pause, resume, end. */
export interface RecurringAnswer {
  recurring: RecurringEntryDetails;
}

/** GET, PUT /lock and POST /lock/unlock */
export interface LockAnswer {
  lock: BooksLock;
}

/** GET, PUT /fiscal-year */
export interface FiscalYearAnswer {
  fiscal_year: FiscalYearInput;
}

/** GET, PUT /currency */
export interface BooksCurrencyAnswer {
  currency: string;
}

/** GET /year-end, POST /year-end/close and /year-end/reopen */
export interface YearEndAnswer {
  year_end: YearEndState;
}

/** GET /api/entry-documents/:orgId/:entryId/documents */
export interface EntryDocumentsAnswer {
  documents: EntryDocument[];
}

/** POST /api/entry-documents/:orgId/:entryId/documents (201) */
export interface EntryDocumentAdded {
  document: EntryDocument;
}

/** DELETE /api/entry-documents/:orgId/:entryId/documents/:documentId */
export interface EntryDocumentRemoved {
  deleted: true;
}
