import nodemailer, { type Transporter } from "nodemailer";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows, type Db } from "../db/client.ts";
import { mailOutbox, type MailAttachment } from "./outbox.tables.ts";
import { errorLogFields } from "../errors.ts";

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

/** A database handle or an open transaction: call inside the transaction that stores the record. */
type Writer = Pick<Db, "insert">;

/** Writes mail to the outbox. Delivery happens later, by the worker, with retries. */
export async function enqueueMail(db: Writer, mail: OutgoingMail | OutgoingMail[]): Promise<number[]> {
  const list = Array.isArray(mail) ? mail : [mail];
  if (list.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      list.map((m) => ({
        kind: m.kind,
        toAddress: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        attachments: m.attachments ?? [],
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
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
    return db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.id} in ${ids}`)
      .orderBy(asc(mailOutbox.id));
  }

  let lastLoggedId = 0;
  /** Without SMTP the mail stays in the outbox; each one is logged once (id and kind, never address or subject). */
  async function logUnsent(): Promise<number> {
    const rows = await db
      .select({ id: mailOutbox.id, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), sql`${mailOutbox.id} > ${lastLoggedId}`))
      .orderBy(asc(mailOutbox.id))
      .limit(100);
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
            to: mail.toAddress,
            replyTo: mail.replyTo ?? undefined,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.content, "base64"),
            })),
          });
          await db
            .update(mailOutbox)
            .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
            .where(eq(mailOutbox.id, mail.id));
          sent++;
          logger.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, "mail sent");
        } catch (err) {
          const message = (err as Error).message.slice(0, 1000);
          const expired = Date.now() - mail.createdAt.getTime() > giveUpAfterMs;
          await db
            .update(mailOutbox)
            .set({
              status: expired ? "failed" : "pending",
              lastError: message,
              lockedUntil: null,
              nextAttemptAt: new Date(Date.now() + backoffMs(mail.attempts, base, max)),
            })
            .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "pending")));
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
