import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { useMoney } from "./books-context.tsx";

/** What the question names: the entry's number (none before it is first saved), description, total and date. */
export interface EntryToPost {
  entry_number: string | null;
  description: string;
  total_amount: bigint | string;
  entry_date: string;
}

/**
 * The one question before an entry goes into the books: Post in the journal, "Save and Post" in the entry dialog.
 * `onConfirm` resolves true once it is posted. The question closes once it is answered, posted or refused: a refusal is
 * told in the toast and under the entry form's field it names (the date in a locked period or a filed return's), which
 * the question would cover.
 */
export function PostEntryDialog({
  entry,
  onClose,
  onConfirm,
}: {
  entry: EntryToPost | null;
  onClose: () => void;
  onConfirm: (entry: EntryToPost) => Promise<boolean>;
}) {
  const { money } = useMoney();
  return (
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(o) => !o && onClose()}
      title={entry?.entry_number ? `Post ${entry.entry_number}?` : "Post this entry?"}
      description={
        entry
          ? `${entry.entry_number ?? "The entry"} “${entry.description}” for ${money(entry.total_amount)}, dated ${entry.entry_date}, goes into the books.`
          : ""
      }
      confirmLabel="Post Entry"
      busyLabel="Posting..."
      variant="accent"
      closeOnRefusal
      onConfirm={() => (entry ? onConfirm(entry) : false)}
    >
      <p className="text-sm text-ink">A posted entry can no longer be edited. To undo it later, reverse it from its details.</p>
    </ConfirmDialog>
  );
}
