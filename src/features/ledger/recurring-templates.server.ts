import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { notFound } from "./ledger-errors.server.ts";
import type { RecurringEntryInput } from "./ledger.schema.ts";
import type { RecurringEntryDetails, RecurringEntryLine, RecurringEntryRun, RecurringEntrySummary } from "./ledger.types.ts";
import { assertAccounts, prepareLines } from "./journal-entries.server.ts";
import { type Membership } from "~/features/tenancy/tenancy.types.ts";
import { nextRunOnOrAfter, previousDay, runDates, type Schedule } from "./recurrence.ts";
import { runDueRecurringEntries } from "./recurring-entries.server.ts";
import { todayIso } from "~/lib/format.ts";

/*
 * A recurring entry's template and its schedule (recurrence.ts), as a person sees and changes them: list, read, create,
 * change, pause, resume, end, delete. A save makes the runs already due at once through the scheduled job's
 * `runDueRecurringEntries` (recurring-entries.server.ts), which makes every run exactly once.
 */

type Row = Omit<RecurringEntrySummary, "upcoming" | "runs" | "day_of_month"> & { day_of_month: number | string; runs: number | string };

const summaryColumns = sql`r.id, r.description, r.reference, r.frequency, r.day_of_month, r.start_date::text as start_date,
  r.end_date::text as end_date, r.post, r.status, r.next_run_on::text as next_run_on, r.last_error,
  (select coalesce(sum(l.debit_amount), 0)::numeric(16, 2)::text from recurring_entry_lines l where l.recurring_entry_id = r.id) as total_amount,
  (select count(*) from recurring_entry_runs x where x.recurring_entry_id = r.id) as runs`;

function toSummary(row: Row): RecurringEntrySummary {
  const day_of_month = Number(row.day_of_month);
  const schedule: Schedule = { ...row, day_of_month };
  const upcoming = row.status === "active" && row.next_run_on ? [row.next_run_on, ...runDates(schedule, row.next_run_on, 2)] : [];
  return { ...row, id: Number(row.id), day_of_month, runs: Number(row.runs), upcoming };
}

/** Every recurring entry of the organization, newest first. */
export async function listRecurringEntries(db: Db, m: Membership): Promise<RecurringEntrySummary[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${summaryColumns} from recurring_entries r where r.organization_id = ${m.organizationId} order by r.id desc`,
  );
  return rows.map(toSummary);
}

async function summaryOf(db: Db, m: Membership, id: number, lock = false): Promise<RecurringEntrySummary> {
  const [row] = await queryRows<Row>(
    db,
    lock
      ? sql`select ${summaryColumns} from recurring_entries r where r.organization_id = ${m.organizationId} and r.id = ${id} for update`
      : sql`select ${summaryColumns} from recurring_entries r where r.organization_id = ${m.organizationId} and r.id = ${id}`,
  );
  if (!row) throw notFound("Recurring entry");
  return toSummary(row);
}

/** One recurring entry with its lines and its latest runs. */
export async function getRecurringEntry(db: Db, m: Membership, id: number): Promise<RecurringEntryDetails> {
  const head = await summaryOf(db, m, id);
  const lines = await queryRows<RecurringEntryLine>(
    db,
    sql`select l.line_no, l.account_id, a.account_code, a.account_name, l.description,
               l.debit_amount::text as debit_amount, l.credit_amount::text as credit_amount
          from recurring_entry_lines l join chart_of_accounts a on a.id = l.account_id
         where l.recurring_entry_id = ${id} order by l.line_no`,
  );
  const runs = await queryRows<RecurringEntryRun>(
    db,
    sql`select x.run_on::text as run_on, x.journal_entry_id, e.entry_number, e.status as entry_status
          from recurring_entry_runs x left join journal_entries e on e.id = x.journal_entry_id
         where x.recurring_entry_id = ${id} order by x.run_on desc limit 24`,
  );
  return {
    ...head,
    lines: lines.map((l) => ({ ...l, line_no: Number(l.line_no), account_id: Number(l.account_id) })),
    recent_runs: runs.map((r) => ({ ...r, journal_entry_id: r.journal_entry_id === null ? null : Number(r.journal_entry_id) })),
  };
}

async function writeLines(tx: Db, m: Membership, id: number, input: RecurringEntryInput): Promise<void> {
  const { lines } = prepareLines(input);
  await assertAccounts(tx, m, lines);
  await tx.execute(sql`delete from recurring_entry_lines where recurring_entry_id = ${id}`);
  await tx.execute(
    sql`insert into recurring_entry_lines (recurring_entry_id, organization_id, line_no, account_id, description, debit_amount, credit_amount)
        select ${id}::integer, ${m.organizationId}::integer, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount
          from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            as x(line_no smallint, account_id integer, description text, debit_amount numeric, credit_amount numeric)`,
  );
}

/** What the audit log keeps of a schedule: its terms, not its lines. */
const auditTerms = (r: Pick<RecurringEntryInput, "description" | "frequency" | "day_of_month" | "start_date" | "end_date" | "post">) => ({
  description: r.description,
  frequency: r.frequency,
  day_of_month: r.day_of_month,
  start_date: r.start_date,
  end_date: r.end_date ?? null,
  post: r.post,
});

/** Most runs a save may make at once (a start date far in the past): beyond that the start date is refused. */
export const MAX_RUNS_AT_ONCE = 120;

function assertFewRunsDue(schedule: Schedule, after: string | null, today: string): void {
  const due = runDates(schedule, after, MAX_RUNS_AT_ONCE + 1).filter((d) => d <= today);
  if (due.length > MAX_RUNS_AT_ONCE) {
    const message = `At most ${MAX_RUNS_AT_ONCE} runs can be made at once: choose a later start date`;
    throw invalidInput({ start_date: message }, message);
  }
}

/**
 * A new recurring entry. Its first run is the first scheduled date on or after the start date; runs already due
 * (a start date in the past) are made at once, before the answer.
 */
export async function createRecurringEntry(
  db: Db,
  m: Membership,
  input: RecurringEntryInput,
  actor: AuditActor,
  today = todayIso(),
): Promise<RecurringEntryDetails> {
  assertFewRunsDue(input, null, today);
  const next = runDates(input, null, 1)[0] ?? null;
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into recurring_entries (organization_id, description, reference, frequency, day_of_month, start_date, end_date, post,
                                         status, next_run_on, created_by)
          values (${m.organizationId}, ${input.description}, ${input.reference || null}, ${input.frequency}, ${input.day_of_month},
                  ${input.start_date}::date, ${input.end_date ?? null}::date, ${input.post}, ${next ? "active" : "ended"},
                  ${next}::date, ${m.userId})
          returning id`,
    );
    const id = Number(row!.id);
    await writeLines(tx, m, id, input);
    await recordAudit(tx, actor, {
      action: "recurring_entry.created",
      targetType: "recurring_entry",
      targetId: id,
      after: auditTerms(input),
    });
    return id;
  });
  await runDueRecurringEntries(db, today, { recurringEntryId: id });
  return getRecurringEntry(db, m, id);
}

