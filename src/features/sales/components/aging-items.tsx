import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { toCents } from "~/lib/money.ts";
import { formatCount, formatLongDate } from "~/lib/format.ts";
import { useMoney } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import type { OpenItem } from "../sales.types.ts";
import { agingHref, drillText, type AgingDrillKey } from "./aging-parts.tsx";
import { linkClass } from "./contact-parts.tsx";
import { OpenItemsTable } from "./open-items-table.tsx";

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
        <OpenItemsTable
          side={side}
          items={items}
          caption={title}
          testId="aging-items"
          rowTestId="aging-item"
          contacts={showContact}
          lateOn={asOf}
          itemLabel
        />
      ) : null}
    </section>
  );
}
