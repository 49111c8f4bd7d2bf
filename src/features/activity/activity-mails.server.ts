import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "~/server/context.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import type { ActivityKind } from "./activity.types.ts";

/** The least time between two activity mails of one client to one person. */
export const ACTIVITY_MAIL_GAP_MINUTES = 15;

/*
 * Mails of client activity (decision 115). A person told of a client's acts hears by mail of those not yet read in the
 * app nor covered by a mail: at once ("immediate": at most one mail per client every 15 minutes, later acts waiting for
 * the next), once a day ("daily": the acts of the days before, in the first run of the day), or never; the choice is the
 * one of the messages' mails (message_preferences, set on /account). The mail names the client, who acted and what, in
 * counts: no bank text, no file name, no message. client_activity_mail_state's row of the (client, person) is locked
 * while the mail is decided and written in the same transaction: one mail, whichever processes run the job.
 */

/** Whether an act `a` told to `r`, with the person `u`, their preference `p` and mail state `s`, is due in a mail at `now`. */
const due = (now: string): SQL => sql`
  r.read_at is null and r.mailed_at is null and u.disabled_at is null and coalesce(p.notify, 'immediate') <> 'none'
  and (coalesce(p.notify, 'immediate') = 'immediate' or a.created_at < date_trunc('day', ${now}::timestamptz, 'UTC'))
  and case coalesce(p.notify, 'immediate')
        when 'immediate' then s.last_mailed_at is null or s.last_mailed_at <= ${now}::timestamptz - make_interval(mins => ${ACTIVITY_MAIL_GAP_MINUTES})
        else s.last_mailed_at is null or s.last_mailed_at < date_trunc('day', ${now}::timestamptz, 'UTC') end`;

const told = sql`client_activity_recipients r join client_activity a on a.id = r.activity_id join users u on u.id = r.user_id
  left join message_preferences p on p.user_id = r.user_id
  left join client_activity_mail_state s on s.organization_id = r.organization_id and s.user_id = r.user_id`;

interface Due {
  organization_id: number;
  user_id: string;
}

/** Queues the activity mails due at `now` (of one client, or of all); returns how many. The caller wakes the mail worker. */
export async function mailClientActivity(db: Db, publicUrl: string, now: Date, organizationId?: number): Promise<number> {
  const at = now.toISOString();
  const candidates = await queryRows<Due>(
    db,
    sql`select distinct r.organization_id, r.user_id from ${told}
         where ${organizationId === undefined ? sql`true` : sql`r.organization_id = ${organizationId}`} and ${due(at)}
         order by r.organization_id, r.user_id limit 1000`,
  );
  let queued = 0;
  for (const c of candidates) if (await mailOne(db, publicUrl, at, c)) queued += 1;
  return queued;
}

const WHAT: Record<ActivityKind, (n: number) => string> = {
  question_answered: (n) => `answered ${n} question${n === 1 ? "" : "s"}`,
  request_file_uploaded: (n) => `uploaded ${n} file${n === 1 ? "" : "s"}`,
  request_item_answered: (n) => `answered ${n} request item${n === 1 ? "" : "s"}`,
  message_written: (n) => `wrote ${n} message${n === 1 ? "" : "s"}`,
};

/** "answered 2 questions, uploaded 1 file and wrote 1 message". */
export function describeActs(kinds: ActivityKind[]): string {
  const counts = new Map<ActivityKind, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  const parts = (Object.keys(WHAT) as ActivityKind[]).filter((k) => counts.has(k)).map((k) => WHAT[k](counts.get(k)!));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

async function mailOne(db: Db, publicUrl: string, at: string, c: Due): Promise<boolean> {
  const orgId = Number(c.organization_id);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into client_activity_mail_state (organization_id, user_id) values (${orgId}, ${c.user_id}) on conflict do nothing`,
    );
    await tx.execute(sql`select 1 from client_activity_mail_state where organization_id = ${orgId} and user_id = ${c.user_id} for update`);
    const acts = await queryRows<{ activity_id: number; kind: ActivityKind; actor_name: string; email: string; org_name: string }>(
      tx,
      sql`select r.activity_id, a.kind, a.actor_name, u.email, o.name as org_name
            from ${told} join organizations o on o.id = r.organization_id
           where r.organization_id = ${orgId} and r.user_id = ${c.user_id} and ${due(at)}
           order by r.activity_id`,
    );
    const first = acts[0];
    if (!first) return false;
    const actors = [...new Set(acts.map((x) => x.actor_name))].join(", ");
    const what = describeActs(acts.map((x) => x.kind));
    const { html, text } = renderMail({
      heading: `${actors} ${what}`,
      paragraphs: [`${first.org_name}: ${actors} ${what}.`, "See each of them in the firm's workspace."],
      action: { label: "Open client activity", url: `${publicUrl}/firm/activity` },
      footer: "You chose how often you hear of your clients' activity: change it on your account page.",
    });
    await enqueueMail(tx, { kind: "client-activity", to: first.email, subject: `Client activity: ${first.org_name}`, html, text });
    await tx.execute(
      sql`update client_activity_recipients set mailed_at = ${at}::timestamptz
           where user_id = ${c.user_id} and activity_id = any(${pgArray(acts.map((x) => Number(x.activity_id)))}::bigint[])`,
    );
    await tx.execute(
      sql`update client_activity_mail_state set last_mailed_at = ${at}::timestamptz where organization_id = ${orgId} and user_id = ${c.user_id}`,
    );
    return true;
  });
}

/** The scheduled job: every process runs it each minute; each mail is queued once (see mailClientActivity). */
export async function clientActivityMailsJob(db: Db, publicUrl: string, kick: () => void, now = new Date()): Promise<void> {
  if ((await mailClientActivity(db, publicUrl, now)) > 0) kick();
}

/**
 * Right after a client's act (its transaction committed): the mails of that client due now, so that the first act
 * mails at once rather than at the job's next run; the worker is woken when one was queued.
 */
export async function mailClientActivityNow(ctx: Pick<AppContext, "db" | "config" | "mail">, organizationId: number): Promise<void> {
  if ((await mailClientActivity(ctx.db, ctx.config.publicUrl, new Date(), organizationId)) > 0) ctx.mail.kick();
}