/** The day after the schedule's last run, or its start date when it has not run. */
async function resumeFrom(tx: Db, id: number, start: string): Promise<string> {
  const [last] = await queryRows<{ after: string | null }>(
    tx,
    sql`select (max(run_on) + 1)::text as after from recurring_entry_runs where recurring_entry_id = ${id}`,
  );
  return last?.after && last.after > start ? last.after : start;
}

/**
 * Changes the template and its schedule. The runs already made stay as they are; the next run is the first date of the
 * new schedule after the last run. A schedule that has ended cannot be changed (start a new one).
 */
export async function updateRecurringEntry(
  db: Db,
  m: Membership,
  id: number,
  input: RecurringEntryInput,
  actor: AuditActor,
  today = todayIso(),
): Promise<RecurringEntryDetails> {
  await db.transaction(async (tx) => {
    const before = await summaryOf(tx, m, id, true);
    if (before.status === "ended") throw conflict("This recurring entry has ended and can no longer be changed");
    const from = await resumeFrom(tx, id, input.start_date);
    assertFewRunsDue(input, previousDay(from), today);
    const next = nextRunOnOrAfter(input, from);
    await tx.execute(
      sql`update recurring_entries
             set description = ${input.description}, reference = ${input.reference || null}, frequency = ${input.frequency},
                 day_of_month = ${input.day_of_month}, start_date = ${input.start_date}::date, end_date = ${input.end_date ?? null}::date,
                 post = ${input.post}, next_run_on = ${next}::date, updated_at = now(),
                 status = case when ${next}::date is null then 'ended' else status end
           where id = ${id}`,
    );
    await writeLines(tx, m, id, input);
    await recordAudit(tx, actor, {
      action: "recurring_entry.updated",
      targetType: "recurring_entry",
      targetId: id,
      before: auditTerms(before),
      after: auditTerms(input),
    });
  });
  await runDueRecurringEntries(db, today, { recurringEntryId: id });
  return getRecurringEntry(db, m, id);
}

export type RecurringAction = "pause" | "resume" | "end";

/**
 * Pause (no run is made while paused; the dates passed meanwhile are skipped), resume (from the first scheduled date on
 * or after today) or end a schedule now.
 */
export async function changeRecurringStatus(
  db: Db,
  m: Membership,
  id: number,
  action: RecurringAction,
  actor: AuditActor,
  today = todayIso(),
): Promise<RecurringEntryDetails> {
  await db.transaction(async (tx) => {
    const current = await summaryOf(tx, m, id, true);
    if (current.status === "ended") throw conflict("This recurring entry has ended");
    if (action === "pause" && current.status !== "active") throw conflict("Only an active recurring entry can be paused");
    if (action === "resume" && current.status !== "paused") throw conflict("Only a paused recurring entry can be resumed");
    let status: string = action === "pause" ? "paused" : action === "end" ? "ended" : "active";
    let next: string | null = current.next_run_on;
    if (action === "end") next = null;
    if (action === "resume") {
      const from = await resumeFrom(tx, id, current.start_date);
      next = nextRunOnOrAfter(current, from > today ? from : today);
      if (!next) status = "ended";
    }
    await tx.execute(
      sql`update recurring_entries set status = ${status}, next_run_on = ${next}::date, updated_at = now(),
                 last_error = case when ${status} = 'paused' then last_error else null end
           where id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: `recurring_entry.${action === "pause" ? "paused" : action === "resume" ? "resumed" : "ended"}`,
      targetType: "recurring_entry",
      targetId: id,
      before: { status: current.status },
      after: { status },
    });
  });
  return getRecurringEntry(db, m, id);
}

/** Deletes the template and its schedule; the entries it made stay in the journal. */
export async function deleteRecurringEntry(db: Db, m: Membership, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await summaryOf(tx, m, id, true);
    await tx.execute(sql`delete from recurring_entries where id = ${id}`);
    await recordAudit(tx, actor, {
      action: "recurring_entry.deleted",
      targetType: "recurring_entry",
      targetId: id,
      before: auditTerms(current),
    });
  });
}
