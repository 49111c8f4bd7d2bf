import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import type { EntryListItem } from "../ledger.types.ts";
import { useMoney } from "./books-context.tsx";

/** The question before a draft is deleted; `onConfirm` resolves true once it is gone (the question then closes). */
export function DeleteDraftDialog({
  entry,
  onClose,
  onConfirm,
}: {
  entry: EntryListItem | null;
  onClose: () => void;
  onConfirm: (entry: EntryListItem) => Promise<boolean>;
}) {
  const { money } = useMoney();
  return (
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(o) => !o && onClose()}
      title={entry ? `Delete ${entry.entry_number}?` : "Delete draft?"}
      description={
        entry
          ? `The draft “${entry.description}” for ${money(entry.total_amount)}, dated ${entry.entry_date}, is deleted with its lines.`
          : ""
      }
      confirmLabel="Delete Draft"
      busyLabel="Deleting..."
      variant="danger"
      onConfirm={() => (entry ? onConfirm(entry) : Promise.resolve(false))}
    >
      <p className="text-sm text-ink">Its number is not used again. The firm&apos;s audit log keeps what the draft was.</p>
    </ConfirmDialog>
  );
}

/** The question before the chosen drafts are posted together, listing them. */
export function PostChosenDialog({
  open,
  onOpenChange,
  count,
  entries,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many drafts are chosen (some may be on another page than `entries`). */
  count: number;
  /** The chosen drafts of this page. */
  entries: EntryListItem[];
  onConfirm: () => Promise<boolean>;
}) {
  const { money } = useMoney();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Post ${count} ${count === 1 ? "draft" : "drafts"}?`}
      description="Each goes into the books as if posted on its own; any that cannot be posted is listed with the reason."
      confirmLabel="Post Entries"
      busyLabel="Posting..."
      variant="accent"
      onConfirm={onConfirm}
    >
      <ul className="max-h-48 space-y-1 overflow-y-auto text-sm text-ink">
        {entries.map((e) => (
          <li key={e.id}>
            <span className="font-mono">{e.entry_number}</span> {e.entry_date} · {e.description} · {money(e.total_amount)}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink">Posted entries can no longer be edited. To undo one later, reverse it from its details.</p>
    </ConfirmDialog>
  );
}
