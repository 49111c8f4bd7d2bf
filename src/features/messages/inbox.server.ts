import { sql } from "drizzle-orm";
import { can } from "~/lib/permissions.ts";
import type { SessionUser } from "~/server/context.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { InboxQuery } from "./messages.schema.ts";
import type { Inbox, InboxRow } from "./messages.types.ts";

/** Conversations per page of the inbox. */
export const INBOX_PAGE = 25;
/** How much of a message a preview shows (the inbox, the notification mail). */
export const PREVIEW_CHARS = 80;

/** The first 80 characters of a message on one line, "…" when cut; a message of files only says so. */
export function preview(body: string | null | undefined): string {
  const text = (body ?? "").replace(/\s+/g, " ").trim();
  if (!text) return "Sent a file";
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/**
 * The firm's inbox: the conversations the reader may read (the clients they work on; every client for an admin),
 * the most recent first, each with its last message's preview and the reader's unread count. Filters: one client,
 * unread only, "assigned to me" (clients whose books the reader is a member of).
 */
export async function listInbox(db: Db, user: SessionUser, q: InboxQuery): Promise<Inbox> {
  const all = can(user, "firm.messages.all");
  const rows = await queryRows<
    Omit<InboxRow, "preview" | "last_message_at"> & { body: string | null; last_message_at: Date | string | null; total: number }
  >(
    db,
    sql`with c as (
          select c.organization_id, o.name as organization_name, c.last_message_at, lm.author_name as last_author, lm.body,
                 (om.user_id is not null) as mine,
                 (select count(*)::int from messages m where m.organization_id = c.organization_id
                     and m.seq > coalesce(r.last_read_seq, 0) and m.author_id is distinct from ${user.id}) as unread
            from message_conversations c
            join organizations o on o.id = c.organization_id
            left join organization_memberships om on om.organization_id = c.organization_id and om.user_id = ${user.id}
            left join message_reads r on r.organization_id = c.organization_id and r.user_id = ${user.id}
            left join messages lm on lm.organization_id = c.organization_id and lm.seq = c.last_seq
           where (om.user_id is not null or ${all})
             ${q.client ? sql`and c.organization_id = ${q.client}` : sql``}
             ${q.mine ? sql`and om.user_id is not null` : sql``}
        )
        select *, count(*) over () as total from c
         where ${q.unread ? sql`unread > 0` : sql`true`}
         order by last_message_at desc nulls last, organization_id
         limit ${INBOX_PAGE} offset ${(q.page - 1) * INBOX_PAGE}`,
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    rows: rows.map((r) => ({
      organization_id: Number(r.organization_id),
      organization_name: r.organization_name,
      last_message_at: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
      last_author: r.last_author,
      preview: preview(r.body),
      unread: Number(r.unread),
      mine: Boolean(r.mine),
    })),
    page: q.page,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE)),
    total,
  };
}

/** The clients the reader may pick in the inbox's filter (the conversations they may read), by name. */
export async function inboxClients(db: Db, user: SessionUser): Promise<{ id: number; name: string }[]> {
  const all = can(user, "firm.messages.all");
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id, o.name from organizations o
         where ${all} or exists (select 1 from organization_memberships om where om.organization_id = o.id and om.user_id = ${user.id})
         order by lower(o.name), o.id limit 500`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
