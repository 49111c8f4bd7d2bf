import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { NamedOptions } from "~/ui/named-options.tsx";
import { reassignWork, setWorkStatus, snoozeWork } from "../work.api.ts";
import { WORK_STATUSES, WORK_STATUS_LABELS, type Choice, type WorkInstance, type WorkStatus } from "../work.types.ts";

/**
 * An instance's status (done with items unticked: a reviewer's reason), its assignee and its snooze. Each change is
 * saved on its own button.
 */
export function WorkControls({ work, staff, canOverride }: { work: WorkInstance; staff: Choice[]; canOverride: boolean }) {
  const { act, pending } = useAction();
  const [status, setStatus] = useState<WorkStatus>(work.status);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [assignee, setAssignee] = useState(work.assignee_id ?? "");
  const [until, setUntil] = useState(work.snoozed_until ?? "");
  const open = work.checklist.filter((i) => !i.ticked).length;
  const needsReason = status === "done" && open > 0 && canOverride;

  const saveStatus = async () => {
    const res = await act(() => setWorkStatus(work.id, status, needsReason ? reason : undefined), {
      failure: "Status not changed",
      success: `Marked ${WORK_STATUS_LABELS[status].toLowerCase()}`,
    });
    setReasonError(res.ok ? undefined : res.fields?.override_reason);
  };
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-3">
      <div className="space-y-2">
        <InputField
          as="select"
          id="work-status-choice"
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as WorkStatus)}
        >
          {WORK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {WORK_STATUS_LABELS[s]}
            </option>
          ))}
        </InputField>
        {needsReason ? (
          <InputField
            id="override-reason"
            as="textarea"
            rows={2}
            label={`Why it is done with ${open} item${open === 1 ? "" : "s"} not ticked`}
            value={reason}
            error={reasonError}
            onChange={(e) => setReason(e.target.value)}
          />
        ) : null}
        <Button type="button" size="sm" disabled={pending || status === work.status} onClick={() => void saveStatus()}>
          Save status
        </Button>
      </div>
      <div className="space-y-2">
        <InputField as="select" id="work-assignee-choice" label="Assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
          <option value="">Nobody</option>
          <NamedOptions items={staff} />
        </InputField>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={pending || assignee === (work.assignee_id ?? "")}
          onClick={() => void act(() => reassignWork([work.id], assignee || null), { failure: "Not reassigned", success: "Reassigned" })}
        >
          Reassign
        </Button>
      </div>
      <div className="space-y-2">
        <InputField id="work-snooze" type="date" label="Snoozed until" optional value={until} onChange={(e) => setUntil(e.target.value)} />
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={pending || until === (work.snoozed_until ?? "")}
          onClick={() =>
            void act(() => snoozeWork(work.id, until || null), { failure: "Not snoozed", success: until ? "Snoozed" : "Back in the views" })
          }
        >
          {work.snoozed_until && !until ? "Wake now" : "Snooze"}
        </Button>
      </div>
    </div>
  );
}
