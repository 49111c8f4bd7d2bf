import { z } from "zod";
import { previousDay } from "~/features/ledger/index.ts";
import {
  invoiceRunDates,
  recurringInvoiceSchema,
  type InvoiceSchedule,
  type RecurringFrequency,
  type RecurringInvoiceFormInput,
  type RecurringInvoiceInput,
} from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails } from "../recurring-invoices.types.ts";
import { blankDocument, formOfDocument, payloadOf, type DocumentFormState } from "./document-form-values.ts";

/*
 * The recurring invoice form: the invoice to make, as the document form holds it (its lines, contact, reference,
 * notes, how amounts are typed: the same fields and names), and its schedule, whose fields carry the API's names (a
 * refusal of one lands on its field). The template's date is its start: the form prices and offers tax codes as of it.
 */
export interface RecurringInvoiceFormState extends DocumentFormState {
  frequency: RecurringFrequency;
  /** "1" to "31" as the select holds it; "31" is the last day of the month. */
  day_of_month: string;
  start_date: string;
  /** "" for none. */
  end_date: string;
  /** Approve (number and post) each invoice made; otherwise a draft. */
  approve: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A new schedule: monthly on the 1st from the 1st of next month, each invoice a draft. */
export function blankRecurringInvoice(today: string, amounts: "exclusive" | "inclusive"): RecurringInvoiceFormState {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return { ...blankDocument("invoice", start, amounts), frequency: "monthly", day_of_month: "1", start_date: start, end_date: "", approve: false };
}

/** A saved recurring invoice as the form edits it. */
export function formOfRecurringInvoice(r: RecurringInvoiceDetails): RecurringInvoiceFormState {
  return {
    ...formOfDocument(r.template),
    issue_date: r.start_date,
    due_date: "",
    frequency: r.frequency,
    day_of_month: String(r.day_of_month),
    start_date: r.start_date,
    end_date: r.end_date ?? "",
    approve: r.approve,
  };
}

/** What the form sends: the invoice's fields as the document form sends them, and the schedule. */
export function recurringPayloadOf(v: RecurringInvoiceFormState): RecurringInvoiceFormInput {
  const { contact_id, reference, amounts_are, notes, lines } = payloadOf({ ...v, issue_date: v.start_date, due_date: "" });
  return {
    contact_id,
    reference,
    amounts_are,
    notes,
    lines,
    frequency: v.frequency,
    day_of_month: Number(v.day_of_month),
    start_date: v.start_date,
    end_date: v.end_date || null,
    approve: v.approve,
  };
}

/** The form's rules: what it sends, checked by the API's own schema (its messages at the API's field names). */
export const recurringInvoiceFormSchema = z
  .custom<RecurringInvoiceFormState>((v) => typeof v === "object" && v !== null)
  .transform(recurringPayloadOf)
  .pipe(recurringInvoiceSchema) satisfies z.ZodType<RecurringInvoiceInput, RecurringInvoiceFormState>;

const isDate = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));

/** The schedule the fields describe, or null while its start date is not a date. */
export function formInvoiceSchedule(v: Pick<RecurringInvoiceFormState, "frequency" | "day_of_month" | "start_date" | "end_date">): InvoiceSchedule | null {
  const day = Number(v.day_of_month);
  if (!isDate(v.start_date) || !Number.isInteger(day) || day < 1 || day > 31) return null;
  return { frequency: v.frequency, day_of_month: day, start_date: v.start_date, end_date: isDate(v.end_date) ? v.end_date : null };
}

/**
 * What saving will do, as the server does it: `due`, the run dates already due by `today` (after `lastRun`, the last
 * date made; none while paused), each made at once; `next`, the following three run dates.
 */
export function invoiceSchedulePreview(
  s: InvoiceSchedule,
  { today, lastRun = null, paused = false }: { today: string; lastRun?: string | null; paused?: boolean },
): { due: string[]; next: string[] } {
  const due = paused || s.start_date > today ? [] : invoiceRunDates(s, lastRun, 400).filter((d) => d <= today);
  const from = paused ? previousDay(today) : today;
  return { due, next: invoiceRunDates(s, lastRun !== null && lastRun > from ? lastRun : from, 3) };
}
