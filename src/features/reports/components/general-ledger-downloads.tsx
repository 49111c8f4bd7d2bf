import { generalLedgerAllUrl, generalLedgerFileUrl } from "../reports.api.ts";
import { ACCOUNT_TOO_LONG_TO_PRINT, ALL_ACCOUNTS_TOO_LONG } from "../general-ledger.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";

const linkClass = "text-sm font-medium text-brand-700 underline";

/**
 * The account's ledger to download: the CSV always, the PDF only when it fits in one (MAX_PRINTED_LINES); otherwise
 * the screen says why there is no PDF rather than offering a link that would answer an error.
 */
export function AccountLedgerDownloads({ query, printable, noteId }: { query: string; printable: boolean; noteId: string }) {
  const orgId = useBooksOrgId();
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <a className={linkClass} href={generalLedgerFileUrl(orgId, "csv", query)} download aria-describedby={printable ? undefined : noteId}>
        Export CSV
      </a>
      {printable ? (
        <a className={linkClass} href={generalLedgerFileUrl(orgId, "pdf", query)} download>
          Download PDF
        </a>
      ) : null}
    </span>
  );
}

/** Why the account's ledger has no PDF (shown under its heading when it does not fit in one). */
export function AccountLedgerTooLong({ id }: { id: string }) {
  return (
    <p id={id} className="border-b border-slate-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {ACCOUNT_TOO_LONG_TO_PRINT}
    </p>
  );
}

/**
 * Every account's ledger of the period, as one PDF or one CSV (each account a section: opening, lines, closing); when
 * the period holds more lines than a download does, what to do instead. Nothing while the period is not valid.
 */
export function AllAccountsDownloads({ start, end, printable }: { start: string; end: string; printable: boolean | null }) {
  const orgId = useBooksOrgId();
  if (printable === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3">
      <span className="text-sm text-ink">
        Every account with lines from {start} to {end}:
      </span>
      {printable ? (
        <>
          <a className={linkClass} href={generalLedgerAllUrl(orgId, "pdf", { start, end })} download>
            All accounts (PDF)
          </a>
          <a className={linkClass} href={generalLedgerAllUrl(orgId, "csv", { start, end })} download>
            All accounts (CSV)
          </a>
        </>
      ) : (
        <span className="text-sm text-muted">{ALL_ACCOUNTS_TOO_LONG}</span>
      )}
    </div>
  );
}
