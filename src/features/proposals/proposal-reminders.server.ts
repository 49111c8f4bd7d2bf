import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { formatLongDate } from "~/lib/format.ts";
import { recordAudit } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { errorLogFields } from "~/server/errors.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { FIRM_NAME } from "./proposal-document.ts";
import { proposalUrl, tokenHash } from "./proposal-links.server.ts";

/*
 * Reminders of a proposal until it is answered (decision 118): every `reminder_every_days` days after it was sent (or
 * last reminded), at most `max_reminders` times, while it is sent or viewed and has not expired. Each reminder mails a
 * fresh link (only its SHA-256 kept, as at sending) to the address it was sent to. A scheduled job that any number of
 * processes run: each proposal is taken FOR UPDATE SKIP LOCKED and its count moved on in the transaction that queues the
 * mail, so each reminder is sent once; after downtime the job sends the one that came due, not one per missed day.
 */

const SYSTEM = { id: null, email: null, ip: null };

interface Due {
  id: number;
  title: string;
  client_name: string;
  sent_to: string;
  expires_on: string;
  reminders_sent: number;
  max_reminders: number;
}

/** Sends every reminder due at `now`; returns how many. */
export async function remindProposals(db: Db, publicUrl: string, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [p] = await queryRows<Due>(
        tx,
        sql`select p.id, p.title, p.client_name, p.sent_to, p.expires_on::text as expires_on, p.reminders_sent, p.max_reminders
              from proposals p
             where p.status in ('sent', 'viewed') and p.expires_on >= ${now.toISOString()}::timestamptz::date
               and p.reminder_every_days > 0 and p.reminders_sent < p.max_reminders and p.sent_to is not null
               and coalesce(p.last_reminded_at, p.sent_at) <= ${now.toISOString()}::timestamptz - make_interval(days => p.reminder_every_days)
             order by p.id limit 1
               for update skip locked`,
      );
      if (!p) return true;
      const token = randomBytes(32).toString("base64url");
      await tx.execute(
        sql`insert into proposal_links (proposal_id, token_hash, sent_to) values (${p.id}, ${tokenHash(token)}, ${p.sent_to})`,
      );
      await tx.execute(
        sql`update proposals set reminders_sent = reminders_sent + 1, last_reminded_at = ${now.toISOString()}::timestamptz where id = ${p.id}`,
      );
      const n = Number(p.reminders_sent) + 1;
      const { html, text } = renderMail({
        heading: `A reminder: ${p.title}`,
        paragraphs: [
          `Hello ${p.client_name},`,
          `Our proposal is waiting for your answer. Read it online, choose the options you want, and accept it by typing your name, or decline it.`,
        ],
        rows: [["Valid until", formatLongDate(p.expires_on)]],
        action: { label: "Read and sign the proposal", url: proposalUrl(publicUrl, token) },
        after: [`The link works until ${formatLongDate(p.expires_on)} and is for you alone: do not forward it.`],
      });
      await enqueueMail(tx, {
        kind: "proposal-reminder",
        to: p.sent_to,
        subject: `Reminder: proposal from ${FIRM_NAME}: ${p.title}`,
        html,
        text,
      });
      await recordAudit(tx, SYSTEM, {
        action: "proposal.reminded",
        targetType: "proposal",
        targetId: Number(p.id),
        after: { reminder: n },
      });
      sent++;
      return false;
    });
    if (done) return sent;
  }
}

/** The job: logged when it sent something. */
export async function proposalRemindersJob(db: Db, publicUrl: string, kick: () => void, logger: Logger): Promise<void> {
  try {
    const sent = await remindProposals(db, publicUrl);
    if (sent > 0) {
      logger.info({ sent }, "proposal reminders sent");
      kick();
    }
  } catch (err) {
    logger.error(errorLogFields(err), "proposal reminders failed");
  }
}
