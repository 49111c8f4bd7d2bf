import { sql } from "drizzle-orm";
import { recordClientActivity } from "~/features/activity/index.server.ts";
import { rolesHolding } from "~/lib/permissions.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import type { ConversationAccess } from "./conversation-access.server.ts";
import type { SendMessageInput } from "./messages.schema.ts";
import type { Conversation, Message, UnreadSummary } from "./messages.types.ts";

/** Messages per page of a conversation (the newest first, older ones on demand). */
export const PAGE_SIZE = 50;

const messageColumns = sql`m.id, m.seq, m.author_id, m.author_name, m.body, m.source, m.created_at,
  coalesce(a.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[]), false) as from_firm,
  coalesce((select json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'content_type', f.content_type,
                                              'size_bytes', f.size_bytes) order by f.id)
              from message_attachments f where f.message_id = m.id), '[]'::json) as attachments`;

type MessageRow = Omit<Message, "created_at" | "attachments"> & { created_at: Date | string; attachments: Message["attachments"] | string };

const shape = (r: MessageRow): Message => ({
  ...r,
  id: Number(r.id),
  seq: Number(r.seq),
  created_at: new Date(r.created_at).toISOString(),
  attachments: typeof r.attachments === "string" ? (JSON.parse(r.attachments) as Message["attachments"]) : r.attachments,
});

/** A page of the conversation (the newest, or the one before `before`), in the order written, with the reader's mark. */
export async function readConversation(db: Db, a: ConversationAccess, before?: number): Promise<Conversation> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m left join users a on a.id = m.author_id
         where m.organization_id = ${a.organizationId} ${before ? sql`and m.seq < ${before}` : sql``}
         order by m.seq desc limit ${PAGE_SIZE + 1}`,
  );
  const [state] = await queryRows<{ last_seq: number; last_read_seq: number | null }>(
    db,
    sql`select c.last_seq, r.last_read_seq from message_conversations c
          left join message_reads r on r.organization_id = c.organization_id and r.user_id = ${a.userId}
         where c.organization_id = ${a.organizationId}`,
  );
  return {
    organization: { id: a.organizationId, name: a.organizationName },
    messages: rows.slice(0, PAGE_SIZE).reverse().map(shape),
    more: rows.length > PAGE_SIZE,
    last_read_seq: Number(state?.last_read_seq ?? 0),
    last_seq: Number(state?.last_seq ?? 0),
    can_send: a.canSend,
  };
}

/**
 * Writes a message: its number is the conversation's next (taken under the conversation's row lock, so numbers follow
 * the order of commits and a last-read mark is exact), the files uploaded before by the same person are attached to
 * it. Audited (not the text: its length and the files' names). The caller then has the notifications looked at.
 */
export async function sendMessage(
  db: Db,
  a: ConversationAccess,
  input: SendMessageInput,
  actor: AuditActor,
  source: Message["source"] = "message",
): Promise<Message> {
  return db.transaction(async (tx) => {
    const [conv] = await queryRows<{ last_seq: number }>(
      tx,
      sql`insert into message_conversations (organization_id, last_seq, last_message_at) values (${a.organizationId}, 1, now())
          on conflict (organization_id) do update set last_seq = message_conversations.last_seq + 1, last_message_at = now()
          returning last_seq`,
    );
    const seq = Number(conv!.last_seq);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into messages (organization_id, seq, author_id, author_name, body, source)
          values (${a.organizationId}, ${seq}, ${a.userId}, ${a.userName}, ${input.body}, ${source}) returning id`,
    );
    const id = Number(row!.id);
    const ids = [...new Set(input.attachment_ids)];
    const files = ids.length
      ? await queryRows<{ file_name: string }>(
          tx,
          sql`update message_attachments set message_id = ${id}
               where id = any(${pgArray(ids)}::integer[]) and organization_id = ${a.organizationId}
                 and uploaded_by = ${a.userId} and message_id is null and size_bytes > 0
           returning file_name`,
        )
      : [];
    if (files.length !== ids.length)
      throw invalidInput({ attachment_ids: "A file was not found: upload it again" }, "A file was not found: upload it again");
    await recordAudit(tx, actor, {
      action: source === "contact" ? "message.sent_from_contact_form" : "message.sent",
      targetType: "organization",
      targetId: a.organizationId,
      after: { message_id: id, seq, characters: input.body.length, attachments: files.map((f) => f.file_name) },
    });
    // A client's message is news to the firm's people on the client (decision 115): they hear of it there.
    await recordClientActivity(tx, {
      organizationId: a.organizationId,
      actorId: a.userId,
      kind: "message_written",
      subject: null,
      link: `/firm/messages/${a.organizationId}`,
    });
    const [message] = await queryRows<MessageRow>(
      tx,
      sql`select ${messageColumns} from messages m left join users a on a.id = m.author_id where m.id = ${id}`,
    );
    return shape(message!);
  });
}

