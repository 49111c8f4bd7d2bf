import { sql } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { previousDay } from "~/features/ledger/index.ts";
import { assertBooks } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { createDocument, deleteDocument, updateDocument } from "./document-drafts.server.ts";
import { getRecurringInvoice, summaryOf } from "./recurring-invoice-queries.server.ts";
import { runDueRecurringInvoices } from "./recurring-invoices.server.ts";
import { invoiceRunDates, invoiceRunOnOrAfter, type InvoiceSchedule, type RecurringInvoiceInput } from "./recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails } from "./recurring-invoices.types.ts";
import type { DocumentInput } from "./sales.schema.ts";

/*
 * A recurring invoice's template and its schedule as a person changes them (decision 116): create, change, pause,
 * resume, delete. A save makes the runs already due at once through the scheduled job's `runDueRecurringInvoices`
 * (recurring-invoices.server.ts), which makes every run exactly once.
 */

/** Most runs a save may make at once (a start date far in the past): beyond that the start date is refused. */
export const MAX_RUNS_AT_ONCE = 120;
/** The template's document: an invoice dated the schedule's start. */
const templateDocument = (input: RecurringInvoiceInput): DocumentInput => ({
  kind: "invoice",
  contact_id: input.contact_id,
  issue_date: input.start_date,
  due_date: null,
  reference: input.reference ?? null,
  amounts_are: input.amounts_are,
  notes: input.notes ?? null,
  credits_document_id: null,
  lines: input.lines,
});

/** What the audit log keeps of a schedule: its terms, not its lines. */
const auditTerms = (
  id: number,
  r: Pick<RecurringInvoiceInput, "contact_id" | "frequency" | "day_of_month" | "start_date" | "end_date" | "approve">,
) => ({
  recurring_invoice_id: id,
  contact_id: r.contact_id,
  frequency: r.frequency,
  day_of_month: r.day_of_month,
  start_date: r.start_date,
  end_date: r.end_date ?? null,
  approve: r.approve,
});

function assertFewRunsDue(schedule: InvoiceSchedule, after: string | null, today: string): void {
  const due = invoiceRunDates(schedule, after, MAX_RUNS_AT_ONCE + 1).filter((d) => d <= today);
  if (due.length > MAX_RUNS_AT_ONCE) {
    const message = `At most ${MAX_RUNS_AT_ONCE} invoices can be made at once: choose a later start date`;
    throw invalidInput({ start_date: message }, message);
  }
}

/** Approving each invoice made asks the member's right to approve invoices. */
function assertMayApprove(m: Membership, input: Pick<RecurringInvoiceInput, "approve">): void {
  if (input.approve) assertBooks(m, "books.sales.approve");
}

/** The accepted proposal a schedule bills, and the proposal's service each of the template's lines bills (in order). */
export interface ScheduleOrigin {
  proposalId: number;
  proposalLineIds: number[];
}

async function markOrigin(tx: Db, id: number, templateId: number, origin: ScheduleOrigin): Promise<void> {
  await tx.execute(sql`update recurring_invoices set proposal_id = ${origin.proposalId} where id = ${id}`);
  await tx.execute(sql`update sales_documents set proposal_id = ${origin.proposalId} where id = ${templateId}`);
  for (const [i, lineId] of origin.proposalLineIds.entries())
    await tx.execute(
      sql`update sales_document_lines set proposal_line_id = ${lineId} where document_id = ${templateId} and line_no = ${i + 1}`,
    );
}

/**
 * A new recurring invoice: its template and its schedule, in one transaction. Its first run is the first scheduled
 * date on or after the start date; runs already due (a start date in the past) are made at once, before the answer.
 */
