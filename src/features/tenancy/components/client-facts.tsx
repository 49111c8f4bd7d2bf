import { Link } from "react-router";
import type { ClientWork, FirmClientDetail } from "../tenancy.types.ts";
import { LockSummary, NextWorkSummary, PackSummary, UnreadSummary, WaitingSummary } from "./client-glance-parts.tsx";

const STATUS_LABELS: Record<ClientWork["status"], string> = {
  not_started: "Not started",
  in_progress: "In progress",
  waiting_client: "Waiting on client",
  review: "Review",
};

const card = "mt-4 rounded-lg border border-slate-200 bg-white p-4";
const heading = "text-lg font-bold text-ink";

/** A client's page below its people: the list's facts (each bank account apart) and its open work. */
export function ClientFacts({ detail }: { detail: FirmClientDetail }) {
  const { glance: c, work, month_end: monthEnd, today } = detail;
  const facts: [string, React.ReactNode][] = [
    ["Lock date", <LockSummary key="lock" client={c} monthEnd={monthEnd} />],
    ["Waiting on client", <WaitingSummary key="client" client={c} on="client" today={today} />],
    ["Waiting on firm", <WaitingSummary key="firm" client={c} on="firm" today={today} />],
    ["Messages", <UnreadSummary key="unread" client={c} />],
    ["Next work", <NextWorkSummary key="work" client={c} today={today} />],
    ["Last pack", <PackSummary key="pack" client={c} />],
  ];
  return (
    <>
      <section aria-labelledby="client-books" className={card}>
        <h2 id="client-books" className={heading}>
          The books at a glance
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="font-semibold text-ink">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 font-semibold text-ink">Bank accounts</h3>
        {c.bank_accounts.length === 0 ? (
          <p className="text-sm text-muted">No bank account yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 text-sm" aria-label="Bank accounts">
            {c.bank_accounts.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span className="font-medium text-ink">{a.name}</span>
                <span>
                  <span className={!a.reconciled_through || a.reconciled_through < monthEnd ? "font-semibold text-red-700" : undefined}>
                    {a.reconciled_through ? `Reconciled through ${a.reconciled_through}` : "Never reconciled"}
                  </span>
                  <span className="text-muted">
                    {" "}
                    · {a.unmatched} unmatched line{a.unmatched === 1 ? "" : "s"}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="client-work" className={card}>
        <h2 id="client-work" className={heading}>
          Open work
        </h2>
        {work.length === 0 ? (
          <p className="mt-1 text-sm text-muted">No open work.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 text-sm">
            {work.map((w) => (
              <li key={w.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                <Link to={`/firm/work/${w.id}`} className="font-medium text-brand-800 underline">
                  {w.name}
                </Link>
                <span className={w.due_on < today ? "font-semibold text-red-700" : "text-muted"}>
                  Due {w.due_on}
                  {w.due_on < today ? " (overdue)" : ""} · {STATUS_LABELS[w.status]} · {w.assignee?.name ?? "Unassigned"}
                  {w.snoozed_until && w.snoozed_until > today ? ` · snoozed until ${w.snoozed_until}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
