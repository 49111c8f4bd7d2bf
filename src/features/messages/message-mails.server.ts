import { sql, type SQL } from "drizzle-orm";
import { rolesHolding } from "~/lib/permissions.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { preview } from "./inbox.server.ts";
import type { NotifyChoice } from "./messages.schema.ts";

/** The least time between two notification mails of one conversation to one person. */
export const MAIL_GAP_MINUTES = 15;

/*
 * Notification mails of new messages (decision 100). A member of the books hears of messages of others that are
 * after both their last-read mark and what the last mail covered: at once ("immediate": at most one mail per
 * conversation every 15 minutes, later messages waiting for the next), once a day ("daily": the messages of the
 * days before, in the first run of the day), or never. The mail names the conversation and the author, shows at most
 * the newest message's first 80 characters, and links back. message_mail_state's row of the (conversation, person)
 * is locked while the mail is decided and written in the same transaction: one mail, whichever processes run it.
 * The firm's people hear here only of their colleagues' messages: a client's message is client activity, mailed to
 * them with the client's answers and uploads (decision 115).
 */

const firmRoles = () => sql`${pgArray(rolesHolding("books.keepClients"))}::text[]`;

/** Whether message `m` is mailed to `u`: to the client's people every message, to the firm's people their colleagues'. */
const mailedTo = sql`(not (u.role = any(${firmRoles()}))
  or exists (select 1 from users w where w.id = m.author_id and w.role = any(${firmRoles()})))`;

/** Whether a (conversation, person) pair, its preference `p`, read mark `r` and mail state `s` has a mail due at `now`. */
const due = (now: string): SQL => sql`
  u.disabled_at is null and coalesce(p.notify, 'immediate') <> 'none'
  and exists (select 1 from messages m where m.organization_id = om.organization_id
                and m.seq > greatest(coalesce(r.last_read_seq, 0), coalesce(s.mailed_through_seq, 0))
                and m.author_id is distinct from u.id and ${mailedTo}
                and (coalesce(p.notify, 'immediate') = 'immediate' or m.created_at < date_trunc('day', ${now}::timestamptz, 'UTC')))
  and case coalesce(p.notify, 'immediate')
        when 'immediate' then s.last_mailed_at is null or s.last_mailed_at <= ${now}::timestamptz - make_interval(mins => ${MAIL_GAP_MINUTES})
        else s.last_mailed_at is null or s.last_mailed_at < date_trunc('day', ${now}::timestamptz, 'UTC') end`;

const pairs = sql`organization_memberships om join users u on u.id = om.user_id
  left join message_preferences p on p.user_id = u.id
  left join message_reads r on r.organization_id = om.organization_id and r.user_id = u.id
  left join message_mail_state s on s.organization_id = om.organization_id and s.user_id = u.id`;

interface Due {
  organization_id: number;
  user_id: string;
}

/**
 * Queues the notification mails due at `now` (of one conversation, or of all); returns how many. The caller wakes
 * the mail worker.
 */
export async function mailNewMessages(db: Db, publicUrl: string, now: Date, organizationId?: number): Promise<number> {
  const at = now.toISOString();
  const candidates = await queryRows<Due>(
    db,
    sql`select om.organization_id, u.id as user_id from ${pairs}
         where ${organizationId === undefined ? sql`true` : sql`om.organization_id = ${organizationId}`}
           and exists (select 1 from message_conversations c where c.organization_id = om.organization_id)
           and ${due(at)}
         order by om.organization_id, u.id limit 1000`,
  );
  let queued = 0;
  for (const c of candidates) if (await mailOne(db, publicUrl, at, c)) queued += 1;
  return queued;
}