/**
 * A conversation at a glance (the client's home): its newest `count` messages, newest first, and how many messages of
 * others came after the reader's mark. The reader is a member of the books (the caller checked).
 */
export async function conversationGlance(
  db: Db,
  userId: string,
  organizationId: number,
  count = 3,
): Promise<{ messages: Message[]; unread: number }> {
  const [rows, [state]] = await Promise.all([
    queryRows<MessageRow>(
      db,
      sql`select ${messageColumns} from messages m left join users a on a.id = m.author_id
           where m.organization_id = ${organizationId} order by m.seq desc limit ${count}`,
    ),
    queryRows<{ unread: number }>(
      db,
      sql`select count(*)::int as unread from messages m
           where m.organization_id = ${organizationId} and m.author_id is distinct from ${userId}
             and m.seq > coalesce((select r.last_read_seq from message_reads r
                                    where r.organization_id = ${organizationId} and r.user_id = ${userId}), 0)`,
    ),
  ]);
  return { messages: rows.map(shape), unread: Number(state?.unread ?? 0) };
}

/** The reader has seen every message up to `seq` (never moved back; never past the last message). */
export async function markRead(db: Db, a: ConversationAccess, seq: number): Promise<number> {
  const [row] = await queryRows<{ last_read_seq: number }>(
    db,
    sql`insert into message_reads (organization_id, user_id, last_read_seq)
        select c.organization_id, ${a.userId}, least(${seq}::integer, c.last_seq) from message_conversations c
         where c.organization_id = ${a.organizationId}
        on conflict (organization_id, user_id) do update
          set last_read_seq = greatest(message_reads.last_read_seq, excluded.last_read_seq), read_at = now()
        returning last_read_seq`,
  );
  return Number(row?.last_read_seq ?? 0);
}

/**
 * What the header's badge shows: messages of others after the reader's mark, in the conversations of the books they
 * are a member of; the link goes to the firm's inbox (the firm's people) or to the conversation with the most unread.
 */
export async function unreadSummary(db: Db, user: { id: string; firm: boolean }): Promise<UnreadSummary> {
  const rows = await queryRows<{ organization_id: number; unread: number }>(
    db,
    sql`select om.organization_id, count(m.id)::int as unread
          from organization_memberships om
          left join message_reads r on r.organization_id = om.organization_id and r.user_id = om.user_id
          left join messages m on m.organization_id = om.organization_id and m.seq > coalesce(r.last_read_seq, 0)
                              and m.author_id is distinct from om.user_id
         where om.user_id = ${user.id}
         group by om.organization_id
         order by count(m.id) desc, om.organization_id`,
  );
  const unread = rows.reduce((n, r) => n + Number(r.unread), 0);
  if (user.firm) return { unread, href: unread > 0 ? "/firm/messages?unread=1" : "/firm/messages" };
  const first = rows[0];
  return { unread, href: first ? `/accounting/${first.organization_id}/messages` : "/accounting" };
}
