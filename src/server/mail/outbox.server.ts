import nodemailer, { type Transporter } from "nodemailer";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows, type Db, pgArray } from "../db/client.ts";
import { errorLogFields } from "../errors.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/** A row of mail_outbox (migration 0001_platform.sql); timestamps as PostgreSQL writes them, the id a number. */
export interface OutboxRow {
  id: number;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[];
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Every column of mail_outbox, the id as a number (it is a bigserial, far below 2^53). */
export const OUTBOX_COLUMNS = sql.raw(
  "id::float8 as id, kind, to_address, reply_to, subject, text_body, html_body, attachments, status, attempts, last_error, " +
    "next_attempt_at, locked_until, created_at, sent_at",
);

export interface OutgoingMail {
  /** What the mail is for (contact-notification, verification, ...); shown in logs and /dev/mail. */
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** Writes mail to the outbox. Delivery happens later, by the worker, with retries. Pass the transaction that stores the record. */
export async function enqueueMail(db: Db, mail: OutgoingMail | OutgoingMail[]): Promise<number[]> {
  const list = Array.isArray(mail) ? mail : [mail];
  if (list.length === 0) return [];
  const values = list.map(
    (m) =>
      sql`(${m.kind}, ${m.to}, ${m.replyTo ?? null}, ${m.subject}, ${m.text}, ${m.html}, ${JSON.stringify(m.attachments ?? [])}::jsonb)`,
  );
  const ids = await queryRows<{ id: number | string }>(
    db,
    sql`insert into mail_outbox (kind, to_address, reply_to, subject, text_body, html_body, attachments)
        values ${sql.join(values, sql`, `)}
        returning id`,
  );
  return ids.map((r) => Number(r.id));
}

export interface MailWorkerOptions {
  db: Db;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  /** How often pending mail is looked for (ms). */
  pollMs?: number;
  /** Give up on a mail this long after it was written (ms); at least 24 hours in production. */
  giveUpAfterMs?: number;
  /** First retry delay (ms); doubles per attempt, capped at maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed mail stays reserved for this process (ms). */
  claimMs?: number;
}

export interface MailWorker {
  start(): void;
  /** Wakes the worker now (after a mail is written). */
  kick(): void;
  /** Sends everything due now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const { db, logger } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const giveUpAfterMs = opts.giveUpAfterMs ?? 48 * 3600_000;
  const base = opts.baseBackoffMs ?? 10_000;
  const max = opts.maxBackoffMs ?? 3600_000;
  const claimMs = opts.claimMs ?? 120_000;
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from }) : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  let again = false;

  /** Claims due mail with ids above `afterId` (so one pass never retries what it just tried). */
  async function claim(afterId: number) {
    const claimed = await queryRows<{ id: number | string }>(
      db,
      sql`
      update mail_outbox set locked_until = now() + make_interval(secs => ${claimMs / 1000}), attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where status = 'pending' and id > ${afterId} and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by id limit 20
        for update skip locked)
      returning id`,
    );
    const ids = claimed.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return queryRows<OutboxRow>(db, sql`select ${OUTBOX_COLUMNS} from mail_outbox where id = any(${pgArray(ids)}::bigint[]) order by id`);
  }

  let lastLoggedId = 0;
  /** Without SMTP the mail stays in the outbox; each one is logged once (id and kind, never address or subject). */
  async function logUnsent(): Promise<number> {
    const rows = await queryRows<Pick<OutboxRow, "id" | "kind">>(
      db,
      sql`select id::float8 as id, kind from mail_outbox where status = 'pending' and id > ${lastLoggedId} order by id limit 100`,
    );
    for (const r of rows) {
      logger.info({ mailId: r.id, kind: r.kind }, "mail kept in the outbox (SMTP_URL is not set)");
      lastLoggedId = Math.max(lastLoggedId, r.id);
    }
    return 0;
  }

  async function sendBatch(): Promise<number> {
    if (!transport) return logUnsent();
    let sent = 0;
    let afterId = 0;
    for (;;) {
      const batch = await claim(afterId);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        afterId = Math.max(afterId, mail.id);
        try {
          await transport.sendMail({
            from: opts.from,
            to: mail.to_address,
            replyTo: mail.reply_to ?? undefined,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.content, "base64"),
            })),
          });
          await db.execute(
            sql`update mail_outbox set status = 'sent', sent_at = ${new Date().toISOString()}::timestamptz, locked_until = null,
                       last_error = null
                 where id = ${mail.id}`,
          );
          sent++;
          logger.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, "mail sent");
        } catch (err) {
          const message = (err as Error).message.slice(0, 1000);
          const expired = Date.now() - new Date(mail.created_at).getTime() > giveUpAfterMs;
          await db.execute(
            sql`update mail_outbox set status = ${expired ? "failed" : "pending"}, last_error = ${message}, locked_until = null,
                       next_attempt_at = ${new Date(Date.now() + backoffMs(mail.attempts, base, max)).toISOString()}::timestamptz
                 where id = ${mail.id} and status = 'pending'`,
          );
          logger.warn(
            { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, ...errorLogFields(err) },
            expired ? "mail given up" : "mail send failed, will retry",
          );
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = sendBatch()
      .catch((err: Error) => {
        logger.error(errorLogFields(err), "mail worker error");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!transport) logger.info("SMTP_URL is not set: mail stays in the outbox (MAIL_CATCHER=1 lists it at /dev/mail for this machine)");
      schedule();
    },
    kick() {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
      transport?.close();
    },
  };
}
