/** What other features and the site's composition may use of the ledger, on the server (server-only: not for browser code). */
export { listAccounts } from "./accounts.server.ts";
export { attachStoredFile, storeDocument } from "./entry-documents.server.ts";
export { createEntries, reverseEntries } from "./journal-entries-bulk.server.ts";
export { createEntriesAsPosted, type PostedLineTax } from "./journal-entries-as-posted.server.ts";
export { reverseEntry } from "./journal-entries.server.ts";
export { BooksLockedError, lockedUpTo, notFound, sqlState } from "./ledger-errors.server.ts";
export { equityAccountId, OPENING_EQUITY_NAME, saveOpeningBalances } from "./opening-balances.server.ts";
export { closingEntryTotals, fiscalYearStartMonth } from "./year-end-read.server.ts";
export { createEntry, postEntry } from "./journal-entries.server.ts";
export { loadTaxCodes, prepareEntryLines, type PreparedLine } from "./line-tax.server.ts";
export { booksLocked, refusingLocked } from "./ledger-errors.server.ts";
