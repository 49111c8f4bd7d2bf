import { useId, useState } from "react";
import { toast } from "~/ui/toast.ts";
import { Button, ButtonLink, buttonClass } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import { defaultPeriod } from "../periods.ts";
import { entryPdfUrl, getEntry, reverseEntry } from "../ledger.api.ts";
import { booksPath, useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { EntryDocuments } from "./entry-documents.tsx";
import { EntryAuditTrail, EntryLinesTable, EntrySummary } from "./entry-details-parts.tsx";
import { Modal } from "~/ui/table.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";

/**
 * Read-only view of an entry: lines, links, audit trail, PDF export, Duplicate, Make recurring (a recurring entry made
 * from it, in the Recurring entries section) and (posted entries) reversal.
 */
export function EntryDetailsDialog({
  entryId,
  canWrite,
  onOpenChange,
  onDuplicate,
}: {
  entryId: number | null;
  canWrite: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens a new entry with this one's description, reference and lines (dated today). */
  onDuplicate?: (entryId: number) => void;
}) {
  const { money } = useMoney();
  const [reverseDate, setReverseDate] = useState(defaultPeriod().end);
  const [confirmReverse, setConfirmReverse] = useState(false);
  /** Each opening, and each reversal, reads the entry afresh. */
  const [version, setVersion] = useState({ entryId, count: 0 });
  if (version.entryId !== entryId) setVersion({ entryId, count: version.count + 1 });
  const dateId = useId();
  const orgId = useBooksOrgId();
  const { organization } = useBooks();
  const { act } = useAction();
  const entry =
    useLoad(entryId === null ? null : `${orgId}:${entryId}:${version.count}`, () => getEntry(orgId, entryId!), "Error")?.entry ?? null;

  async function reverse(): Promise<boolean> {
    if (!entry) return false;
    const res = await act(() => reverseEntry(orgId, entry.id, reverseDate), { failure: "Error reversing entry" });
    if (!res.ok) return false;
    setVersion((v) => ({ ...v, count: v.count + 1 }));
    toast.success("Journal entry reversed successfully", { description: `${res.data.entry.entry_number} reverses ${entry.entry_number}.` });
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
          <EntrySummary entry={entry} />
          <EntryLinesTable entry={entry} />
          <EntryDocuments orgId={organization.id} entryId={entry.id} canWrite={canWrite} draft={entry.status === "draft"} />
          <EntryAuditTrail entry={entry} headingId={`${dateId}-audit`} />
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
                <InputField
                  id={dateId}
                  label="Reversal date"
                  type="date"
                  value={reverseDate}
                  onChange={(e) => setReverseDate(e.target.value)}
                />
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
        closeOnRefusal
        variant="danger"
        onConfirm={reverse}
      >
        <p className="text-sm text-ink">A reversal is posted at once and cannot itself be edited; the original stays, marked Reversed.</p>
      </ConfirmDialog>
    </Modal>
  );
}
