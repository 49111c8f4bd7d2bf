import { Pager, pageHref } from "~/ui/pager.tsx";
import type { AuditLogFilters } from "../audit-log.schema.ts";
import type { AuditLogEntry, AuditLogPage } from "../audit-log.types.ts";
import { AuditChanges } from "./audit-changes.tsx";
import { AuditFilters } from "./audit-filters.tsx";
import { formatDateTime } from "~/lib/format.ts";

const TARGET_TYPES: Record<string, string> = {
  organization_membership: "membership",
  organization_invitation: "invitation",
  two_factor_policy: "two-factor policy",
};

/** Who acted: their name and address, the address alone once the account is gone, or the system. */
function actorText(e: AuditLogEntry) {
  if (!e.actorEmail && !e.actorId) return "the system";
  const email = e.actorEmail ? <span className="[overflow-wrap:anywhere]">{e.actorEmail}</span> : "a deleted account";
  if (!e.actorName) return email;
  return (
    <>
      <span className="font-medium text-ink">{e.actorName}</span> ({email})
    </>
  );
}

/** What was acted on, in words: its kind and its name (the server resolves ids to names); the id when the row is gone. */
function targetText(e: AuditLogEntry) {
  const kind = TARGET_TYPES[e.targetType] ?? e.targetType.replace(/_/g, " ");
  if (e.targetType === "two_factor_policy") return `the ${kind}`;
  const name = e.targetName ?? (e.targetType === "site_content" ? e.targetId : null);
  if (name)
    return (
      <>
        {kind} <span className="font-medium text-ink [overflow-wrap:anywhere]">{name}</span>
      </>
    );
  return (
    <>
      {kind} <span className="font-mono [overflow-wrap:anywhere]">{e.targetId}</span> (since deleted)
    </>
  );
}

/** The firm's Audit log: every recorded action, newest first, filtered and paged on the server. */
export function AuditLogScreen({ log, filters, errors }: { log: AuditLogPage; filters: AuditLogFilters; errors: Record<string, string> }) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">Audit log</h1>
        <p className="mt-1 text-slate-700">
          Every action of the firm&apos;s workspace: who, when, from where, and what changed. Times in UTC.
        </p>
      </header>
      <AuditFilters values={filters} errors={errors} />
      {log.entries.length === 0 ? (
        <p className="text-slate-700">No entry matches these filters.</p>
      ) : (
        <ol className="space-y-3" aria-label="Audit entries, newest first">
          {log.entries.map((e) => (
            <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-mono text-sm font-semibold text-brand-800">{e.action}</p>
                <p className="text-sm text-slate-700">
                  <time dateTime={e.occurredAt}>{formatDateTime(new Date(e.occurredAt), { seconds: true })}</time>
                </p>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                By {actorText(e)}
                {e.ip ? ` from ${e.ip}` : ""} · on {targetText(e)}
              </p>
              <div className="mt-3">
                <AuditChanges before={e.before} after={e.after} people={log.people} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Audit log pages"
        status={`Page ${log.page}`}
        previous={log.page > 1 ? { to: pageHref(filters, log.page - 1), text: "Newer entries" } : null}
        next={log.hasMore ? { to: pageHref(filters, log.page + 1), text: "Older entries" } : null}
      />
    </div>
  );
}
