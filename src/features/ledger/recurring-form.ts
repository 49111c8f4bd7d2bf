import { todayIso } from "~/lib/format.ts";
import { z } from "zod";
import { EARLIEST_ENTRY_DATE, LATEST_ENTRY_DATE, recurringEntrySchema, type RecurringEntryInput } from "./ledger.schema.ts";
import type { EntryDetails, RecurringEntryDetails } from "./ledger.types.ts";
import {
  contentPayload,
  ENTRY_MESSAGES,
  formLines,
  newLine,
  validateLines,
  type EntryContentValues,
  type SavedLine,
} from "./entry-form.ts";
import { previousDay, runDates, type Frequency, type Schedule } from "./recurrence.ts";

/**
 * The recurring entry form: the entry to make (description, reference, lines, as in the entry form) and its schedule,
 * whose fields carry the API's names (an API refusal of one of them lands on its field).
 */
export interface RecurringFormValues extends EntryContentValues {
  frequency: Frequency;
  /** "1" to "31" as the select holds it; "31" is the last day of the month. */
  day_of_month: string;
  start_date: string;
  /** "" for none. */
  end_date: string;
  /** Each run a posted entry; otherwise a draft to review. */
  post: boolean;
}

/** Today's date in UTC: the date the server makes runs due by. */

const pad = (n: number) => String(n).padStart(2, "0");

/** A new schedule: monthly on the 1st, from the 1st of next month, each run a draft. */
export function blankRecurring(today = todayIso()): RecurringFormValues {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return {
    description: "",
    reference: "",
    lines: [newLine(), newLine()],
    frequency: "monthly",
    day_of_month: "1",
    start_date: start,
    end_date: "",
    post: false,
  };
}

/** A saved recurring entry, as the form holds it to be edited. */
export function recurringValues(r: RecurringEntryDetails): RecurringFormValues {
  return {
    description: r.description,
    reference: r.reference ?? "",
    lines: formLines(r.lines),
    frequency: r.frequency,
    day_of_month: String(r.day_of_month),
    start_date: r.start_date,
    end_date: r.end_date ?? "",
    post: r.post,
  };
}

/**
 * A monthly schedule made from a journal entry: its description, reference and lines, on the entry's day of the month
 * (the last day when the entry is dated on the last day of its month), from the month after the entry.
 */
export function recurringFromEntry(
  entry: Pick<EntryDetails, "description" | "reference" | "entry_date"> & { lines: SavedLine[] },
): RecurringFormValues {
  const date = entry.entry_date;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day_of_month = day === lastDay ? 31 : day;
  const start = runDates({ frequency: "monthly", day_of_month, start_date: date }, date, 1)[0] ?? date;
  return {
    description: entry.description,
    reference: entry.reference ?? "",
    lines: formLines(entry.lines),
    frequency: "monthly",
    day_of_month: String(day_of_month),
    start_date: start,
    end_date: "",
    post: false,
  };
}

/** The first failing rule of the form's entry, in the order they are checked (as the entry form's), or null. */
export function validateRecurringForm(values: RecurringFormValues): string | null {
  if (values.description.trim() === "") return ENTRY_MESSAGES.descriptionRequired;
  return validateLines(values.lines);
}

/** What the form sends: the entry as the entry form sends it, and the schedule (no end date: null). */
export function recurringPayload(values: RecurringFormValues): z.input<typeof recurringEntrySchema> {
  return {
    ...contentPayload(values),
    frequency: values.frequency,
    day_of_month: Number(values.day_of_month),
    start_date: values.start_date,
    end_date: values.end_date || null,
    post: values.post,
  };
}

/**
 * The recurring entry form's rules for react-hook-form: the entry's first failing rule (as one form-wide message
 * under `root`), then what it sends, checked by the API's own schema (recurringEntrySchema: the schedule's dates are
 * named at their fields).
 */
export const recurringFormSchema = z
  .custom<RecurringFormValues>((v) => typeof v === "object" && v !== null)
  .superRefine((values, ctx) => {
    const problem = validateRecurringForm(values);
    if (problem) ctx.addIssue({ code: "custom", path: ["root"], message: problem });
  })
  .transform(recurringPayload)
  .pipe(recurringEntrySchema) satisfies z.ZodType<RecurringEntryInput, RecurringFormValues>;

/** The schedule the form's fields describe, or null while its start date is not a date the API takes. */
export function formSchedule(values: Pick<RecurringFormValues, "frequency" | "day_of_month" | "start_date" | "end_date">): Schedule | null {
  const { start_date, end_date } = values;
  const day = Number(values.day_of_month);
  const isDate = (d: string) => z.iso.date().safeParse(d).success && d >= EARLIEST_ENTRY_DATE && d <= LATEST_ENTRY_DATE;
  if (!isDate(start_date) || !Number.isInteger(day) || day < 1 || day > 31) return null;
  return { frequency: values.frequency, day_of_month: day, start_date, end_date: isDate(end_date) ? end_date : null };
}

const MONTHS_APART: Record<Frequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * What saving the schedule will do, as the server does it: `due`, the run dates already due by `today`, each made at
 * once (after `lastRun`, the last date already made; none while the schedule is paused: the dates passed meanwhile are
 * skipped when it resumes); `next`, the following three run dates (from today on once a paused schedule resumes).
 */
export function schedulePreview(
  schedule: Schedule,
  { today, lastRun = null, paused = false }: { today: string; lastRun?: string | null; paused?: boolean },
): { due: string[]; next: string[] } {
  let due: string[] = [];
  if (!paused && schedule.start_date <= today) {
    // Enough periods to reach today: each holds one run.
    const periods = Math.floor((monthIndex(today) - monthIndex(schedule.start_date)) / MONTHS_APART[schedule.frequency]) + 2;
    due = runDates(schedule, lastRun, periods).filter((d) => d <= today);
  }
  const from = paused ? previousDay(today) : today;
  return { due, next: runDates(schedule, lastRun !== null && lastRun > from ? lastRun : from, 3) };
}
