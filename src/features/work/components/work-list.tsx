import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { NamedOptions } from "~/ui/named-options.tsx";
import { reassignWork } from "../work.api.ts";
import type { Choice, WorkInstanceRow } from "../work.types.ts";
import { DueText, WorkStatusBadge } from "./work-status-badge.tsx";

/** One instance in a list: its name (a link), client, due date, assignee, checklist progress and status. */
export function WorkRow({
  row,
  today,
  select,
}: {
  row: WorkInstanceRow;
  today: string;
  select?: { checked: boolean; toggle: () => void };
}) {
  return (
    <li className="flex gap-3 px-4 py-3">
      {select ? (
        <CheckboxField
          id={`select-${row.id}`}
          label={<span className="sr-only">{`Select ${row.name}, ${row.organization_name}`}</span>}
          checked={select.checked}
          onChange={select.toggle}
          fieldClassName="mt-1 shrink-0"
        />
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto] sm:items-center">
        <div className="min-w-0">
          <Link to={`/firm/work/${row.id}`} className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
            {row.name}
          </Link>
          <p className="text-sm text-muted [overflow-wrap:anywhere]">
            {row.organization_name} · <DueText due={row.due_on} done={row.status === "done"} today={today} /> ·{" "}
            {row.assignee_name ?? "Nobody"} · {row.ticked} of {row.items} ticked
            {row.snoozed_until && row.snoozed_until > today ? ` · snoozed until ${row.snoozed_until}` : ""}
          </p>
        </div>
        <WorkStatusBadge status={row.status} />
      </div>
    </li>
  );
}

/** The list by due date, with a bar to give the selected instances to someone (audited). */
export function WorkList({ rows, today, staff }: { rows: WorkInstanceRow[]; today: string; staff: Choice[] }) {
  const { act, pending } = useAction();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [assignee, setAssignee] = useState("");
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const reassign = async () => {
    const ids = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
    const res = await act(() => reassignWork(ids, assignee || null), {
      failure: "Not reassigned",
      success: (d) => `${d.changed} reassigned`,
    });
    if (res.ok) setSelected(new Set());
  };
  if (rows.length === 0) return <p className="text-muted">No work matches.</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Reassign the selected work">
        <InputField
          as="select"
          id="bulk-assignee"
          label="Give the selected to"
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
        >
          <option value="">Nobody</option>
          <NamedOptions items={staff} />
        </InputField>
        <Button type="button" size="sm" variant="secondary" disabled={selected.size === 0 || pending} onClick={() => void reassign()}>
          Reassign {selected.size} selected
        </Button>
      </div>
      <ol aria-label="Work by due date" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {rows.map((row) => (
          <WorkRow key={row.id} row={row} today={today} select={{ checked: selected.has(row.id), toggle: () => toggle(row.id) }} />
        ))}
      </ol>
    </div>
  );
}
