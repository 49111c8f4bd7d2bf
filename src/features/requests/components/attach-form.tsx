import { useId, useState } from "react";
import { Button } from "~/ui/button.tsx";
import type { EntryListItem } from "~/features/ledger/ledger.types.ts";
import type { RequestFile } from "../requests.types.ts";
import { attachFileToEntry } from "../requests.api.ts";
import { EntryPicker } from "./entry-picker.tsx";
import { useAction } from "~/ui/use-action.ts";

/**
 * An accepted file kept with a journal entry of the same books (copied as the entry's document): the entry found by
 * the journal's search as it is typed (an amount, a date, words), whichever its age.
 */
export function AttachForm({
  orgId,
  requestId,
  file,
  currency,
}: {
  orgId: number;
  requestId: number;
  file: RequestFile;
  currency: string;
}) {
  const uid = useId();
  const { act, pending } = useAction();
  const [entry, setEntry] = useState<EntryListItem | null>(null);
  return (
    <form
      className="flex w-full flex-wrap items-start gap-2 sm:max-w-2xl"
      aria-label={`Attach ${file.file_name} to an entry`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!entry) return;
        void act(() => attachFileToEntry(orgId, requestId, file.id, { entry_id: entry.id }), {
          failure: "Not attached",
          success: `${file.file_name} attached to ${entry.entry_number}`,
        });
      }}
    >
      <EntryPicker
        id={`${uid}-entry`}
        label={`Journal entry for ${file.file_name}`}
        orgId={orgId}
        currency={currency}
        value={entry}
        onChange={setEntry}
      />
      <Button type="submit" size="sm" variant="secondary" className="sm:mt-6" disabled={pending || !entry}>
        Attach to entry
      </Button>
    </form>
  );
}
