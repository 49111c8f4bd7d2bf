import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError } from "~/server/http/app-error.ts";

/*
 * The runs of schedules that make something on their dates (recurring entries, recurring invoices). A run date is made
 * exactly once, whatever the number of processes: the schedule's row is taken FOR UPDATE SKIP LOCKED, and the run's
 * row (primary key: schedule and date) is written in the transaction that makes the run and moves the schedule on.
 * After downtime every run that came due is made, oldest first. A run that cannot be made pauses its schedule with the
 * reason; nothing is half made.
 */

/** What became of one run: made, or its schedule paused. */
export type RunOutcome = "made" | "paused";

/** A schedule's table: its rows have an id, a status ('active', 'paused', 'ended') and the date of their next run. */
export interface ScheduleTable {
  name: string;
  /** The columns a due row is read with (dates as text). */
  columns: SQL;
}

/**
 * Makes every run due by `today` (of the schedule `onlyId`, or of all), oldest first, one transaction per run, and
 * returns how many were made. `make` makes the run of the row taken (and moves it on: `moveScheduleOn`) or pauses it.
 */
export async function runDueSchedules<Row>(
  db: Db,
  table: ScheduleTable,
  today: string,
  onlyId: number | undefined,
  make: (tx: Db, due: Row) => Promise<RunOutcome>,
): Promise<number> {
  let made = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [due] = await queryRows<Row>(
        tx,
        sql`select ${table.columns}
              from ${sql.identifier(table.name)}
             where status = 'active' and next_run_on <= ${today}::date
               ${onlyId === undefined ? sql`` : sql`and id = ${onlyId}`}
             order by next_run_on, id
             limit 1
               for update skip locked`,
      );
      return due ? make(tx, due) : ("none" as const);
    });
    if (outcome === "none") return made;
    if (outcome === "made") made++;
  }
}

/** Writes the run's row (`insertRun`) and moves the schedule to its `following` date, or ends it when there is none. */
export async function moveScheduleOn(tx: Db, table: ScheduleTable, id: number, following: string | null, insertRun: SQL): Promise<void> {
  await tx.execute(
    sql`with run as (${insertRun})
        update ${sql.identifier(table.name)} set next_run_on = ${following}::date,
               status = case when ${following}::date is null then 'ended' else status end
         where id = ${id}`,
  );
}

/**
 * Makes a run (`run`, in a savepoint); a refusal (an `AppError`: an account made inactive, a locked date…) pauses the
 * schedule instead, with `reason(err)` (at most 500 characters). Any other error is thrown.
 */
export async function madeOrPaused(
  tx: Db,
  run: (sp: Db) => Promise<void>,
  pause: (reason: string) => Promise<"paused">,
  reason: (err: AppError) => string,
): Promise<RunOutcome> {
  try {
    await tx.transaction(run);
    return "made";
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return pause(reason(err).slice(0, 500));
  }
}
