import { Link } from "react-router";
import { cn } from "~/ui/cn.ts";
import { buttonClass } from "~/ui/button.tsx";
import { filterQuery } from "../lead-format.ts";
import type { LeadList } from "../leads-inbox.types.ts";
import { leadsExportUrl } from "../leads.api.ts";
import { LeadsFilters, type FilterValues } from "./leads-filters.tsx";
import { LeadsTable } from "./leads-table.tsx";
import { formatCount } from "~/lib/format.ts";

/** /firm/leads: tabs (inbox, spam), the filters, one page of leads, paging and the CSV export of the filtered list. */
export function LeadsInboxScreen({ list, values, errors }: { list: LeadList; values: FilterValues; errors: Record<string, string> }) {
  const filters = {
    view: values.view === "spam" ? "spam" : undefined,
    kind: values.kind,
    status: values.status,
    owner: values.owner,
    from: values.from,
    to: values.to,
    q: values.q,
  };
  const tabs = [
    { view: "inbox", label: "Inbox", to: "/firm/leads" },
    { view: "spam", label: "Spam", to: "/firm/leads?view=spam" },
  ] as const;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-ink">Leads</h1>
        <a href={leadsExportUrl(filterQuery(filters))} download className={buttonClass("secondary", "sm")}>
          Export CSV
        </a>
      </div>
      <nav aria-label="Lead views">
        <ul className="flex gap-1 border-b border-slate-200">
          {tabs.map((t) => (
            <li key={t.view}>
              <Link
                to={t.to}
                aria-current={values.view === t.view ? "page" : undefined}
                className={cn(
                  "-mb-px block border-b-2 px-4 py-2 text-sm font-semibold",
                  values.view === t.view ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-ink",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {values.view === "spam" ? (
        <p className="text-sm text-muted">
          Submissions that looked automated. They were stored but not notified; release one to move it to the inbox.
        </p>
      ) : null}
      <LeadsFilters values={values} owners={list.owners} errors={errors} />
      <p role="status" className="text-sm text-muted">
        {list.totalCapped ? `More than ${formatCount(list.total)} leads` : list.total === 1 ? "1 lead" : `${formatCount(list.total)} leads`}
      </p>
      <LeadsTable leads={list.leads} />
      {list.newer || list.older ? (
        <nav aria-label="Pages" className="flex justify-between gap-3">
          {list.newer ? (
            <Link to={`/firm/leads${filterQuery({ ...filters, after: list.newer })}`} className={buttonClass("secondary", "sm")}>
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          {list.older ? (
            <Link to={`/firm/leads${filterQuery({ ...filters, before: list.older })}`} className={buttonClass("secondary", "sm")}>
              Older →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
