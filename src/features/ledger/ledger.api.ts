import { request, type ApiResult } from "~/lib/api-client.ts";
import type {
  AccountCreate,
  AccountUpdate,
  EntryInput,
  JournalFilters,
  OpeningBalancesInput,
  RecurringEntryInput,
} from "./ledger.schema.ts";
import type { EntryPage, PostDraftsResult } from "./ledger.types.ts";
import type {
  AccountSaved,
  AccountUsage,
  BooksDone,
  DraftDeleted,
  EntryAnswer,
  EntryDocumentAdded,
  EntryDocumentRemoved,
  EntryDocumentsAnswer,
  EntryWritten,
  OpeningBalancesSaved,
  RecurringAnswer,
} from "./ledger-answers.types.ts";

/**
 * The books' journal as the browser calls it (/api/accounting/orgs/:orgId): the chart of accounts, the entries and
 * their documents, the recurring entries, the opening balances. Reports and closing: books.api.ts; members:
 * members.api.ts; bank: bank.api.ts; CSV import: import.api.ts.
 */

const id = (n: number) => encodeURIComponent(n);
/** The API path of an organization's books. */
export const booksApi = (orgId: number) => `/api/accounting/orgs/${id(orgId)}`;

export function createAccount(orgId: number, input: AccountCreate): Promise<ApiResult<AccountSaved>> {
  return request<AccountSaved>(`${booksApi(orgId)}/accounts`, { json: input });
}

export function updateAccount(orgId: number, accountId: number, input: AccountUpdate): Promise<ApiResult<AccountSaved>> {
  return request<AccountSaved>(`${booksApi(orgId)}/accounts/${id(accountId)}`, { method: "PATCH", json: input });
}

/** What deactivating an account would leave: its balance and the lines that use it. */
export function getAccountUsage(orgId: number, accountId: number): Promise<ApiResult<AccountUsage>> {
  return request<AccountUsage>(`${booksApi(orgId)}/accounts/${id(accountId)}/usage`);
}

/** `confirmed`: the account has lines, and its balance was shown. */
export function deactivateAccount(orgId: number, accountId: number, confirmed: boolean): Promise<ApiResult<BooksDone>> {
  return request<BooksDone>(`${booksApi(orgId)}/accounts/${id(accountId)}${confirmed ? "?confirm=true" : ""}`, { method: "DELETE" });
}

export function reactivateAccount(orgId: number, accountId: number): Promise<ApiResult<AccountSaved>> {
  return request<AccountSaved>(`${booksApi(orgId)}/accounts/${id(accountId)}/reactivate`, { method: "POST" });
}

/** Entries found by the journal's search (words, an amount, a day or a range of days in `q`), newest first. */
export function searchEntries(orgId: number, filters: JournalFilters): Promise<ApiResult<EntryPage>> {
  const query = new URLSearchParams(Object.entries(filters).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]])));
  return request<EntryPage>(`${booksApi(orgId)}/entries?${query}`);
}

export function getEntry(orgId: number, entryId: number): Promise<ApiResult<EntryAnswer>> {
  return request<EntryAnswer>(`${booksApi(orgId)}/entries/${id(entryId)}`);
}

/** A new entry (`entryId` null) or a draft changed; with `post`, posted in the same step ("Save and post"). */
export function saveEntry(orgId: number, entryId: number | null, input: EntryInput, post = false): Promise<ApiResult<EntryWritten>> {
  const query = post ? "?post=true" : "";
  return entryId === null
    ? request<EntryWritten>(`${booksApi(orgId)}/entries${query}`, { json: input })
    : request<EntryWritten>(`${booksApi(orgId)}/entries/${id(entryId)}${query}`, { method: "PUT", json: input });
}

export function postEntry(orgId: number, entryId: number): Promise<ApiResult<EntryWritten>> {
  return request<EntryWritten>(`${booksApi(orgId)}/entries/${id(entryId)}/post`, { method: "POST" });
}

