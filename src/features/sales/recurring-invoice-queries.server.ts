import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { getDocument } from "./document-queries.server.ts";
import { invoiceRunDates, type InvoiceSchedule } from "./recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails, RecurringInvoiceRun, RecurringInvoiceSummary } from "./recurring-invoices.types.ts";

/*
 * Recurring invoices as a person reads them (decision 116): every schedule of the books with its next dates, one with
 * its template and its latest runs. Changed in recurring-invoice-templates.server.ts, run by recurring-invoices.server.ts.
 */

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

export async function summaryOf(db: Db, m: Pick<Membership, "organizationId">, id: number, lock = false): Promise<RecurringInvoiceSummary> {
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
