import { Link } from "react-router";
import type { WorkInstanceRow } from "../work.types.ts";
import { WorkRow } from "./work-list.tsx";

/** "My work this week": overdue first, then what is due by Sunday; each a link to its checklist. */
export function MyWeekScreen({
  rows,
  today,
  weekEnd,
  firstName,
}: {
  rows: WorkInstanceRow[];
  today: string;
  weekEnd: string;
  firstName: string | null;
}) {
  const overdue = rows.filter((r) => r.due_on < today);
  const due = rows.filter((r) => r.due_on >= today);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">My week</h1>
        <p className="text-muted">
          {firstName ? `${firstName}, here` : "Here"} is your work due by Sunday {weekEnd}.{" "}
          <Link to="/firm/work" className="font-semibold text-brand-700 underline">
            All work
          </Link>
        </p>
      </div>
      {rows.length === 0 ? <p className="rounded-md bg-white p-4 text-ink">Nothing of yours is due this week.</p> : null}
      {[
        { title: "Overdue", rows: overdue },
        { title: "Due this week", rows: due },
      ].map((group) =>
        group.rows.length === 0 ? null : (
          <section key={group.title} aria-labelledby={`week-${group.title}`}>
            <h2 id={`week-${group.title}`} className="mb-2 text-lg font-semibold text-ink">
              {group.title} ({group.rows.length})
            </h2>
            <ol className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
              {group.rows.map((row) => (
                <WorkRow key={row.id} row={row} today={today} />
              ))}
            </ol>
          </section>
        ),
      )}
    </div>
  );
}
