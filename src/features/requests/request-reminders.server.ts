import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { errorLogFields } from "~/server/errors.ts";
import { notFound } from "~/server/http/app-error.ts";
import type { RequestParty } from "./request-access.server.ts";
import { mailReminder } from "./request-mail.server.ts";
import { refreshRequest } from "./requests.server.ts";
import type { RequestStatus } from "./requests.types.ts";
import { nextReminderOn, reminderToSend, type ReminderSchedule } from "./reminder-schedule.ts";
import { addDays, todayIso } from "~/lib/format.ts";

/*
 * Reminders (decision 099, on the pattern of decision 090): the job takes one request whose next reminder is due
 * (`next_reminder_on <= today`) FOR UPDATE SKIP LOCKED, writes the reminder's row (primary key: request and date) in the
 * transaction that queues its mails and moves the request's next reminder on. Whatever the number of processes, a
 * reminder date is mailed once; after downtime only the latest missed date is mailed.
 */

interface DueRow extends ReminderSchedule {
  id: number;
  organization_id: number;
  organization_name: string;
  title: string;
  next_reminder_on: string;
}

const SYSTEM: AuditActor = { id: null, email: null, ip: null };

/** Sends every reminder due by `today` (the clock tests move), one transaction each; returns how many were sent. */
export async function sendDueReminders(db: Db, publicUrl: string, today: string, logger?: Logger): Promise<number> {
  let sent = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [due] = await queryRows<DueRow>(
        tx,
        sql`select r.id, r.organization_id, o.name as organization_name, r.title, r.remind_days_before, r.remind_on_due,
                   r.remind_every_days, r.next_reminder_on::text as next_reminder_on
              from document_requests r join organizations o on o.id = r.organization_id
             where r.status = 'waiting_client' and r.next_reminder_on <= ${today}::date
               and (r.snoozed_until is null or r.snoozed_until < ${today}::date)
             order by r.next_reminder_on, r.id
             limit 1
               for update of r skip locked`,
      );
      if (!due) return "none" as const;
      const id = Number(due.id);
      const todo = await queryRows<{ label: string; due_on: string }>(
        tx,
        sql`select label, due_on::text as due_on from document_request_items
             where request_id = ${id} and status in ('open', 'returned') order by due_on, position`,
      );
      const schedule: ReminderSchedule = {
        remind_days_before: due.remind_days_before === null ? null : Number(due.remind_days_before),
        remind_on_due: due.remind_on_due,
        remind_every_days: due.remind_every_days === null ? null : Number(due.remind_every_days),
      };
      const dues = todo.map((i) => i.due_on);
      const on = reminderToSend(schedule, dues, due.next_reminder_on, today);
      let mailed = false;
      if (on) {
        const taken = await queryRows(
          tx,
          sql`insert into document_request_reminders (request_id, reminder_on, recipients, open_items)
              values (${id}, ${on}::date, 0, ${todo.length}) on conflict do nothing returning 1`,
        );
        if (taken.length > 0) {
          const recipients = await mailReminder(
            tx,
            {
              organizationId: Number(due.organization_id),
              organizationName: due.organization_name,
              requestId: id,
              title: due.title,
              items: todo,
            },
            publicUrl,
          );
          await tx.execute(
            sql`update document_request_reminders set recipients = ${recipients} where request_id = ${id} and reminder_on = ${on}::date`,
          );
          await recordAudit(tx, SYSTEM, {
            action: "document_request.reminder_sent",
            targetType: "document_request",
            targetId: id,
            after: { reminder_on: on, recipients, open_items: todo.length },
          });
          mailed = true;
        }
      }
      const next = nextReminderOn(schedule, dues, addDays(today, 1));
      await tx.execute(sql`update document_requests set next_reminder_on = ${next}::date where id = ${id}`);
      if (mailed) logger?.info({ requestId: id, reminderOn: on }, "document request reminder sent");
      return mailed ? ("sent" as const) : ("moved" as const);
    });
    if (outcome === "none") return sent;
    if (outcome === "sent") sent++;
  }
}

/** The job: every reminder due today, logged when some were sent; the mail worker is woken. */
export async function requestRemindersJob(
  db: Db,
  publicUrl: string,
  kick: () => void,
  logger: Logger,
  today = todayIso(),
): Promise<number> {
  try {
    const sent = await sendDueReminders(db, publicUrl, today, logger);
    if (sent > 0) {
      logger.info({ sent }, "document request reminders sent");
      kick();
    }
    return sent;
  } catch (err) {
    logger.error(errorLogFields(err), "document request reminders job failed");
    return 0;
  }
}

/** The client snoozes the request's reminders until a date (none is sent through that day), or ends the snooze. */
export async function snoozeReminders(
  db: Db,
  p: RequestParty,
  requestId: number,
  until: string | null,
  actor: AuditActor,
): Promise<RequestStatus> {
  return db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`update document_requests set snoozed_until = ${until}::date
           where id = ${requestId} and organization_id = ${p.organizationId} returning id`,
    );
    if (rows.length === 0) throw notFound("Request not found");
    const status = await refreshRequest(tx, requestId);
    await recordAudit(tx, actor, {
      action: until ? "document_request.snoozed" : "document_request.snooze_ended",
      targetType: "document_request",
      targetId: requestId,
      after: { until },
    });
    return status;
  });
}
