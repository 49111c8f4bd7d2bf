import { Link } from "react-router";
import { WORK_STATUSES, WORK_STATUS_LABELS, type WorkInstanceRow } from "../work.types.ts";
import { DueText } from "./work-status-badge.tsx";

/** The board: a column per status (stacked on a phone), each card a link to its instance. */
export function WorkBoard({ rows, today }: { rows: WorkInstanceRow[]; today: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-5">
      {WORK_STATUSES.map((status) => {
        const cards = rows.filter((r) => r.status === status);
        return (
          <section key={status} aria-labelledby={`column-${status}`} className="rounded-lg bg-slate-50 p-3">
            <h2 id={`column-${status}`} className="mb-2 text-sm font-semibold text-ink">
              {WORK_STATUS_LABELS[status]} ({cards.length})
            </h2>
            <ul className="space-y-2">
              {cards.map((r) => (
                <li key={r.id} className="rounded-md border border-slate-200 bg-white p-2 text-sm">
                  <Link to={`/firm/work/${r.id}`} className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
                    {r.name}
                  </Link>
                  <p className="text-muted [overflow-wrap:anywhere]">{r.organization_name}</p>
                  <p className="text-muted">
                    <DueText due={r.due_on} done={r.status === "done"} today={today} /> · {r.assignee_name ?? "Nobody"}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