export async function createRecurringInvoice(
  db: Db,
  m: Membership,
  input: RecurringInvoiceInput,
  actor: AuditActor,
  today = todayIso(),
  origin?: ScheduleOrigin,
): Promise<RecurringInvoiceDetails> {
  assertMayApprove(m, input);
  assertFewRunsDue(input, null, today);
  const next = invoiceRunDates(input, null, 1)[0] ?? null;
  const id = await db.transaction(async (tx) => {
    const template = await createDocument(tx, m, templateDocument(input), { template: true });
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into recurring_invoices (organization_id, template_document_id, frequency, day_of_month, start_date, end_date,
                                          next_run_on, approve, status, created_by)
          values (${m.organizationId}, ${template.id}, ${input.frequency}, ${input.day_of_month}, ${input.start_date}::date,
                  ${input.end_date ?? null}::date, ${next}::date, ${input.approve}, ${next ? "active" : "ended"}, ${m.userId})
          returning id`,
    );
    const id = Number(row!.id);
    if (origin) await markOrigin(tx, id, template.id, origin);
    await recordAudit(tx, actor, {
      action: "recurring_invoice.created",
      targetType: "organization",
      targetId: m.organizationId,
      after: auditTerms(id, input),
    });
    return id;
  });
  await runDueRecurringInvoices(db, today, { recurringInvoiceId: id });
  return getRecurringInvoice(db, m, id);
}

/** The day after the schedule's last run, or `start` when it has not run (or ran only before it). */
async function resumeFrom(tx: Db, id: number, start: string): Promise<string> {
  const [last] = await queryRows<{ after: string | null }>(
    tx,
    sql`select (max(run_on) + 1)::text as after from recurring_invoice_runs where recurring_invoice_id = ${id}`,
  );
  return last?.after && last.after > start ? last.after : start;
}

/**
 * Changes the template and its schedule. The invoices already made stay as they are; the next run is the first date of
 * the new schedule after the last run. An ended schedule is not changed (409): start a new one.
 */
export async function updateRecurringInvoice(
  db: Db,
  m: Membership,
  id: number,
  input: RecurringInvoiceInput,
  actor: AuditActor,
  today = todayIso(),
): Promise<RecurringInvoiceDetails> {
  assertMayApprove(m, input);
  await db.transaction(async (tx) => {
    const before = await summaryOf(tx, m, id, true);
    if (before.status === "ended") throw conflict("This recurring invoice has ended and can no longer be changed");
    const from = await resumeFrom(tx, id, input.start_date);
    assertFewRunsDue(input, previousDay(from), today);
    const next = invoiceRunOnOrAfter(input, from);
    await updateDocument(tx, m, before.template_document_id, templateDocument(input));
    await tx.execute(
      sql`update recurring_invoices
             set frequency = ${input.frequency}, day_of_month = ${input.day_of_month}, start_date = ${input.start_date}::date,
                 end_date = ${input.end_date ?? null}::date, approve = ${input.approve}, next_run_on = ${next}::date,
                 status = case when ${next}::date is null then 'ended' else status end
           where id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: "recurring_invoice.updated",
      targetType: "organization",
      targetId: m.organizationId,
      before: auditTerms(id, before),
      after: auditTerms(id, input),
    });
  });
  await runDueRecurringInvoices(db, today, { recurringInvoiceId: id });
  return getRecurringInvoice(db, m, id);
}

export type RecurringInvoiceAction = "pause" | "resume";

/**
 * Pause (no invoice is made while paused; the dates passed meanwhile are skipped) or resume (from the first scheduled
 * date on or after today, after the last run). Resuming a schedule the job paused clears its reason; a run that still
 * cannot be made pauses it again.
 */
export async function changeRecurringInvoiceStatus(
  db: Db,
  m: Membership,
  id: number,
  action: RecurringInvoiceAction,
  actor: AuditActor,
  today = todayIso(),
): Promise<RecurringInvoiceDetails> {
  await db.transaction(async (tx) => {
    const current = await summaryOf(tx, m, id, true);
    if (current.status === "ended") throw conflict("This recurring invoice has ended");
    if (action === "pause" && current.status !== "active") throw conflict("Only an active recurring invoice can be paused");
    if (action === "resume" && current.status !== "paused") throw conflict("Only a paused recurring invoice can be resumed");
    if (action === "resume") assertMayApprove(m, current);
    let status: string = action === "pause" ? "paused" : "active";
    let next: string | null = current.next_run_on;
    if (action === "resume") {
      const from = await resumeFrom(tx, id, current.start_date);
      next = invoiceRunOnOrAfter(current, from > today ? from : today);
      if (!next) status = "ended";
    }
    await tx.execute(
      sql`update recurring_invoices set status = ${status}, next_run_on = ${next}::date, paused_reason = null where id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: `recurring_invoice.${action === "pause" ? "paused" : "resumed"}`,
      targetType: "organization",
      targetId: m.organizationId,
      before: { recurring_invoice_id: id, status: current.status },
      after: { recurring_invoice_id: id, status },
    });
  });
  if (action === "resume") await runDueRecurringInvoices(db, today, { recurringInvoiceId: id });
  return getRecurringInvoice(db, m, id);
}

/** Deletes the schedule and its template; the invoices it made stay (no longer linked to it). */
export async function deleteRecurringInvoice(db: Db, m: Membership, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await summaryOf(tx, m, id, true);
    await deleteDocument(tx, m, current.template_document_id);
    await recordAudit(tx, actor, {
      action: "recurring_invoice.deleted",
      targetType: "organization",
      targetId: m.organizationId,
      before: auditTerms(id, current),
    });
  });
}
