import { formatWhen } from "../lead-format.ts";
import { LEAD_STATUS_LABELS, type LeadStatus } from "../leads-inbox.schema.ts";
import type { LeadEvent } from "../leads-inbox.types.ts";

function describe(e: LeadEvent): string {
  if (e.type === "status") {
    const label = (s: string | null) => (s ? (LEAD_STATUS_LABELS[s as LeadStatus] ?? s) : "—");
    return `Status: ${label(e.from)} → ${label(e.to)}`;
  }
  if (e.type === "owner") return e.to ? `Owner: ${e.to}` : "Owner removed";
  return "Released from spam";
}

/** Who changed what on a lead, and when, oldest first after the lead arrived. */
export function LeadHistory({ receivedAt, events }: { receivedAt: string; events: LeadEvent[] }) {
  return (
    <section aria-labelledby="lead-history-heading">
      <h2 id="lead-history-heading" className="text-lg font-bold text-ink">
        History
      </h2>
      <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
        <li>
          <span className="font-medium text-ink">Received</span>
          <span className="block text-xs text-slate-600">{formatWhen(receivedAt)}</span>
        </li>
        {events.map((e) => (
          <li key={e.id}>
            <span className="font-medium text-ink">{describe(e)}</span>
            <span className="block text-xs text-slate-600">
              {e.actor ?? "Someone"} · {formatWhen(e.createdAt)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
