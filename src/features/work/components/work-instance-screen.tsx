import { Link } from "react-router";
import { formatDateTime } from "~/lib/format.ts";
import type { Choice, WorkInstance } from "../work.types.ts";
import { WorkChecklist } from "./work-checklist.tsx";
import { WorkControls } from "./work-controls.tsx";
import { DueText, WorkStatusBadge } from "./work-status-badge.tsx";

/** /firm/work/:id: one instance, its checklist, status, assignee and snooze. */
export function WorkInstanceScreen({
  work,
  staff,
  canOverride,
  today,
}: {
  work: WorkInstance;
  staff: Choice[];
  canOverride: boolean;
  today: string;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link to="/firm/work" className="text-brand-700 underline">
          All work
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink [overflow-wrap:anywhere]">{work.name}</h1>
        <WorkStatusBadge status={work.status} />
      </div>
      <p className="text-sm text-muted">
        <Link to={`/firm/clients/${work.organization_id}`} className="font-semibold text-brand-700 underline">
          {work.organization_name}
        </Link>{" "}
        · {work.period_start} to {work.period_end} · <DueText due={work.due_on} done={work.status === "done"} today={today} /> ·{" "}
        {work.assignee_name ?? "Nobody"} · {work.ticked} of {work.items} ticked
      </p>
      {work.status === "done" && work.done_at ? (
        <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          Done by {work.done_by_name ?? "someone no longer here"} on {formatDateTime(work.done_at)}
          {work.override_reason ? ` with items not ticked: ${work.override_reason}` : ""}
        </p>
      ) : null}
      <WorkControls
        key={`${work.id}-${work.status}-${work.assignee_id}-${work.snoozed_until}`}
        work={work}
        staff={staff}
        canOverride={canOverride}
      />
      <h2 className="text-lg font-semibold text-ink">Checklist</h2>
      <WorkChecklist id={work.id} items={work.checklist} />
    </div>
  );
}
