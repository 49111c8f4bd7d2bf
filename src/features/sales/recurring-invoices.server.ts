import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { todayIso } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { AppError } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { errorLogFields } from "~/server/errors.ts";
import { madeOrPaused, moveScheduleOn, runDueSchedules, type ScheduleTable } from "~/server/schedule-runs.server.ts";
import { lockedUpTo, refusingLocked } from "~/features/ledger/index.server.ts";
import { canBooks } from "~/features/tenancy/index.ts";
import { findMembership } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { approveInTransaction } from "./document-approval.server.ts";
import { createDocument } from "./document-drafts.server.ts";
import { storedInput } from "./document-queries.server.ts";
import { invoiceRunDates, type InvoiceSchedule, type RecurringFrequency } from "./recurring-invoices.schema.ts";
import type { DocumentInput } from "./sales.schema.ts";

/*
 * Recurring invoices (decision 116): an invoice kept as a template (a sales document of status "template", never
 * approved itself) and its schedule in recurring_invoices. The scheduled job (`runDueRecurringInvoices`) makes each
 * run's invoice, a copy of the template dated the run's date and due from the customer's payment terms, as a draft or
 * approved. A run date is made exactly once, whatever the number of processes: the schedule's row is taken FOR UPDATE
 * SKIP LOCKED, and the run's row (primary key: schedule and date) is written in the transaction that makes the invoice
 * and moves the schedule on. After downtime the job makes every run that came due, oldest first. A run that cannot be
 * made (an account made inactive, a date in the locked period, the person who set it up no longer allowed) pauses
 * its schedule with the reason; nothing is half made. As the recurring entries (ledger/recurring-entries.server.ts).
 * The schedules as a person sees and changes them: recurring-invoice-queries.server.ts, recurring-invoice-templates.server.ts.
 */

const SYSTEM: AuditActor = { id: null, email: null, ip: null };

const SCHEDULES: ScheduleTable = {
  name: "recurring_invoices",
  columns: sql`id, organization_id, template_document_id, frequency, day_of_month, start_date::text as start_date,
               end_date::text as end_date, approve, next_run_on::text as next_run_on, created_by`,
};

interface DueRow {
  id: number;
  organization_id: number;
  template_document_id: number;
  frequency: RecurringFrequency;
  day_of_month: number;
  start_date: string;
  end_date: string | null;
  approve: boolean;
  next_run_on: string;
  created_by: string | null;
}

/** The invoice a template makes on a day: its fields, dated that day, due from the customer's terms. */
async function templateInput(db: Db, m: Membership, templateId: number, on: string): Promise<DocumentInput> {
  const t = await storedInput(db, m, templateId);
  return { ...t, kind: "invoice", issue_date: on, due_date: null, credits_document_id: null };
}

/** A refusal as a person reads it: "line 2: Account not found or inactive" rather than the field's path. */
function reasonOf(err: AppError): string {
  const [field, text] = Object.entries(err.fields ?? {})[0] ?? [];
  if (!field || !text) return err.message;
  const line = /^lines\.(\d+)\./.exec(field);
  return line ? `line ${Number(line[1]) + 1}: ${text}` : text;
}

/** Why a run's invoice cannot be made by the person who set up the schedule, or null when it can. */
function refusalOf(m: Membership | null, approve: boolean): string | null {
  if (!m || !canBooks(m, "books.sales.write"))
    return "The person who set up this recurring invoice can no longer write invoices in these books";
  if (approve && !canBooks(m, "books.sales.approve"))
    return "The person who set up this recurring invoice can no longer approve invoices in these books";
  return null;
}

/**
 * Makes every run due by `today` (of one schedule, or of all), oldest first, one transaction per run, and returns how
 * many invoices were made. Safe to call from any number of processes at once: each run is made by exactly one.
 */
export async function runDueRecurringInvoices(
  db: Db,
  today: string,
  only: { recurringInvoiceId?: number } = {},
  logger?: Logger,
): Promise<number> {
  return runDueSchedules<DueRow>(db, SCHEDULES, today, only.recurringInvoiceId, async (tx, due) => {
    const id = Number(due.id);
    const organizationId = Number(due.organization_id);
    const schedule: InvoiceSchedule = { ...due, day_of_month: Number(due.day_of_month) };
    const following = invoiceRunDates(schedule, due.next_run_on, 1)[0] ?? null;
    const pause = async (reason: string) => {
      await tx.execute(sql`update recurring_invoices set status = 'paused', paused_reason = ${reason} where id = ${id}`);
      await recordAudit(tx, SYSTEM, {
        action: "recurring_invoice.paused",
        targetType: "organization",
        targetId: organizationId,
        before: { recurring_invoice_id: id, status: "active" },
        after: { recurring_invoice_id: id, status: "paused", reason },
      });
      logger?.warn({ recurringInvoiceId: id, runOn: due.next_run_on }, "recurring invoice paused: its run could not be made");
      return "paused" as const;
    };

    const m = due.created_by ? await findMembership(tx, due.created_by, organizationId) : null;
    const refusal = refusalOf(m, due.approve);
    if (!m || refusal) return pause(refusal ?? "");
    const [lock] = await queryRows<{ lock: string | null }>(tx, sql`select books_lock_date(${organizationId})::text as lock`);
    if (lock?.lock && due.next_run_on <= lock.lock)
      return pause(`The invoice of ${due.next_run_on} could not be made: the books are locked ${lockedUpTo(lock.lock)}`);
    return madeOrPaused(
      tx,
      async (sp) => {
        const input = await templateInput(sp, m, Number(due.template_document_id), due.next_run_on);
        const made = await createDocument(sp, m, input);
        await sp.execute(sql`update sales_documents set recurring_invoice_id = ${id} where id = ${made.id}`);
        await carryProposal(sp, id, Number(due.template_document_id), made.id);
        if (due.approve) await refusingLocked(() => approveInTransaction(sp, m, made.id), "issue_date");
        await moveScheduleOn(
          sp,
          SCHEDULES,
          id,
          following,
          sql`insert into recurring_invoice_runs (recurring_invoice_id, run_on, document_id) values (${id}, ${due.next_run_on}::date, ${made.id})`,
        );
      },
      pause,
      (err) => `The invoice of ${due.next_run_on} could not be made: ${reasonOf(err)}`,
    );
  });
}

/**
 * A schedule started by an accepted proposal (the firm's fees, decision 119): the invoice made names the proposal, and
 * each of its lines the proposal's service it bills, as the template's lines do.
 */
async function carryProposal(tx: Db, scheduleId: number, templateId: number, documentId: number): Promise<void> {
  await tx.execute(
    sql`update sales_documents d set proposal_id = r.proposal_id from recurring_invoices r
         where r.id = ${scheduleId} and r.proposal_id is not null and d.id = ${documentId}`,
  );
  await tx.execute(
    sql`update sales_document_lines d set proposal_line_id = t.proposal_line_id from sales_document_lines t
         where t.document_id = ${templateId} and t.proposal_line_id is not null and d.document_id = ${documentId} and d.line_no = t.line_no`,
  );
}

/** The job: every due run of every schedule, logged when something was made. */
export async function recurringInvoicesJob(db: Db, logger: Logger): Promise<void> {
  try {
    const made = await runDueRecurringInvoices(db, todayIso(), {}, logger);
    if (made > 0) logger.info({ made }, "recurring invoices made");
  } catch (err) {
    logger.error(errorLogFields(err), "recurring invoices job failed");
  }
}
