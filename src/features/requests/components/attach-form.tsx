import { useId, useState } from "react";
import { Button } from "~/ui/button.tsx";
import type { RequestFile } from "../requests.types.ts";
import { attachFileToEntry } from "../requests.api.ts";
import { useRequestAction } from "./use-request-action.ts";

export interface EntryChoice {
  id: number;
  label: string;
}

/** An accepted file kept with a journal entry of the same books (copied as the entry's document). */
export function AttachForm({
  orgId,
  requestId,
  file,
  entries,
}: {
  orgId: number;
  requestId: number;
  file: RequestFile;
  entries: EntryChoice[];
}) {
  const uid = useId();
  const act = useRequestAction();
  const [entryId, setEntryId] = useState(String(entries[0]?.id ?? ""));
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      aria-label={`Attach ${file.file_name} to an entry`}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void act(() => attachFileToEntry(orgId, requestId, file.id, { entry_id: Number(entryId) }), {
          failure: "Not attached",
          success: `${file.file_name} attached to the entry`,
        }).finally(() => setBusy(false));
      }}
    >
      <label htmlFor={`${uid}-entry`} className="sr-only">
        Journal entry for {file.file_name}
      </label>
      <select
        id={`${uid}-entry`}
        value={entryId}
        onChange={(e) => setEntryId(e.target.value)}
        className="rounded-md border border-slate-400 px-2 py-1 text-sm"
      >
        {entries.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary" disabled={busy || !entryId}>
        Attach to entry
      </Button>
    </form>
  );
}
