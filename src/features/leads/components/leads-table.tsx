import { Link } from "react-router";
import { formatWhen } from "../lead-format.ts";
import { LEAD_KIND_LABELS } from "../leads-inbox.schema.ts";
import type { LeadSummary } from "../leads-inbox.types.ts";
import { StatusBadge } from "./lead-badges.tsx";

const who = (l: LeadSummary) => l.name || l.email;
const COLUMNS = ["Lead", "Company", "Kind", "Status", "Owner", "Received"];

/** The leads of one page: a table on a desktop, a list of cards on a phone. */
export function LeadsTable({ leads }: { leads: LeadSummary[] }) {
  if (leads.length === 0)
    return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-muted">No leads match these filters.</p>;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Leads, newest first</caption>
        <thead className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {COLUMNS.map((label, i) => (
              <th key={label} scope="col" className={i < COLUMNS.length - 1 ? "py-2 pr-3" : "py-2"}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {leads.map((l) => (
            <tr key={l.id} className="align-top hover:bg-slate-50">
              <td className="py-2 pr-3">
                <Link to={`/firm/leads/${l.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {who(l)}
                </Link>
                {l.name ? <div className="text-muted">{l.email}</div> : null}
              </td>
              <td className="py-2 pr-3">{l.company ?? "—"}</td>
              <td className="py-2 pr-3">{LEAD_KIND_LABELS[l.kind]}</td>
              <td className="py-2 pr-3">
                <StatusBadge status={l.status} />
              </td>
              <td className="py-2 pr-3">{l.owner ? l.owner.name || l.owner.email : <span className="text-muted">No owner</span>}</td>
              <td className="whitespace-nowrap py-2">{formatWhen(l.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden">
        {leads.map((l) => (
          <li key={l.id} className="rounded-lg border border-slate-200 p-4">
            <div className="flex items-start justify-between gap-3">
              <Link to={`/firm/leads/${l.id}`} className="min-w-0 break-words font-semibold text-brand-800 underline">
                {who(l)}
              </Link>
              <StatusBadge status={l.status} />
            </div>
            {l.name ? <p className="break-words text-sm text-muted">{l.email}</p> : null}
            <p className="mt-1 text-sm">
              {LEAD_KIND_LABELS[l.kind]}
              {l.company ? ` · ${l.company}` : ""}
            </p>
            <p className="mt-1 text-sm text-muted">
              {formatWhen(l.createdAt)} · {l.owner ? l.owner.name || l.owner.email : "No owner"}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
