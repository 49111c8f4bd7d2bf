import { todayIso } from "~/lib/format.ts";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows, type Db } from "~/server/db/client.ts";
import { madeOrPaused, moveScheduleOn, runDueSchedules, type ScheduleTable } from "~/server/schedule-runs.server.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { errorLogFields } from "~/server/errors.ts";
import type { RecurringEntryLine } from "./ledger.types.ts";
import { createEntry, postEntry } from "./journal-entries.server.ts";
import { canBooks } from "~/features/tenancy/index.ts";
import { findMembership } from "~/features/tenancy/index.server.ts";
import { runDates, type Schedule } from "./recurrence.ts";

/*
 * Recurring entries' scheduled job (their templates and schedules: recurring-templates.server.ts). It makes each run's
 * entry (`runDueRecurringEntries`), each run date exactly once (schedule-runs.server.ts).
 */

interface DueRow {
  id: number;
  organization_id: number;
  description: string;
  reference: string | null;
  frequency: Schedule["frequency"];
  day_of_month: number;
  start_date: string;
  end_date: string | null;
  post: boolean;
  next_run_on: string;
  created_by: string | null;
}

const SYSTEM: AuditActor = { id: null, email: null, ip: null };

const SCHEDULES: ScheduleTable = {
  name: "recurring_entries",
  columns: sql`id, organization_id, description, reference, frequency, day_of_month, start_date::text as start_date,
               end_date::text as end_date, post, next_run_on::text as next_run_on, created_by`,
};

/**
 * Makes every run due by `today` (of one schedule, or of all), oldest first, one transaction per run, and returns how
 * many entries were made. Safe to call from any number of processes at once: each run is made by exactly one of them.
 * A run that cannot be made (an account made inactive since, the person who set the schedule up no longer able to
 * change the books) pauses its schedule with the reason; nothing is half made.
 */
export async function runDueRecurringEntries(
  db: Db,
  today: string,
  only: { recurringEntryId?: number } = {},
  logger?: Logger,
): Promise<number> {
  return runDueSchedules<DueRow>(db, SCHEDULES, today, only.recurringEntryId, async (tx, due) => {
    const id = Number(due.id);
    const schedule: Schedule = { ...due, day_of_month: Number(due.day_of_month) };
    const following = runDates(schedule, due.next_run_on, 1)[0] ?? null;
    const pause = async (reason: string) => {
      await tx.execute(sql`update recurring_entries set status = 'paused', last_error = ${reason}, updated_at = now() where id = ${id}`);
      await recordAudit(tx, SYSTEM, {
        action: "recurring_entry.paused",
        targetType: "recurring_entry",
        targetId: id,
        before: { status: "active" },
        after: { status: "paused", reason },
      });
      logger?.warn({ recurringEntryId: id, runOn: due.next_run_on }, "recurring entry paused: its run could not be made");
      return "paused" as const;
    };

    const m = due.created_by ? await findMembership(tx, due.created_by, Number(due.organization_id)) : null;
    if (!m || !canBooks(m, "books.write")) return pause("The person who set up this recurring entry can no longer change these books");
    const lines = await queryRows<RecurringEntryLine>(
      tx,
      sql`select line_no, account_id, description, debit_amount::text as debit_amount, credit_amount::text as credit_amount
            from recurring_entry_lines where recurring_entry_id = ${id} order by line_no`,
    );
    return madeOrPaused(
      tx,
      async (sp) => {
        const draft = await createEntry(sp, m, {
          description: due.description,
          entry_date: due.next_run_on,
          reference: due.reference,
          lines: lines.map((l) => ({ ...l, account_id: Number(l.account_id) })),
        });
        const entry = due.post ? await postEntry(sp, m, draft.id) : draft;
        await moveScheduleOn(
          sp,
          SCHEDULES,
          id,
          following,
          sql`insert into recurring_entry_runs (recurring_entry_id, run_on, organization_id, journal_entry_id)
              values (${id}, ${due.next_run_on}::date, ${due.organization_id}, ${entry.id})`,
        );
      },
      pause,
      (err) => `The entry of ${due.next_run_on} could not be made: ${err.message}`,
    );
  });
}

/** The job: every due run of every schedule, logged when something was made. */
export async function recurringEntriesJob(db: Db, logger: Logger): Promise<void> {
  try {
    const made = await runDueRecurringEntries(db, todayIso(), {}, logger);
    if (made > 0) logger.info({ made }, "recurring entries made");
  } catch (err) {
    logger.error(errorLogFields(err), "recurring entries job failed");
  }
}
