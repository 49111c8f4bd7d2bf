import { Fragment } from "react";
import { Link } from "react-router";
import { formatLongDate } from "~/lib/format.ts";
import { tdClass, thClass } from "~/ui/table.tsx";
import { useBooksOrgId } from "~/features/ledger/index.ts";
import { AGING_BUCKETS, type AgingBucket } from "../sales.schema.ts";
import type { AgingReport, AgingRow } from "../sales.types.ts";
import { AgingFigure, type AgingDrillKey } from "./aging-parts.tsx";
import { BUCKET_LABELS, contactPath, linkClass } from "./contact-parts.tsx";

const COLUMNS: (AgingBucket | "total")[] = [...AGING_BUCKETS, "total"];
const columnLabel = (c: AgingBucket | "total") => (c === "total" ? "Total" : BUCKET_LABELS[c]);
const sameDrill = (a: AgingDrillKey | null, b: AgingDrillKey) => a !== null && a.contact === b.contact && a.bucket === b.bucket;

/** A row's contact as the page's query names it: its id, or "none" for the lines naming no contact. */
const rowContact = (r: AgingRow): number | "none" => r.contact_id ?? "none";

function ContactName({ row }: { row: AgingRow }) {
  const orgId = useBooksOrgId();
  return row.contact_id == null ? (
    <span className="italic">{row.contact_name}</span>
  ) : (
    <Link to={contactPath(orgId, row.contact_id)} className={linkClass}>
      {row.contact_name}
    </Link>
  );
}

/**
 * The aging by contact: a table with a totals row from 1024 px, a labelled card per contact (and one of the totals)
 * below. Every figure other than zero is a link to the items behind it.
 */
export function AgingTable({ report, drilled }: { report: AgingReport; drilled: AgingDrillKey | null }) {
  const figure = (row: AgingRow | null, column: AgingBucket | "total", strong = false) => {
    const drill: AgingDrillKey = { contact: row ? rowContact(row) : null, bucket: column === "total" ? "all" : column };
    const value = row ? (column === "total" ? row.total : row.buckets[column]) : report.totals[column];
    return (
      <AgingFigure
        value={value}
        side={report.side}
        asOf={report.as_of}
        drill={drill}
        contactName={row?.contact_name ?? null}
        current={sameDrill(drilled, drill)}
        strong={strong}
      />
    );
  };
  const caption = `${report.side === "receivable" ? "Receivables" : "Payables"} by contact as of ${formatLongDate(report.as_of)}`;
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200 max-lg:hidden">
        <table className="min-w-full divide-y divide-slate-200" data-testid="aging-table">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>
                Contact
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={`${thClass} text-right`}>
                  {columnLabel(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {report.rows.map((r) => (
              <tr key={r.contact_id ?? "none"} data-testid="aging-row">
                <th scope="row" className={`${tdClass} text-left font-normal`}>
                  <ContactName row={r} />
                </th>
                {COLUMNS.map((c) => (
                  <td key={c} className={`${tdClass} whitespace-nowrap text-right`}>
                    {figure(r, c, c === "total")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 bg-slate-50">
            <tr data-testid="aging-totals">
              <th scope="row" className={`${tdClass} text-left font-semibold`}>
                Total
              </th>
              {COLUMNS.map((c) => (
                <td key={c} className={`${tdClass} whitespace-nowrap text-right font-semibold`} data-testid={`aging-total-${c}`}>
                  {figure(null, c, true)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label={caption}>
        {[...report.rows, null].map((r) => {
          const id = `aging-card-${r ? (r.contact_id ?? "none") : "total"}`;
          return (
            <li key={id}>
              <article
                aria-labelledby={id}
                className={`rounded-lg border p-4 ${r ? "border-slate-200" : "border-slate-300 bg-slate-50"}`}
                data-testid="aging-card"
              >
                <h3 id={id} className="text-base font-semibold text-ink [overflow-wrap:anywhere]">
                  {r ? <ContactName row={r} /> : "Total of every contact"}
                </h3>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  {COLUMNS.map((c) => (
                    <Fragment key={c}>
                      <dt className={c === "total" ? "font-semibold text-ink" : "text-muted"}>{columnLabel(c)}</dt>
                      <dd className={`text-right ${c === "total" ? "font-semibold" : ""}`}>{figure(r, c, c === "total")}</dd>
                    </Fragment>
                  ))}
                </dl>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