async function mailOne(db: Db, publicUrl: string, at: string, c: Due): Promise<boolean> {
  const orgId = Number(c.organization_id);
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into message_mail_state (organization_id, user_id) values (${orgId}, ${c.user_id}) on conflict do nothing`);
    await tx.execute(sql`select 1 from message_mail_state where organization_id = ${orgId} and user_id = ${c.user_id} for update`);
    const [d] = await queryRows<{ email: string; firm: boolean; notify: NotifyChoice; org_name: string; from_seq: number }>(
      tx,
      sql`select u.email, u.role = any(${firmRoles()}) as firm, coalesce(p.notify, 'immediate') as notify,
                 o.name as org_name, greatest(coalesce(r.last_read_seq, 0), coalesce(s.mailed_through_seq, 0)) as from_seq
            from ${pairs} join organizations o on o.id = om.organization_id
           where om.organization_id = ${orgId} and om.user_id = ${c.user_id} and ${due(at)}`,
    );
    if (!d) return false;
    const news = await queryRows<{ seq: number; author_name: string; body: string }>(
      tx,
      sql`select m.seq, m.author_name, m.body from messages m join users u on u.id = ${c.user_id}
           where m.organization_id = ${orgId} and m.seq > ${d.from_seq} and m.author_id is distinct from u.id and ${mailedTo}
             ${d.notify === "daily" ? sql`and m.created_at < date_trunc('day', ${at}::timestamptz, 'UTC')` : sql``}
           order by m.seq`,
    );
    const last = news.at(-1);
    if (!last) return false;
    const n = news.length;
    const authors = [...new Set(news.map((m) => m.author_name))];
    const url = d.firm ? `${publicUrl}/firm/messages/${orgId}` : `${publicUrl}/accounting/${orgId}/messages`;
    const subject = d.firm ? `New message from ${d.org_name}` : `New message from your accountant (${d.org_name})`;
    const { html, text } = renderMail({
      heading: n === 1 ? `${last.author_name} wrote to you` : `${n} new messages from ${authors.join(", ")}`,
      paragraphs: [
        `In the conversation of ${d.org_name}${n === 1 ? "" : `, the latest from ${last.author_name}`}: "${preview(last.body)}"`,
        "Read the whole message and answer in the portal.",
      ],
      action: { label: "Open the conversation", url },
      footer: "You chose how often you hear of new messages: change it in the conversation's settings.",
    });
    await enqueueMail(tx, { kind: "message-notification", to: d.email, subject, html, text });
    await tx.execute(
      sql`update message_mail_state set mailed_through_seq = ${Number(last.seq)}, last_mailed_at = ${at}::timestamptz
           where organization_id = ${orgId} and user_id = ${c.user_id}`,
    );
    return true;
  });
}

/** The scheduled job: every process runs it each minute; each mail is queued once (see mailNewMessages). */
export async function messageMailsJob(db: Db, publicUrl: string, kick: () => void, now = new Date()): Promise<void> {
  if ((await mailNewMessages(db, publicUrl, now)) > 0) kick();
}

/** A person's choice of notification mails (no row: at once). */
export async function getPreferences(db: Db, userId: string): Promise<{ notify: NotifyChoice }> {
  const [row] = await queryRows<{ notify: NotifyChoice }>(db, sql`select notify from message_preferences where user_id = ${userId}`);
  return { notify: row?.notify ?? "immediate" };
}

/** Stores a person's choice (audited when it changes). */
export async function setPreferences(db: Db, actor: AuditActor, userId: string, notify: NotifyChoice): Promise<{ notify: NotifyChoice }> {
  return db.transaction(async (tx) => {
    const before = await getPreferences(tx, userId);
    await tx.execute(
      sql`insert into message_preferences (user_id, notify) values (${userId}, ${notify})
          on conflict (user_id) do update set notify = excluded.notify, updated_at = now()`,
    );
    if (before.notify !== notify) {
      await recordAudit(tx, actor, {
        action: "message.preferences_changed",
        targetType: "user",
        targetId: userId,
        before,
        after: { notify },
      });
    }
    return { notify };
  });
}
