import type { ReactNode } from "react";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import type { RecurringEntrySummary, RecurringStatus } from "../ledger.types.ts";

import { scheduleLabel } from "../recurrence.ts";
import { DateList, tdClass } from "~/ui/table.tsx";
import { useMoney } from "./books-context.tsx";

export type RecurringAction = "edit" | "pause" | "resume" | "end" | "delete";

const STATUS: Record<RecurringStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-green-100 text-green-900" },
  paused: { label: "Paused", className: "bg-amber-100 text-amber-900" },
  ended: { label: "Ended", className: "bg-slate-200 text-slate-800" },
};

/** A cell's column name, shown in the card a row becomes below md (the table's heads are hidden there). */
function CardLabel({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-semibold uppercase tracking-wide text-muted md:hidden">{children}</span>;
}

const cell = `${tdClass} max-md:p-0`;

/**
 * A recurring entry in the list: what it makes, its schedule, its status (a paused one says why when the job paused
 * it), the next run dates and the runs made; below md, a card. Writers get its actions.
 */
export function RecurringEntryRow({
  r,
  canWrite,
  busy,
  onAction,
}: {
  r: RecurringEntrySummary;
  canWrite: boolean;
  busy: boolean;
  onAction: (action: RecurringAction) => void;
}) {
  const { money } = useMoney();
  const status = STATUS[r.status];
  const [next, ...later] = r.upcoming;
  return (
    <tr data-testid="recurring-row" className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:px-3 max-md:py-3">
      <td className={`${cell} min-w-44 max-md:col-span-2`}>
        <span className="font-semibold">{r.description}</span>
        {r.reference ? <span className="block text-xs text-muted">{r.reference}</span> : null}
      </td>
      <td className={cell}>
        <CardLabel>Schedule</CardLabel>
        <span className="md:whitespace-nowrap">{scheduleLabel(r)}</span>
        <span className="block text-xs text-muted">
          from {r.start_date}
          {r.end_date ? ` to ${r.end_date}` : ""}
        </span>
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left md:whitespace-nowrap`}>
        <CardLabel>Amount</CardLabel>
        {money(r.total_amount)}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CardLabel>Makes</CardLabel>
        {r.post ? "Posts entries" : "Creates drafts"}
      </td>
      <td className={`${cell} md:max-w-56`}>
        <CardLabel>Status</CardLabel>
        <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", status.className)}>{status.label}</span>
        {r.status === "paused" && r.last_error ? <span className="mt-1 block text-xs text-red-800">{r.last_error}</span> : null}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CardLabel>Next runs</CardLabel>
        {next ? (
          <>
            <span className="font-semibold">{next}</span>
            {later.length ? (
              <span className="block text-xs text-muted">
                then <DateList dates={later} />
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-muted">{r.status === "paused" ? "None while paused" : "None"}</span>
        )}
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CardLabel>Runs made</CardLabel>
        {r.runs}
      </td>
      {canWrite ? (
        <td className={`${cell} max-md:col-span-2 max-md:pt-1`}>
          <div className="flex gap-2 max-md:flex-wrap">
            {r.status !== "ended" ? (
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAction("edit")} aria-label={`Edit ${r.description}`}>
                Edit
              </Button>
            ) : null}
            {r.status === "active" ? (
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAction("pause")} aria-label={`Pause ${r.description}`}>
                Pause
              </Button>
            ) : r.status === "paused" ? (
              <Button size="sm" variant="accent" disabled={busy} onClick={() => onAction("resume")} aria-label={`Resume ${r.description}`}>
                Resume
              </Button>
            ) : null}
            {r.status !== "ended" ? (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAction("end")} aria-label={`End ${r.description}`}>
                End
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAction("delete")} aria-label={`Delete ${r.description}`}>
              Delete
            </Button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
