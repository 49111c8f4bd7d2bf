import { useEffect, useId, useState } from "react";
import { toast } from "~/ui/toast.ts";
import { Button, ButtonLink, buttonClass } from "~/ui/button.tsx";

import { defaultPeriod } from "../periods.ts";
import type { EntryDetails } from "../ledger.types.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { entryPdfUrl, getEntry, reverseEntry } from "../ledger.api.ts";
import { booksPath, useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { EntryDocuments } from "./entry-documents.tsx";
import { Amount, cardRow, cardText, inputClass, labelClass, Modal, StatusBadge, tdClass, ColumnHeads } from "~/ui/table.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { formatDateTime } from "~/lib/format.ts";

const AUDIT_LABELS: Record<EntryDetails["audit"][number]["action"], string> = {
  created: "Created",
  edited: "Edited",
  posted: "Posted",
  reversed: "Reversed",
};

/**
 * Read-only view of an entry: lines, links, audit trail, PDF export, Duplicate, Make recurring (a recurring entry made
 * from it, in the Recurring entries section) and (posted entries) reversal.
 */
export function EntryDetailsDialog({
  entryId,
  canWrite,
  onOpenChange,
  onChanged,
  onDuplicate,
}: {
  entryId: number | null;
  canWrite: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
  /** Opens a new entry with this one's description, reference and lines (dated today). */
  onDuplicate?: (entryId: number) => void;
}) {
  const { money } = useMoney();
  const [entry, setEntry] = useState<EntryDetails | null>(null);
  const [reverseDate, setReverseDate] = useState(defaultPeriod().end);
  const [confirmReverse, setConfirmReverse] = useState(false);
  const [version, setVersion] = useState(0);
  const dateId = useId();

  const orgId = useBooksOrgId();
  const { organization } = useBooks();
  useEffect(() => {
    if (entryId === null) return;
    let live = true;
    setEntry(null);
    void getEntry(orgId, entryId).then((res) => {
      if (!res.ok) toastFailure(res, { title: "Error" });
      else if (live) setEntry(res.data.entry);
    });
    return () => {
      live = false;
    };
  }, [entryId, version, orgId]);

  async function reverse(): Promise<boolean> {
    if (!entry) return false;
    const res = await reverseEntry(orgId, entry.id, reverseDate);
    if (!res.ok) {
      toastFailure(res, { title: "Error reversing entry" });
      return false;
    }
    const mirror = res.data.entry;
    setVersion((v) => v + 1);
    onChanged();
    toast.success("Journal entry reversed successfully", { description: `${mirror.entry_number} reverses ${entry.entry_number}.` });
    return true;
  }

  return (
    <Modal
      open={entryId !== null}
      onOpenChange={onOpenChange}
      wide
      title={entry ? `Journal Entry ${entry.entry_number}` : "Journal Entry"}
      description="Read-only details of the entry, its lines and its audit trail."
    >
      {!entry ? (
        <p role="status">Loading...</p>
      ) : (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-medium text-muted">Date</dt>
              <dd>{entry.entry_date}</dd>
            </div>
            <div>
              <dt className="font-medium text-muted">Status</dt>
              <dd>
                <StatusBadge status={entry.status} reversed={entry.reversed_by !== null} />
              </dd>
            </div>
            <div>
              <dt className="font-medium text-muted">Reference</dt>
              <dd>{entry.reference || "—"}</dd>
            </div>
            <div className="col-span-2 sm:col-span-3">
              <dt className="font-medium text-muted">Description</dt>
              <dd>{entry.description}</dd>
            </div>
            {entry.reversal_of_number ? (
              <div>
                <dt className="font-medium text-muted">Reverses</dt>
                <dd>{entry.reversal_of_number}</dd>
              </div>
            ) : null}
            {entry.reversed_by_number ? (
              <div>
                <dt className="font-medium text-muted">Reversed by</dt>
                <dd>{entry.reversed_by_number}</dd>
              </div>
            ) : null}
          </dl>

          {/* Below md each line is a card: account, description, then Debit and Credit with their names. */}
          <table className="min-w-full divide-y divide-slate-200 border border-slate-200 max-md:block">
            <caption className="sr-only">Lines of {entry.entry_number}</caption>
            <thead className="bg-slate-50 max-md:hidden">
              <ColumnHeads labels={["Account", "Description", "Debit", "Credit"]} numeric={["Debit", "Credit"]} />
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block">
              {entry.lines.map((l) => (
                <tr key={l.id} data-testid="detail-line" className={cardRow}>
                  <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:font-medium`}>
                    {l.account_code} {l.account_name}
                  </td>
                  <td className={`${tdClass} ${cardText} max-md:col-span-3 max-md:empty:hidden`}>{l.description ?? ""}</td>
                  <Amount label="Debit">{l.debit_amount !== "0.00" ? money(l.debit_amount) : ""}</Amount>
                  <Amount label="Credit">{l.credit_amount !== "0.00" ? money(l.credit_amount) : ""}</Amount>
                </tr>
              ))}
            </tbody>
            <tfoot className="bg-slate-50 font-semibold max-md:block">
              <tr className={cardRow}>
                <th scope="row" colSpan={2} className={`${tdClass} ${cardText} text-left`}>
                  Total
                </th>
                <Amount label="Debit">{money(entry.total_amount)}</Amount>
                <Amount label="Credit">{money(entry.total_amount)}</Amount>
              </tr>
            </tfoot>
          </table>

          <EntryDocuments orgId={organization.id} entryId={entry.id} canWrite={canWrite} draft={entry.status === "draft"} />

          <section aria-labelledby={`${dateId}-audit`}>
            <h3 id={`${dateId}-audit`} className="mb-2 text-base font-semibold">
              Audit trail
            </h3>
            <ol className="space-y-1 text-sm" data-testid="audit-trail">
              {entry.audit.map((a, i) => (
                <li key={i}>
                  <span className="font-medium">{AUDIT_LABELS[a.action]}</span> by {a.user_name ?? "a removed user"} on{" "}
                  {formatDateTime(a.at)}
                  {a.detail ? ` (${a.detail})` : ""}
                </li>
              ))}
            </ol>
          </section>

          <div className="flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-4">
            <div className="flex flex-wrap gap-2">
              <a className={buttonClass("secondary")} href={entryPdfUrl(orgId, entry.id)} download={`${entry.entry_number}.pdf`}>
                Export PDF
              </a>
              {canWrite && onDuplicate ? (
                <Button variant="secondary" onClick={() => onDuplicate(entry.id)}>
                  Duplicate
                </Button>
              ) : null}
              {canWrite ? (
                <ButtonLink variant="secondary" to={`${booksPath(organization.id, "recurring")}?from=${entry.id}`}>
                  Make recurring
                </ButtonLink>
              ) : null}
            </div>
            {canWrite && entry.status === "posted" && entry.reversed_by === null ? (
              <div className="flex flex-wrap items-end gap-2">
                <div>
                  <label htmlFor={dateId} className={labelClass}>
                    Reversal date
                  </label>
                  <input
                    id={dateId}
                    type="date"
                    className={inputClass}
                    value={reverseDate}
                    onChange={(e) => setReverseDate(e.target.value)}
                  />
                </div>
                <Button variant="danger" disabled={!reverseDate} onClick={() => setConfirmReverse(true)}>
                  Reverse Entry
                </Button>
              </div>
            ) : null}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmReverse && entry !== null}
        onOpenChange={setConfirmReverse}
        title={entry ? `Reverse ${entry.entry_number}?` : "Reverse entry?"}
        description={
          entry
            ? `A new posted entry dated ${reverseDate} swaps every debit and credit of ${entry.entry_number} “${entry.description}” for ${money(entry.total_amount)}, cancelling it in the books.`
            : ""
        }
        confirmLabel="Reverse Entry"
        busyLabel="Reversing..."
        variant="danger"
        onConfirm={reverse}
      >
        <p className="text-sm text-ink">A reversal is posted at once and cannot itself be edited; the original stays, marked Reversed.</p>
      </ConfirmDialog>
    </Modal>
  );
}
