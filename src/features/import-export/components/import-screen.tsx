import { booksCsvUrl } from "../import.api.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { ImportPanel } from "./import-panel.tsx";

/**
 * Import and export (/accounting/:orgId/import): the books as CSV files, and the import of a chart, a journal or
 * opening balances from CSV. The import is for those who hold "books.import" (the firm's, when the firm keeps the
 * books); every member exports.
 */
export function ImportScreen() {
  const { organization, can, firmKeeps } = useBooks();
  return (
    <div className="space-y-8">
      <section aria-labelledby="export-heading" className="space-y-2">
        <h2 id="export-heading" className="text-xl font-semibold text-ink">
          Export
        </h2>
        <p className="flex flex-wrap gap-4 text-sm">
          <a className="text-brand-700 underline" href={booksCsvUrl(organization.id, "chart")} download>
            Chart of accounts (CSV)
          </a>
          <a className="text-brand-700 underline" href={booksCsvUrl(organization.id, "journal")} download>
            Journal (CSV)
          </a>
        </p>
      </section>
      {firmKeeps && !can["books.import"] ? <p className="text-sm text-muted">The firm keeps these books: it imports into them.</p> : null}
      {can["books.import"] ? (
        <ImportPanel />
      ) : (
        <p className="text-sm text-muted">Viewers can export the books; importing needs an owner or an accountant.</p>
      )}
    </div>
  );
}
