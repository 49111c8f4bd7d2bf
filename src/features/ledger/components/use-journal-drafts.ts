import { useState } from "react";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import type { EntryListItem, PostDraftsResult } from "../ledger.types.ts";
import { deleteDraft, postDrafts, postEntry } from "../ledger.api.ts";
import { useBooksOrgId } from "./books-context.tsx";

/**
 * The journal's changes to its drafts: post one, delete one, post the chosen ones together. Each resolves whether it
 * was done (the question that asked it then closes); the journal is read again before the toast says it is done.
 */
export function useJournalDrafts() {
  const orgId = useBooksOrgId();
  const { act } = useAction();
  /** Drafts chosen to be posted together, by id. */
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  /** What the last "post the chosen drafts" could not post, and why. */
  const [notPosted, setNotPosted] = useState<PostDraftsResult["failed"]>([]);

  async function post(entry: EntryListItem): Promise<boolean> {
    const res = await act(() => postEntry(orgId, entry.id), {
      failure: "Error posting entry",
      success: "Journal entry posted successfully",
    });
    return res.ok;
  }

  async function remove(entry: EntryListItem): Promise<boolean> {
    const res = await act(
      async () => {
        const res = await deleteDraft(orgId, entry.id);
        if (res.ok) setChosen((prev) => new Set([...prev].filter((id) => id !== entry.id)));
        return res;
      },
      { failure: "Draft not deleted" },
    );
    if (res.ok) toast.success("Draft deleted", { description: `${res.data.entry_number} is gone; the audit log keeps what it was.` });
    return res.ok;
  }

  /** Those that could not be posted stay listed with the reason. */
  async function postChosen(): Promise<boolean> {
    const res = await act(
      async () => {
        const res = await postDrafts(orgId, [...chosen]);
        if (res.ok) {
          setChosen(new Set());
          setNotPosted(res.data.failed);
        }
        return res;
      },
      {
        failure: "Error posting entries",
        success: ({ posted }) => (posted.length ? `${posted.length} ${posted.length === 1 ? "entry" : "entries"} posted` : ""),
      },
    );
    if (!res.ok) return false;
    const { failed } = res.data;
    if (failed.length) toast.error(`${failed.length} not posted`, { description: "The reasons are listed above the journal." });
    return true;
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return { chosen, notPosted, toggle, post, remove, postChosen };
}
