import { sql } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { OWED_OF_ITEM } from "~/features/sales/index.server.ts";
import type { FeesOverdue } from "./firm-billing-overview.types.ts";

/**
 * The firm's fee invoices past due with something still owed (decision 119), for its overview: how many and how much,
 * in its own books' currency; null while the firm has no books. What is owed is the sales feature's own reading (OWED_OF_ITEM):
 * the invoice's open item less its live allocations. Past due is the day's date in
 * UTC, as the books' aging and their invoices' "Overdue" state count it.
 */
export async function overdueFees(db: Db, today = todayIso()): Promise<FeesOverdue | null> {
  const [row] = await queryRows<{ organization_id: number; currency: string; count: string; total: string }>(
    db,
    sql`with owed as (
          select (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) as amount
            from firm_books f
            join sales_documents d on d.organization_id = f.organization_id
           where d.kind = 'invoice' and d.status = 'approved' and d.due_date < ${today}::date
        )
        select f.organization_id, o.currency,
               (select count(*) from owed where amount > 0)::text as count,
               (select coalesce(sum(amount), 0) from owed where amount > 0)::numeric(14, 2)::text as total
          from firm_books f join organizations o on o.id = f.organization_id`,
  );
  return row ? { organization_id: Number(row.organization_id), count: Number(row.count), total: row.total, currency: row.currency } : null;
}
