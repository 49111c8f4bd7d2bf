import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { toCents } from "~/lib/money.ts";
import { formatCount, formatLongDate } from "~/lib/format.ts";
import { Amount, cardRow, cardText, tdClass, thClass } from "~/ui/table.tsx";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import type { OpenItem } from "../sales.types.ts";
import { agingHref, drillText, type AgingDrillKey } from "./aging-parts.tsx";
import { contactPath, linkClass } from "./contact-parts.tsx";
import { sideDocumentPath } from "./document-paths.ts";

/** Whole days from `from` to `to` (calendar dates). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function Cell({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={`${tdClass} ${cardText} ${className}`}>
      <span className="block text-xs font-semibold uppercase tracking-wide text-muted md:hidden">{label}</span>
      {children}
    </td>
  );
}

/**
 * The items behind a figure of the aging (GET /aging/items), under the table: each with its document (linked), its
 * dates, how late it is on the as-of day, its amount and what was still open that day; their sum is the figure. The
 * heading takes the focus when a figure is chosen, so that a keyboard or screen reader lands on what it asked for.
 */
export function AgingItems({
  side,
  asOf,
  drill,
  items,
  contactName,
}: {
  side: Side;
  asOf: string;
  drill: AgingDrillKey;
  items: OpenItem[];
  contactName: string | null;
}) {
  const orgId = useBooksOrgId();
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  const key = agingHref(side, asOf, drill);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [key]);
  const sum = items.reduce((s, i) => s + (toCents(i.open) ?? 0n), 0n);
  const title = `Items: ${drillText(drill, contactName ?? items[0]?.contact_name ?? null)}`;
  const showContact = drill.contact == null;
  return (
    <section aria-labelledby="aging-items-heading" className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/40 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3
          id="aging-items-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink outline-none [overflow-wrap:anywhere]"
        >
          {title}
        </h3>
        <Link to={agingHref(side, asOf)} preventScrollReset className={linkClass}>
          Close the items
        </Link>
      </div>
      <p className="text-sm text-muted" role="status">
        {formatCount(items.length)} {items.length === 1 ? "item" : "items"} open on {formatLongDate(asOf)}, together {money.money(sum)}.
      </p>
      {items.length ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 max-md:block" data-testid="aging-items">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 max-md:hidden">
              <tr>
                {["Item", ...(showContact ? ["Contact"] : []), "Date", "Due", "Days late", "Amount", "Still open"].map((h) => (
                  <th key={h} scope="col" className={["Days late", "Amount", "Still open"].includes(h) ? `${thClass} text-right` : thClass}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 max-md:block">
              {items.map((i) => {
                const late = daysBetween(i.due_date, asOf);
                return (
                  <tr key={i.item_id} className={cardRow} data-testid="aging-item">
                    <Cell label="Item" className="max-md:col-span-3 [overflow-wrap:anywhere]">
                      {i.document_id != null ? (
                        <Link to={sideDocumentPath(orgId, side, i.document_id)} className={linkClass}>
                          {i.description}
                        </Link>
                      ) : (
                        i.description
                      )}
                      <span className="block text-xs text-muted">{i.entry_number}</span>
                    </Cell>
                    {showContact ? (
                      <Cell label="Contact" className="max-md:col-span-3 [overflow-wrap:anywhere]">
                        {i.contact_id != null ? (
                          <Link to={contactPath(orgId, i.contact_id)} className={linkClass}>
                            {i.contact_name}
                          </Link>
                        ) : (
                          <span className="italic">No contact</span>
                        )}
                      </Cell>
                    ) : null}
                    <Cell label="Date" className="md:whitespace-nowrap">
                      {formatLongDate(i.date)}
                    </Cell>
                    <Cell label="Due" className="md:whitespace-nowrap">
                      {formatLongDate(i.due_date)}
                    </Cell>
                    <Cell label="Days late" className="tabular-nums md:text-right">
                      {late > 0 ? formatCount(late) : "Not yet due"}
                    </Cell>
                    <Amount label="Amount">{money.money(i.amount)}</Amount>
                    <Amount label="Still open">{money.money(i.open)}</Amount>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
