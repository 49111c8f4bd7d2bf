import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { FirmQueueQuery } from "./requests.schema.ts";
import type { QueueRow } from "./requests.types.ts";

/**
 * The firm's queue (decision 099): over the clients whose books the staff member keeps (a member of them), every
 * request item and every bank "ask the client" question still in play, waiting on the client (to do, sent back, not
 * answered) or on the firm (answered, not yet accepted or settled), oldest first. At most 500 lines.
 */
export async function firmQueue(db: Db, userId: string, q: FirmQueueQuery): Promise<QueueRow[]> {
  const waiting = q.waiting ?? "all";
  const rows = await queryRows<Omit<QueueRow, "since" | "organization_id"> & { since: string | Date; organization_id: number }>(
    db,
    sql`with mine as (
          select o.id, o.name from organization_memberships m join organizations o on o.id = m.organization_id
           where m.user_id = ${userId} ${q.client ? sql`and o.id = ${q.client}` : sql``}
        ),
        lines as (
          select 'request_item' as kind, mine.id as organization_id, mine.name as organization_name,
                 case when i.status in ('open', 'returned') then 'client' else 'firm' end as waiting_on,
                 i.label, r.title as context,
                 case when i.status = 'open' then r.created_at when i.status = 'returned' then i.reviewed_at else i.answered_at end as since,
                 i.due_on::text as due_on, i.status,
                 '/accounting/' || mine.id || '/requests/' || r.id as href
            from mine join document_requests r on r.organization_id = mine.id
            join document_request_items i on i.request_id = r.id
           where i.status <> 'accepted'
          union all
          select 'bank_question', mine.id, mine.name,
                 case when q.answered_at is null then 'client' else 'firm' end,
                 b.description || ' (' || b.amount::text || ' ' || ba.currency || ', ' || b.booked_on::text || ')', ba.name,
                 coalesce(q.answered_at, q.asked_at), null, case when q.answered_at is null then 'asked' else 'answered' end,
                 '/accounting/' || mine.id || '/bank/' || ba.id
            from mine join bank_questions q on q.organization_id = mine.id
            join bank_lines b on b.id = q.bank_line_id join bank_accounts ba on ba.id = b.bank_account_id
           where b.match_id is null and b.excluded_at is null
        )
        select * from lines
         ${waiting === "all" ? sql`` : sql`where waiting_on = ${waiting}`}
         order by since, organization_name, label
         limit 500`,
  );
  return rows.map((r) => ({ ...r, organization_id: Number(r.organization_id), since: new Date(r.since).toISOString() }));
}

/** The clients the staff member keeps, for the queue's filter. */
export async function queueClients(db: Db, userId: string): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id, o.name from organization_memberships m join organizations o on o.id = m.organization_id
         where m.user_id = ${userId} order by lower(o.name), o.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
