import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { ClientTodo } from "./requests.types.ts";

/** Most things a client's home lists; the rest wait in the Requests and Questions sections. */
export const CLIENT_TODO_LIMIT = 50;

type TodoRow = Omit<ClientTodo, "id" | "since"> & { id: number | string; since: string | Date; total: number | string };

/**
 * What the firm waits on one client's books for (the client's side of the firm's queue, firm-queue.server.ts): every
 * request item to do or sent back, and every bank question not answered on a line not matched or set aside since.
 * What is due first comes first (items by due date, then questions, oldest first); `total` counts them all.
 */
export async function clientTodo(db: Db, organizationId: number): Promise<{ todo: ClientTodo[]; total: number }> {
  const rows = await queryRows<TodoRow>(
    db,
    sql`with todo as (
          select 'request_item' as kind, i.id, i.label, r.title as context, i.due_on::text as due_on,
                 null::text as date, null::text as amount, null::text as currency,
                 case when i.status = 'returned' then i.return_reason end as note, i.status = 'returned' as returned,
                 case when i.status = 'returned' then coalesce(i.reviewed_at, r.created_at) else r.created_at end as since,
                 '/accounting/' || r.organization_id || '/requests/' || r.id || '#item-' || i.id || '-heading' as href
            from document_requests r join document_request_items i on i.request_id = r.id
           where r.organization_id = ${organizationId} and i.status in ('open', 'returned')
          union all
          select 'bank_question', q.id, b.description, ba.name, null, b.booked_on::text, b.amount::text, ba.currency,
                 q.question, false, q.asked_at,
                 '/accounting/' || q.organization_id || '/questions#question-' || q.id
            from bank_questions q join bank_lines b on b.id = q.bank_line_id join bank_accounts ba on ba.id = b.bank_account_id
           where q.organization_id = ${organizationId} and q.answered_at is null and b.match_id is null and b.excluded_at is null
        )
        select *, count(*) over () as total from todo
         order by due_on nulls last, since, id
         limit ${CLIENT_TODO_LIMIT}`,
  );
  return {
    todo: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), since: new Date(r.since).toISOString() })),
    total: Number(rows[0]?.total ?? 0),
  };
}
