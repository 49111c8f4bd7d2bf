import { Link } from "react-router";
import { formatCount, formatLongDate } from "~/lib/format.ts";
import { CardCell, CardTable } from "~/ui/card-table.tsx";
import { Amount, cardRow } from "~/ui/table.tsx";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import type { OpenItem } from "../sales.types.ts";
import { contactPath, linkClass } from "./contact-parts.tsx";
import { sideDocumentPath } from "./document-paths.ts";

/** Whole days from `from` to `to` (calendar dates). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Open items of a side, a card each below md: the item (its document linked, its entry's number under it), its
 * contact (linked) when `contacts`, its date and due date, how late it is on `lateOn` when given, its amount and what
 * is still open. `itemLabel` names the item's cell on a card too.
 */
export function OpenItemsTable({
  side,
  items,
  caption,
  testId,
  rowTestId,
  contacts = false,
  lateOn,
  itemLabel = false,
}: {
  side: Side;
  items: OpenItem[];
  caption: string;
  testId: string;
  rowTestId?: string;
  contacts?: boolean;
  lateOn?: string;
  itemLabel?: boolean;
}) {
  const orgId = useBooksOrgId();
  const money = useMoney();
  const heads = ["Item", contacts && "Contact", "Date", "Due", lateOn !== undefined && "Days late", "Amount", "Still open"];
  return (
    <CardTable caption={caption} heads={heads} numeric={["Days late", "Amount", "Still open"]} cards="md" strongRules testId={testId}>
      {items.map((i) => {
        const late = lateOn === undefined ? 0 : daysBetween(i.due_date, lateOn);
        return (
          <tr key={i.item_id} className={cardRow} data-testid={rowTestId}>
            <CardCell label={itemLabel ? "Item" : undefined} className="max-md:col-span-3 [overflow-wrap:anywhere]">
              {i.document_id != null ? (
                <Link to={sideDocumentPath(orgId, side, i.document_id)} className={linkClass}>
                  {i.description}
                </Link>
              ) : (
                i.description
              )}
              <span className="block text-xs text-muted">{i.entry_number}</span>
            </CardCell>
            {contacts ? (
              <CardCell label="Contact" className="max-md:col-span-3 [overflow-wrap:anywhere]">
                {i.contact_id != null ? (
                  <Link to={contactPath(orgId, i.contact_id)} className={linkClass}>
                    {i.contact_name}
                  </Link>
                ) : (
                  <span className="italic">No contact</span>
                )}
              </CardCell>
            ) : null}
            <CardCell label="Date" className="md:whitespace-nowrap">
              {formatLongDate(i.date)}
            </CardCell>
            <CardCell label="Due" className="md:whitespace-nowrap">
              {formatLongDate(i.due_date)}
            </CardCell>
            {lateOn !== undefined ? (
              <CardCell label="Days late" className="tabular-nums md:text-right">
                {late > 0 ? formatCount(late) : "Not yet due"}
              </CardCell>
            ) : null}
            <Amount label="Amount">{money.money(i.amount)}</Amount>
            <Amount label="Still open">{money.money(i.open)}</Amount>
          </tr>
        );
      })}
    </CardTable>
  );
}
