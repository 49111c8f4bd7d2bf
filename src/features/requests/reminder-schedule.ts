import { addDays } from "~/lib/format.ts";

/**
 * The reminder dates of a request (decision 099): for each due date of an item still to do, `remind_days_before` days
 * before it, on it (`remind_on_due`), and every `remind_every_days` days after it. Dates are YYYY-MM-DD (UTC).
 */
export interface ReminderSchedule {
  remind_days_before: number | null;
  remind_on_due: boolean;
  remind_every_days: number | null;
}

const DAY_MS = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/** The first reminder date of one due date on or after `from`, or null. */
function firstFor(s: ReminderSchedule, due: string, from: string): string | null {
  const candidates: string[] = [];
  if (s.remind_days_before) candidates.push(addDays(due, -s.remind_days_before));
  if (s.remind_on_due) candidates.push(due);
  if (s.remind_every_days) {
    const n = s.remind_every_days;
    const k = Math.max(1, Math.ceil((toMs(from) - toMs(due)) / DAY_MS / n));
    candidates.push(addDays(due, k * n));
  }
  return candidates.filter((d) => d >= from).sort()[0] ?? null;
}

/** The last reminder date of one due date on or before `to`, or null. */
function lastFor(s: ReminderSchedule, due: string, to: string): string | null {
  const candidates: string[] = [];
  if (s.remind_days_before) candidates.push(addDays(due, -s.remind_days_before));
  if (s.remind_on_due) candidates.push(due);
  if (s.remind_every_days) {
    const k = Math.floor((toMs(to) - toMs(due)) / DAY_MS / s.remind_every_days);
    if (k >= 1) candidates.push(addDays(due, k * s.remind_every_days));
  }
  return (
    candidates
      .filter((d) => d <= to)
      .sort()
      .at(-1) ?? null
  );
}

/** The next reminder date on or after `from`, over the due dates of the items still to do; null when none. */
export function nextReminderOn(s: ReminderSchedule, dueDates: readonly string[], from: string): string | null {
  return (
    dueDates
      .map((d) => firstFor(s, d, from))
      .filter((d): d is string => d !== null)
      .sort()[0] ?? null
  );
}

/**
 * The reminder to send when the job finds one due: the latest reminder date between `from` and `to` (after downtime
 * only the latest is sent, never a burst of the missed ones); null when none falls there.
 */
export function reminderToSend(s: ReminderSchedule, dueDates: readonly string[], from: string, to: string): string | null {
  return (
    dueDates
      .map((d) => lastFor(s, d, to))
      .filter((d): d is string => d !== null && d >= from)
      .sort()
      .at(-1) ?? null
  );
}
