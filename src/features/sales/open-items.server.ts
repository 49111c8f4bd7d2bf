import { sql } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { KIND_LABELS } from "./document-math.ts";
import { ALLOCATED } from "./allocations.server.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import type { Side } from "./sales.schema.ts";
import type { OpenItem } from "./sales.types.ts";

/* The open items as read (decision 116): a side's items still open on a day, each named by its document when it has one. */

/** The items of a side still open on a day (today by default), oldest first; of one contact when named. */
export async function openItems(
  db: Db,
  m: Membership,
  q: { side: Side; contact_id?: number | undefined; as_of?: string | undefined },
): Promise<OpenItem[]> {
  const settings = await readSalesSettings(db, m.organizationId);
  const account = q.side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const sign = q.side === "receivable" ? sql`1` : sql`-1`;
  const asOf = q.as_of ?? todayIso();
  const rows = await queryRows<OpenItem>(
    db,
    sql`select * from (
          select l.id as item_id, coalesce(c.merged_into, c.id) as contact_id, coalesce(k.name, c.name) as contact_name,
                 e.id as entry_id, e.entry_number, e.entry_date::text as date, coalesce(d.due_date, e.entry_date)::text as due_date,
                 d.id as document_id, d.number as document_number, d.kind as document_kind, e.description, e.reference,
                 ((l.debit_amount - l.credit_amount) * ${sign})::text as amount,
                 (sign(l.debit_amount - l.credit_amount) * ${sign} * (abs(l.debit_amount - l.credit_amount) - ${ALLOCATED(sql`l.id`, sql`${asOf}::date`)}))::text as open
            from journal_entry_lines l
            join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted' and e.entry_date <= ${asOf}::date
            join contacts c on c.id = l.contact_id
            left join contacts k on k.id = c.merged_into
            left join sales_documents d on d.journal_entry_id = e.id
           where l.organization_id = ${m.organizationId} and l.account_id = ${account} and l.contact_id is not null
             ${q.contact_id ? sql`and l.contact_id in (select x.id from contacts x where x.organization_id = ${m.organizationId} and (x.id = ${q.contact_id} or x.merged_into = ${q.contact_id}))` : sql``}
        ) s where s.open::numeric <> 0
        order by s.due_date, s.date, s.item_id
        limit 2000`,
  );
  return rows.map(openItemOf);
}

/** An open item as read from the database (its ids may come as text): a document's item is named by the document. */
export function openItemOf(r: OpenItem): OpenItem {
  return {
    ...r,
    item_id: Number(r.item_id),
    contact_id: r.contact_id == null ? null : Number(r.contact_id),
    entry_id: Number(r.entry_id),
    document_id: r.document_id == null ? null : Number(r.document_id),
    description: r.document_kind && r.document_number ? `${KIND_LABELS[r.document_kind]} ${r.document_number}` : r.description,
  };
}
