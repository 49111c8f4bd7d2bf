import { z } from "zod";
import { idField, isoDateField, textField } from "~/lib/schema-fields.ts";
import { EARLIEST_ENTRY_DATE, LATEST_ENTRY_DATE, latestEntryDate, MAX_LINES } from "~/features/ledger/ledger.schema.ts";
import { dayLabel, nextRunOnOrAfter, previousDay, runDates, type Schedule } from "~/features/ledger/index.ts";
import { documentLineSchema } from "./sales.schema.ts";

/*
 * Recurring invoices (decision 116): an invoice kept as a template (its contact, reference, notes and lines, as an
 * invoice's) and its schedule. A run makes a copy of the template dated the run's date, due from the customer's
 * payment terms, left a draft or approved. The dates are the recurring entries' (the ledger's recurrence.ts), with
 * one more frequency: weekly, every seven days from the start date.
 */

export const RECURRING_FREQUENCIES = ["weekly", "monthly", "quarterly", "yearly"] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: "Weekly",
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

/** A recurring invoice's schedule: `day_of_month` is not read for a weekly one (it runs on the start date's weekday). */
export interface InvoiceSchedule {
  frequency: RecurringFrequency;
  day_of_month: number;
  start_date: string;
  end_date?: string | null;
}

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Up to `count` run dates after `after` (exclusive; from the start date when null), in order; fewer when the end date
 * comes first. Monthly, quarterly and yearly as the recurring entries' runDates; weekly every seven days from the start.
 */
export function invoiceRunDates(s: InvoiceSchedule, after: string | null, count: number): string[] {
  if (s.frequency !== "weekly") return runDates(s as Schedule, after, count);
  const floor = after !== null && after >= s.start_date ? after : null;
  // The first week whose run can be after `floor`.
  let k = floor === null ? 0 : Math.floor(daysBetween(s.start_date, floor) / 7);
  const out: string[] = [];
  while (out.length < count) {
    const date = addDays(s.start_date, 7 * k++);
    if (s.end_date && date > s.end_date) break;
    if (floor !== null && date <= floor) continue;
    out.push(date);
  }
  return out;
}

/** The first run on or after `from`, or null when the schedule ends before it. */
export function invoiceRunOnOrAfter(s: InvoiceSchedule, from: string): string | null {
  return s.frequency === "weekly" ? (invoiceRunDates(s, previousDay(from), 1)[0] ?? null) : nextRunOnOrAfter(s as Schedule, from);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Monthly on the 15th", "Weekly on Mondays", "Quarterly on the last day". */
export function invoiceScheduleLabel(s: Pick<InvoiceSchedule, "frequency" | "day_of_month" | "start_date">): string {
  if (s.frequency === "weekly") return `Weekly on ${WEEKDAYS[new Date(`${s.start_date}T00:00:00Z`).getUTCDay()]}s`;
  return `${RECURRING_FREQUENCY_LABELS[s.frequency]} on the ${dayLabel(s.day_of_month)}`;
}

/**
 * POST and PUT /recurring-invoices and the screen's form: the invoice to make (its fields named as an invoice's, so
 * that a refusal of a line lands on `lines.N.…`) and its schedule. `approve` approves (numbers and posts) each invoice
 * made; otherwise each is a draft to review and send.
 */
export const recurringInvoiceSchema = z
  .object({
    contact_id: idField("Customer", { rangeError: "Contact not found" }),
    reference: textField("Reference", { max: 100 }).nullish(),
    amounts_are: z.enum(["exclusive", "inclusive"], { error: "Amounts are exclusive or inclusive of tax" }).default("exclusive"),
    notes: textField("Notes", { max: 2000, multiline: true }).nullish(),
    lines: z
      .array(documentLineSchema, { error: "An invoice needs at least one line" })
      .min(1, "An invoice needs at least one line")
      .max(MAX_LINES, `An invoice has at most ${MAX_LINES} lines`),
    frequency: z.enum(RECURRING_FREQUENCIES, { error: "Frequency must be weekly, monthly, quarterly or yearly" }),
    day_of_month: z.coerce
      .number({ error: "Day of the month must be from 1 to 31" })
      .int("Day of the month must be from 1 to 31")
      .min(1, "Day of the month must be from 1 to 31")
      .max(31, "Day of the month must be from 1 to 31")
      .default(1),
    // The template is dated its start: like an invoice's date, not more than a year ahead.
    start_date: isoDateField("Start date", { min: EARLIEST_ENTRY_DATE, max: LATEST_ENTRY_DATE }).refine(
      (d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || d <= latestEntryDate(),
      {
        message: "Start date must not be more than one year ahead",
      },
    ),
    end_date: isoDateField("End date", { min: EARLIEST_ENTRY_DATE, max: LATEST_ENTRY_DATE }).nullish(),
    approve: z.boolean({ error: "approve must be true or false" }).default(false),
  })
  .refine((r) => !r.end_date || r.end_date >= r.start_date, { message: "End date must not be before the start date", path: ["end_date"] });
export type RecurringInvoiceInput = z.infer<typeof recurringInvoiceSchema>;
export type RecurringInvoiceFormInput = z.input<typeof recurringInvoiceSchema>;
