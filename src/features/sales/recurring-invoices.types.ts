import type { RecurringFrequency } from "./recurring-invoices.schema.ts";
import type { DocumentDetails, DocumentStatus } from "./sales.types.ts";

/** What the recurring invoices' API answers (/recurring-invoices, decision 116). Amounts are exact decimal strings. */

export type RecurringInvoiceStatus = "active" | "paused" | "ended";

export interface RecurringInvoiceSummary {
  id: number;
  /** The invoice kept as the template (status "template"). */
  template_document_id: number;
  contact_id: number;
  contact_name: string;
  reference: string | null;
  /** The template's total: what each invoice made comes to while the tax rules stay as they are. */
  total: string;
  frequency: RecurringFrequency;
  day_of_month: number;
  start_date: string;
  end_date: string | null;
  /** Each invoice made is approved (numbered, posted); otherwise a draft. */
  approve: boolean;
  status: RecurringInvoiceStatus;
  /** Why the job paused it (a run that could not be made), until it is resumed. */
  paused_reason: string | null;
  next_run_on: string | null;
  /** The next run dates (up to three) while active. */
  upcoming: string[];
  /** Invoices made so far. */
  runs: number;
}

export interface RecurringInvoiceRun {
  run_on: string;
  /** The invoice made (null once that invoice, a draft, was deleted). */
  document_id: number | null;
  number: string | null;
  status: DocumentStatus | null;
}

export interface RecurringInvoiceDetails extends RecurringInvoiceSummary {
  template: DocumentDetails;
  /** The latest runs, newest first (at most 24). */
  recent_runs: RecurringInvoiceRun[];
}

export interface RecurringInvoicesAnswer {
  recurring_invoices: RecurringInvoiceSummary[];
}

export interface RecurringInvoiceAnswer {
  recurring_invoice: RecurringInvoiceDetails;
}
