import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { formatUsd } from "../money.ts";
import type { EntrySummary } from "../journal-entries.server.ts";
import { api, type AccountDto } from "./accounting-api.ts";
import { EntryDetailsDialog } from "./entry-details-dialog.tsx";
import { EntryDialog } from "./entry-dialog.tsx";
import { StatusBadge, tdClass, thClass } from "./ui.tsx";

export function JournalEntriesTab({ accounts, canWrite }: { accounts: AccountDto[]; canWrite: boolean }) {
  const [entries, setEntries] = useState<EntrySummary[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; entryId: number | null }>({ open: false, entryId: null });
  const [viewing, setViewing] = useState<number | null>(null);
  const [posting, setPosting] = useState<number | null>(null);

  const load = useCallback(async (offset = 0) => {
    try {
      const page = await api<{ entries: EntrySummary[]; has_more: boolean }>(`/entries?offset=${offset}`);
      setEntries((prev) => (offset === 0 ? page.entries : [...(prev ?? []), ...page.entries]));
      setHasMore(page.has_more);
    } catch (err) {
      toast.error("Error", { description: (err as Error).message });
      setEntries((prev) => prev ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function post(entry: EntrySummary) {
    setPosting(entry.id);
    try {
      await api(`/entries/${entry.id}/post`, { method: "POST" });
      toast.success("Journal entry posted successfully");
      await load();
    } catch (err) {
      toast.error("Error posting entry", { description: (err as Error).message });
    } finally {
      setPosting(null);
    }
  }

  const openNew = () => setDialog({ open: true, entryId: null });

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-semibold text-ink">Journal Entries</h2>
        {canWrite ? <Button onClick={openNew}>New Entry</Button> : null}
      </div>
      {entries === null ? (
        <p role="status" className="text-muted">
          Loading...
        </p>
      ) : entries.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-muted">No journal entries yet.</p>
          {canWrite ? (
            <Button className="mt-4" onClick={openNew}>
              Create Entry
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">Journal entries, newest first</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Entry Number</th>
                <th scope="col" className={thClass}>Date</th>
                <th scope="col" className={thClass}>Description</th>
                <th scope="col" className={thClass}>Reference</th>
                <th scope="col" className={`${thClass} text-right`}>Amount</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={thClass}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((e) => (
                <tr key={e.id} data-testid="entry-row">
                  <td className={`${tdClass} font-mono`}>{e.entry_number}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{e.entry_date}</td>
                  <td className={tdClass}>{e.description}</td>
                  <td className={tdClass}>{e.reference ?? ""}</td>
                  <td className={`${tdClass} text-right`}>{formatUsd(e.total_amount)}</td>
                  <td className={tdClass}>
                    <StatusBadge status={e.status} />
                  </td>
                  <td className={`${tdClass} space-x-2 whitespace-nowrap`}>
                    <Button size="sm" variant="secondary" onClick={() => setViewing(e.id)} aria-label={`View ${e.entry_number}`}>
                      View
                    </Button>
                    {canWrite && e.status === "draft" ? (
                      <>
                        <Button size="sm" variant="secondary" onClick={() => setDialog({ open: true, entryId: e.id })} aria-label={`Edit ${e.entry_number}`}>
                          Edit
                        </Button>
                        <Button size="sm" variant="accent" disabled={posting === e.id} onClick={() => void post(e)} aria-label={`Post ${e.entry_number}`}>
                          Post
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {hasMore ? (
            <div className="p-3 text-center">
              <Button variant="ghost" onClick={() => void load(entries.length)}>
                Show more
              </Button>
            </div>
          ) : null}
        </div>
      )}
      <EntryDialog
        open={dialog.open}
        entryId={dialog.entryId}
        accounts={accounts}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => void load()}
      />
      <EntryDetailsDialog entryId={viewing} canWrite={canWrite} onOpenChange={(open) => !open && setViewing(null)} onChanged={() => void load()} />
    </div>
  );
}
