import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { todayIso } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { errorLogFields } from "~/server/errors.ts";
import { madeOrPaused, moveScheduleOn, runDueSchedules, type ScheduleTable } from "~/server/schedule-runs.server.ts";
import { lockedUpTo, notFound, refusingLocked } from "~/features/ledger/index.server.ts";
import { previousDay } from "~/features/ledger/index.ts";
import { canBooks } from "~/features/tenancy/index.ts";
import { assertBooks, findMembership } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { approveInTransaction, createDocument, deleteDocument, getDocument, storedInput, updateDocument } from "./documents.server.ts";
import {
  invoiceRunDates,
  invoiceRunOnOrAfter,
  type InvoiceSchedule,
  type RecurringFrequency,
  type RecurringInvoiceInput,
} from "./recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails, RecurringInvoiceRun, RecurringInvoiceSummary } from "./recurring-invoices.types.ts";
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
 */

const SYSTEM: AuditActor = { id: null, email: null, ip: null };

const SCHEDULES: ScheduleTable = {
  name: "recurring_invoices",
  columns: sql`id, organization_id, template_document_id, frequency, day_of_month, start_date::text as start_date,
               end_date::text as end_date, approve, next_run_on::text as next_run_on, created_by`,
};

/** Most runs a save may make at once (a start date far in the past): beyond that the start date is refused. */
export const MAX_RUNS_AT_ONCE = 120;

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

// ---------------------------------------------------------------------------------------------------------
// The schedules as a person sees and changes them

type Row = Omit<RecurringInvoiceSummary, "upcoming"> & { runs: number | string };

const summaryColumns = sql`r.id, r.template_document_id, d.contact_id, c.name as contact_name, d.reference,
  coalesce(d.total, 0)::text as total, r.frequency, r.day_of_month, r.start_date::text as start_date, r.end_date::text as end_date,
  r.approve, r.status, r.paused_reason, r.next_run_on::text as next_run_on,
  (select count(*) from recurring_invoice_runs x where x.recurring_invoice_id = r.id) as runs`;
const summaryFrom = sql`recurring_invoices r join sales_documents d on d.id = r.template_document_id join contacts c on c.id = d.contact_id`;

function toSummary(row: Row): RecurringInvoiceSummary {
  const day_of_month = Number(row.day_of_month);
  const schedule: InvoiceSchedule = { ...row, day_of_month };
  const upcoming = row.status === "active" && row.next_run_on ? [row.next_run_on, ...invoiceRunDates(schedule, row.next_run_on, 2)] : [];
  return {
    ...row,
    id: Number(row.id),
    template_document_id: Number(row.template_document_id),
    contact_id: Number(row.contact_id),
    day_of_month,
    runs: Number(row.runs),
    upcoming,
  };
}

/** Every recurring invoice of the books, newest first. */
export async function listRecurringInvoices(db: Db, m: Pick<Membership, "organizationId">): Promise<RecurringInvoiceSummary[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${summaryColumns} from ${summaryFrom} where r.organization_id = ${m.organizationId} order by r.id desc`,
  );
  return rows.map(toSummary);
}

async function summaryOf(db: Db, m: Pick<Membership, "organizationId">, id: number, lock = false): Promise<RecurringInvoiceSummary> {
  const [row] = await queryRows<Row>(
    db,
    lock
      ? sql`select ${summaryColumns} from ${summaryFrom} where r.organization_id = ${m.organizationId} and r.id = ${id} for update of r`
      : sql`select ${summaryColumns} from ${summaryFrom} where r.organization_id = ${m.organizationId} and r.id = ${id}`,
  );
  if (!row) throw notFound("Recurring invoice");
  return toSummary(row);
}

/** One recurring invoice with its template and its latest runs. */
export async function getRecurringInvoice(db: Db, m: Pick<Membership, "organizationId">, id: number): Promise<RecurringInvoiceDetails> {
  const head = await summaryOf(db, m, id);
  const [template, runs] = await Promise.all([
    getDocument(db, m, head.template_document_id),
    queryRows<RecurringInvoiceRun>(
      db,
      sql`select x.run_on::text as run_on, x.document_id, d.number, d.status
            from recurring_invoice_runs x left join sales_documents d on d.id = x.document_id
           where x.recurring_invoice_id = ${id} order by x.run_on desc limit 24`,
    ),
  ]);
  return {
    ...head,
    template,
    recent_runs: runs.map((r) => ({ ...r, document_id: r.document_id === null ? null : Number(r.document_id) })),
  };
}

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
