import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import type { RecurringEntryDetails, RecurringEntrySummary } from "../ledger.types.ts";

import { scheduleLabel } from "../recurrence.ts";
import { changeRecurringStatus, deleteRecurring } from "../ledger.api.ts";
import { useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { RecurringDialog } from "./recurring-dialog.tsx";
import { RecurringRow, RecurringTable, type RecurringAction, type RecurringRowView } from "./recurring-list.tsx";

const STATUS_DONE = {
  pause: { title: "Recurring entry paused", text: () => "No entry is made until it is resumed." },
  resume: {
    title: "Recurring entry resumed",
    text: (r: RecurringEntryDetails) =>
      r.next_run_on
        ? `The next run is on ${r.next_run_on}; the dates passed while it was paused are skipped.`
        : "It had no run left: it has ended.",
  },
  end: { title: "Recurring entry ended", text: () => "No more entries will be made. The entries it made stay in the journal." },
} as const;

const COLUMNS = { title: "Description", amount: "Amount", next: "Next runs", runs: "Runs made" };
const ACTIONS: RecurringAction[] = ["edit", "pause", "resume", "end", "delete"];

const rowView = (r: RecurringEntrySummary): RecurringRowView => ({
  ...r,
  title: r.description,
  name: r.description,
  schedule: scheduleLabel(r),
  amount: r.total_amount,
  makes: r.post ? "Posts entries" : "Creates drafts",
  pausedReason: r.last_error,
});

/**
 * Recurring entries (/accounting/:orgId/recurring): each schedule, what it makes and its next runs. Owners and
 * accountants create, edit, pause, resume, end and delete them; `?from=<entry id>` (the journal's "Make recurring")
 * opens a new one made from that entry. After each change the route's loaders run again.
 */
export function RecurringEntriesScreen({ recurring }: { recurring: RecurringEntrySummary[] }) {
  const { money } = useMoney();
  const { accounts, can } = useBooks();
  const canWrite = can["books.write"];
  const orgId = useBooksOrgId();
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const fromEntry = canWrite && /^[1-9][0-9]{0,9}$/.test(from) ? Number(from) : null;
  const [dialog, setDialog] = useState({ open: fromEntry !== null, recurringId: null as number | null, fromEntry });
  const [confirm, setConfirm] = useState<{ action: "end" | "delete"; r: RecurringEntrySummary } | null>(null);
  /** The schedule whose status the last change was for: its buttons wait while that change is under way. */
  const [changed, setChanged] = useState<number | null>(null);
  // Two actions of their own: a deletion does not make a row's buttons wait.
  const { act: actChange, pending: changing } = useAction();
  const { act } = useAction();

  function onDialogOpenChange(open: boolean) {
    setDialog((d) => ({ ...d, open }));
    // The entry it was made from is not asked again on a reload.
    if (!open && params.has("from")) {
      const rest = new URLSearchParams(params);
      rest.delete("from");
      setParams(rest, { replace: true, preventScrollReset: true });
    }
  }

  /** Pauses, resumes or ends a schedule, reloads the list, and only then says it is done. */
  async function change(r: RecurringEntrySummary, action: keyof typeof STATUS_DONE): Promise<boolean> {
    setChanged(r.id);
    const res = await actChange(() => changeRecurringStatus(orgId, r.id, action), { failure: "Recurring entry not changed" });
    if (!res.ok) return false;
    toast.success(STATUS_DONE[action].title, { description: STATUS_DONE[action].text(res.data.recurring) });
    return true;
  }

  async function remove(r: RecurringEntrySummary): Promise<boolean> {
    const res = await act(() => deleteRecurring(orgId, r.id), { failure: "Recurring entry not deleted" });
    if (!res.ok) return false;
    toast.success("Recurring entry deleted", {
      description: `“${r.description}” makes no more entries; the entries it made stay in the journal.`,
    });
    return true;
  }

  function onAction(r: RecurringEntrySummary, action: RecurringAction) {
    if (action === "edit") setDialog({ open: true, recurringId: r.id, fromEntry: null });
    else if (action === "end" || action === "delete") setConfirm({ action, r });
    else void change(r, action);
  }

  const openNew = () => setDialog({ open: true, recurringId: null, fromEntry: null });
  const asked = confirm?.r;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-ink">Recurring entries</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Entries made on a schedule, such as the rent each month: each run makes a draft to review, or posts the entry.
          </p>
        </div>
        {canWrite ? <Button onClick={openNew}>New recurring entry</Button> : null}
      </div>
      <RecurringTable
        caption="Recurring entries, newest first"
        columns={COLUMNS}
        canWrite={canWrite}
        empty={recurring.length === 0 ? "No recurring entries yet." : null}
        emptyHint={canWrite ? "Create one here, or open an entry in the journal and choose Make recurring." : null}
      >
        {recurring.map((r) => (
          <RecurringRow
            key={r.id}
            r={rowView(r)}
            columns={COLUMNS}
            testId="recurring-row"
            actions={ACTIONS}
            canWrite={canWrite}
            busy={changing && changed === r.id}
            onAction={(a) => onAction(r, a)}
          />
        ))}
      </RecurringTable>
      <RecurringDialog
        open={dialog.open}
        recurringId={dialog.recurringId}
        fromEntry={dialog.fromEntry}
        accounts={accounts}
        onOpenChange={onDialogOpenChange}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm?.action === "delete" ? "Delete this recurring entry?" : "End this recurring entry?"}
        description={asked ? `“${asked.description}”, ${scheduleLabel(asked).toLowerCase()}, for ${money(asked.total_amount)}.` : ""}
        confirmLabel={confirm?.action === "delete" ? "Delete" : "End"}
        busyLabel={confirm?.action === "delete" ? "Deleting..." : "Ending..."}
        variant="danger"
        onConfirm={() => (!confirm ? false : confirm.action === "delete" ? remove(confirm.r) : change(confirm.r, "end"))}
      >
        <p className="text-sm text-ink">
          {confirm?.action === "delete"
            ? "The schedule is deleted and makes no more entries. The entries it already made stay in the journal."
            : "No more entries will be made, and an ended schedule cannot be resumed or edited. The entries it made stay in the journal."}
        </p>
      </ConfirmDialog>
    </div>
  );
}