export function postDrafts(orgId: number, ids: number[]): Promise<ApiResult<PostDraftsResult>> {
  return request<PostDraftsResult>(`${booksApi(orgId)}/entries/post-drafts`, { json: { ids } });
}

export function deleteDraft(orgId: number, entryId: number): Promise<ApiResult<DraftDeleted>> {
  return request<DraftDeleted>(`${booksApi(orgId)}/entries/${id(entryId)}`, { method: "DELETE" });
}

/** The reversing entry, dated `entryDate`. */
export function reverseEntry(orgId: number, entryId: number, entryDate: string): Promise<ApiResult<EntryWritten>> {
  return request<EntryWritten>(`${booksApi(orgId)}/entries/${id(entryId)}/reverse`, { json: { entry_date: entryDate } });
}

/** An entry as a PDF (a link's href). */
export function entryPdfUrl(orgId: number, entryId: number): string {
  return `${booksApi(orgId)}/entries/${id(entryId)}/pdf`;
}

export function saveOpeningBalances(orgId: number, input: OpeningBalancesInput): Promise<ApiResult<OpeningBalancesSaved>> {
  return request<OpeningBalancesSaved>(`${booksApi(orgId)}/opening-balances`, { method: "PUT", json: input });
}

export function getRecurring(orgId: number, recurringId: number): Promise<ApiResult<RecurringAnswer>> {
  return request<RecurringAnswer>(`${booksApi(orgId)}/recurring/${id(recurringId)}`);
}

/** A new recurring entry (`recurringId` null) or one changed. */
export function saveRecurring(orgId: number, recurringId: number | null, input: RecurringEntryInput): Promise<ApiResult<RecurringAnswer>> {
  return recurringId === null
    ? request<RecurringAnswer>(`${booksApi(orgId)}/recurring`, { json: input })
    : request<RecurringAnswer>(`${booksApi(orgId)}/recurring/${id(recurringId)}`, { method: "PUT", json: input });
}

export function changeRecurringStatus(
  orgId: number,
  recurringId: number,
  action: "pause" | "resume" | "end",
): Promise<ApiResult<RecurringAnswer>> {
  return request<RecurringAnswer>(`${booksApi(orgId)}/recurring/${id(recurringId)}/${action}`, { method: "POST" });
}

export function deleteRecurring(orgId: number, recurringId: number): Promise<ApiResult<BooksDone>> {
  return request<BooksDone>(`${booksApi(orgId)}/recurring/${id(recurringId)}`, { method: "DELETE" });
}

const documents = (orgId: number, entryId: number) => `/api/entry-documents/${id(orgId)}/${id(entryId)}/documents`;

export function listEntryDocuments(orgId: number, entryId: number): Promise<ApiResult<EntryDocumentsAnswer>> {
  return request<EntryDocumentsAnswer>(documents(orgId, entryId));
}

export function addEntryDocument(orgId: number, entryId: number, file: File): Promise<ApiResult<EntryDocumentAdded>> {
  return request<EntryDocumentAdded>(`${documents(orgId, entryId)}?name=${encodeURIComponent(file.name)}`, { file });
}

/** A document's bytes, to preview it from a Blob. */
export function fetchEntryDocument(orgId: number, entryId: number, documentId: number): Promise<ApiResult<Blob>> {
  return request<Blob>(entryDocumentUrl(orgId, entryId, documentId), { as: "blob" });
}

export function removeEntryDocument(orgId: number, entryId: number, documentId: number): Promise<ApiResult<EntryDocumentRemoved>> {
  return request<EntryDocumentRemoved>(entryDocumentUrl(orgId, entryId, documentId), { method: "DELETE" });
}

/** A document's download (a link's href). */
export function entryDocumentUrl(orgId: number, entryId: number, documentId: number): string {
  return `${documents(orgId, entryId)}/${id(documentId)}`;
}
