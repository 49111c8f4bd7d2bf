import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { firstMessage, setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import type { ApiResult } from "~/lib/api-client.ts";
import type { RecurringEntryInput } from "../ledger.schema.ts";
import type { AccountDto } from "../ledger.types.ts";
import { isBalanced, isDirty } from "../entry-form.ts";
import { blankRecurring, recurringFormSchema, recurringFromEntry, recurringValues, type RecurringFormValues } from "../recurring-form.ts";
import { getEntry, getRecurring, saveRecurring } from "../ledger.api.ts";
import { useBooksOrgId } from "./books-context.tsx";
import { DiscardDialog, useDiscardGuard } from "./discard-guard.tsx";
import { EntryLines } from "./entry-lines.tsx";
import { EntryContentFields, EntryTotals } from "./entry-parts.tsx";
import { RecurringScheduleFields } from "./recurring-schedule-fields.tsx";
import { Modal } from "~/ui/table.tsx";
import { useEntryLines } from "./use-entry-lines.ts";

const resolver = zodResolver(recurringFormSchema);
const SCHEDULE_FIELDS = ["frequency", "day_of_month", "start_date", "end_date"] as const;

/** What the dialog knows of the saved schedule it edits: its runs so far and whether it is paused. */
interface Saved {
  runs: number;
  lastRun: string | null;
  paused: boolean;
}

/** The form's values and what is known of the saved schedule: the one edited, or a new one made from an entry. */
async function readRecurring(
  orgId: number,
  recurringId: number | null,
  fromEntry: number,
): Promise<ApiResult<{ values: RecurringFormValues; saved: Saved | null }>> {
  if (recurringId === null) {
    const res = await getEntry(orgId, fromEntry);
    return res.ok ? { ...res, data: { values: recurringFromEntry(res.data.entry), saved: null } } : res;
  }
  const res = await getRecurring(orgId, recurringId);
  if (!res.ok) return res;
  const r = res.data.recurring;
  const saved = { runs: r.runs, lastRun: r.recent_runs[0]?.run_on ?? null, paused: r.status === "paused" };
  return { ...res, data: { values: recurringValues(r), saved } };
}

/**
 * Create (recurringId null) or edit a recurring entry: the entry it makes, as in the entry form, and its schedule.
 * `fromEntry` starts a new one from a journal entry (its description, reference and lines, on its day of the month).
 * Runs already due when it is saved are made before the answer; the toast says how many.
 */
export function RecurringDialog({
  open,
  recurringId,
  fromEntry = null,
  accounts,
  onOpenChange,
}: {
  open: boolean;
  recurringId: number | null;
  fromEntry?: number | null;
  accounts: AccountDto[];
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<RecurringFormValues, unknown, RecurringEntryInput>({
    resolver,
    defaultValues: blankRecurring(),
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, watch, formState } = form;
  const values = watch();
  const saving = formState.isSubmitting;
  const [initial, setInitial] = useState<RecurringFormValues>(values);
  const formId = useId();
  const { linesProps, totalsProps } = useEntryLines(form, formId);
  const orgId = useBooksOrgId();
  const { act } = useAction();
  /** How many times the dialog opened: each opening reads the schedule (or the entry) afresh. */
  const [openings, setOpenings] = useState({ open, count: 0 });
  if (openings.open !== open) setOpenings({ open, count: openings.count + (open ? 1 : 0) });
  const toRead = open && (recurringId !== null || fromEntry !== null);
  const read = useLoad(
    toRead ? `${orgId}:${recurringId}:${fromEntry}:${openings.count}` : null,
    async () => {
      const res = await readRecurring(orgId, recurringId, fromEntry!);
      // Nothing to show (or to save over the saved schedule).
      if (!res.ok) onOpenChange(false);
      return res;
    },
    "Error",
  );
  const loading = toRead && read === null;
  const saved = toRead ? (read?.saved ?? null) : null;

  useEffect(() => {
    if (!open) return;
    const fresh = blankRecurring();
    if (!toRead) {
      setInitial(fresh);
      return reset(fresh);
    }
    if (!read) return;
    reset(read.values);
    // A schedule made from an entry is new: nothing of it is saved yet.
    setInitial(read.saved ? read.values : fresh);
  }, [open, toRead, read, reset]);

  const { requestClose, onModalOpenChange, discard } = useDiscardGuard({ open, dirty: isDirty(values, initial), saving, onOpenChange });

  async function save(payload: RecurringEntryInput) {
    const res = await act(() => saveRecurring(orgId, recurringId, payload), { failure: "Recurring entry not saved" });
    if (!res.ok) return setServerErrors(form.setError, res.fields, SCHEDULE_FIELDS);
    const r = res.data.recurring;
    const made = r.runs - (saved?.runs ?? 0);
    onOpenChange(false);
    const next = r.next_run_on ? `The next run is on ${r.next_run_on}.` : "It has no run left.";
    const madeText = made === 1 ? `1 ${r.post ? "posted entry" : "draft"}` : `${made} ${r.post ? "posted entries" : "drafts"}`;
    toast.success("Recurring entry saved", { description: made > 0 ? `${madeText} made for the dates already due. ${next}` : next });
    if (r.status === "paused" && r.last_error) toast.error("Recurring entry paused", { description: r.last_error });
  }

  const refused = (errors: Parameters<typeof firstMessage>[0] & { root?: { message?: string } }) =>
    toast.error("Validation Error", { description: errors.root?.message ?? firstMessage(errors) ?? "Invalid recurring entry" });

  return (
    <Modal
      open={open}
      onOpenChange={onModalOpenChange}
      wide
      title={recurringId === null ? "New recurring entry" : "Edit recurring entry"}
      description="The entry to make, and when: each run makes it on its date, as a draft to review or posted."
    >
      {loading ? (
        <p role="status">Loading...</p>
      ) : (
        <form id={formId} onSubmit={(e) => void handleSubmit(save, refused)(e)} noValidate className="space-y-4">
          <EntryContentFields formId={formId} register={register} />
          <EntryLines {...linesProps} accounts={accounts} />
          <EntryTotals {...totalsProps} />
          <RecurringScheduleFields
            formId={formId}
            values={values}
            register={register}
            errors={formState.errors}
            lastRun={saved?.lastRun}
            paused={saved?.paused}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isBalanced(values.lines) || saving}>
              {saving ? "Saving..." : "Save recurring entry"}
            </Button>
          </div>
        </form>
      )}
      <DiscardDialog discard={discard} title="Discard this recurring entry?" confirmLabel="Discard" />
    </Modal>
  );
}
