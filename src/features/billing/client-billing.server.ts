import { sql } from "drizzle-orm";
import type { PaymentProcessor } from "~/features/payments/index.server.ts";
import { listDocuments } from "~/features/sales/index.server.ts";
import { todayIso } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, notFound } from "~/server/http/app-error.ts";
import type { BillingInvoice, BillingPayment, ClientBilling, PayOutcome, PaymentMethodSetup } from "./client-billing.types.ts";
import { collectFees, type CollectionDeps } from "./fee-collection.server.ts";
import { billingPageUrl } from "./fee-mails.ts";
import { ensureFirmBooks, firmBooksActor } from "./firm-books.server.ts";

/*
 * The client's side of the firm's billing (decision 119), for her organization's owner: the firm's invoices to her (read
 * from the firm's books, the same figures its receivables show), her payments, her payment method (given or changed on
 * the processor's own page), and paying an invoice now with it.
 */

interface Account {
  id: number;
  contact_id: number;
  email: string;
  processor: string | null;
  processor_customer_id: string | null;
  payment_method_label: string | null;
  method_updated_at: string | null;
}

async function accountOf(db: Db, clientOrganizationId: number): Promise<Account | null> {
  const [a] = await queryRows<Account>(
    db,
    sql`select id, contact_id, email, processor, processor_customer_id, payment_method_label,
               (to_jsonb(method_updated_at) #>> '{}') as method_updated_at
          from billing_accounts where client_organization_id = ${clientOrganizationId}`,
  );
  return a ? { ...a, id: Number(a.id), contact_id: Number(a.contact_id) } : null;
}

const stateOf = (s: string): BillingInvoice["state"] => (s === "paid" || s === "partly_paid" || s === "overdue" ? s : "open");

export async function clientBilling(db: Db, clientOrganizationId: number, processor: PaymentProcessor | null, page = 1): Promise<ClientBilling> {
  const account = await accountOf(db, clientOrganizationId);
  const books = account ? await ensureFirmBooks(db) : null;
  const m = books ? await firmBooksActor(db, books) : null;
  if (!account || !m) return { billed: false, currency: "USD", invoices: [], payments: [], method: null, card_payments: processor !== null };
  const { documents } = await listDocuments(db, m, { kind: "invoice", status: "approved", contact_id: account.contact_id, page });
  const processing = new Set(
    (
      await queryRows<{ document_id: number }>(
        db,
        sql`select document_id from processor_payments where billing_account_id = ${account.id} and status = 'processing'
            union select document_id from fee_collections where billing_account_id = ${account.id} and charging_key is not null`,
      )
    ).map((r) => Number(r.document_id)),
  );
  const invoices: BillingInvoice[] = documents.map((d) => ({
    id: d.id,
    number: d.number ?? "",
    issue_date: d.issue_date,
    due_date: d.due_date,
    total: d.total,
    owed: d.owed,
    state: stateOf(d.state),
    processing: processing.has(d.id),
  }));
  const payments = await queryRows<BillingPayment & { amount_cents: string }>(
    db,
    sql`select p.created_at::date::text as date, d.number as invoice_number, p.amount_cents::text as amount_cents, p.status,
               p.failure_message, 'processor' as via
          from processor_payments p join sales_documents d on d.id = p.document_id
         where p.billing_account_id = ${account.id}
        union all
        select a.allocated_on::text, d.number, (a.amount * 100)::bigint::text, 'succeeded', null, 'transfer'
          from sales_documents d
          join journal_entry_lines il on il.journal_entry_id = d.journal_entry_id
          join allocations a on a.debit_line_id = il.id and a.undone_at is null
          join journal_entry_lines pl on pl.id = a.credit_line_id
         where d.organization_id = ${m.organizationId} and d.contact_id = ${account.contact_id} and d.kind = 'invoice'
           and not exists (select 1 from processor_payments x where x.entry_id = pl.journal_entry_id)
           and not exists (select 1 from sales_documents c where c.organization_id = d.organization_id
                            and (c.journal_entry_id = pl.journal_entry_id or c.void_entry_id = pl.journal_entry_id))
        order by 1 desc limit 100`,
  );
  return {
    billed: true,
    currency: m.currency,
    invoices,
    payments: payments.map(({ amount_cents, ...p }) => ({ ...p, amount: centsToDecimal(BigInt(amount_cents)) })),
    method: account.payment_method_label && account.method_updated_at ? { label: account.payment_method_label, updated_at: account.method_updated_at } : null,
    card_payments: processor !== null,
  };
}

const noProcessor = () => new AppError(409, "NO_PROCESSOR", "Card and bank debit payments are not offered: pay by bank transfer, quoting the invoice number");

/**
 * The processor's page where she gives or changes her payment method; her billing account gets its customer at the
 * processor the first time (the same idempotency key, so two clicks make one customer).
 */
export async function paymentMethodSetup(
  db: Db,
  clientOrganizationId: number,
  processor: PaymentProcessor | null,
  publicUrl: string,
  returnTo = billingPageUrl(publicUrl, clientOrganizationId),
): Promise<PaymentMethodSetup> {
  if (!processor) throw noProcessor();
  const account = await accountOf(db, clientOrganizationId);
  if (!account) throw notFound("Billing account");
  let customerId = account.processor === processor.name ? account.processor_customer_id : null;
  if (!customerId) {
    const [org] = await queryRows<{ name: string }>(db, sql`select name from organizations where id = ${clientOrganizationId}`);
    customerId = await processor.createCustomer({
      email: account.email,
      name: org?.name ?? account.email,
      reference: `billing-account-${account.id}`,
      idempotencyKey: `billing-account-${account.id}-${processor.name}`,
    });
    await db.execute(
      sql`update billing_accounts set processor = ${processor.name}, processor_customer_id = ${customerId},
                 payment_method_id = null, payment_method_label = null
           where id = ${account.id} and (processor is distinct from ${processor.name} or processor_customer_id is null)`,
    );
  }
  return { url: await processor.setupUrl({ customerId, successUrl: `${returnTo}?method=saved`, cancelUrl: returnTo }) };
}

/** Pays one of her invoices now with the saved method: the collection's own path, for that invoice, today. */
export async function payInvoiceNow(db: Db, clientOrganizationId: number, documentId: number, deps: CollectionDeps): Promise<PayOutcome> {
  if (!deps.processor) throw noProcessor();
  const account = await accountOf(db, clientOrganizationId);
  const billing = await clientBilling(db, clientOrganizationId, deps.processor);
  const invoice = billing.invoices.find((i) => i.id === documentId);
  if (!account || !invoice) throw notFound("Invoice");
  if (!billing.method) throw new AppError(409, "NO_PAYMENT_METHOD", "Add a payment method first");
  if (toCents(invoice.owed)! <= 0n) return { status: "nothing_owed", message: `Invoice ${invoice.number} is paid` };
  if (invoice.processing) return { status: "processing", message: `A payment of invoice ${invoice.number} is under way` };
  await db.execute(
    sql`update fee_collections set next_attempt_on = ${todayIso()}::date where document_id = ${documentId} and charging_key is null`,
  );
  await collectFees(db, deps, todayIso(), { only: documentId });
  const [p] = await queryRows<{ status: PayOutcome["status"]; failure_message: string | null }>(
    db,
    sql`select status, failure_message from processor_payments where document_id = ${documentId} order by id desc limit 1`,
  );
  if (p?.status === "failed") return { status: "failed", message: p.failure_message ?? "The payment failed" };
  return { status: p?.status ?? "processing", message: `Payment of invoice ${invoice.number} sent` };
}

/** One of the firm's invoices to her (404 for any other document, of the firm's books or not). */
export async function feeInvoiceOf(db: Db, clientOrganizationId: number, documentId: number): Promise<{ organizationId: number; documentId: number }> {
  const [row] = await queryRows<{ organization_id: number }>(
    db,
    sql`select d.organization_id from sales_documents d
          join billing_accounts b on b.contact_id = d.contact_id and b.client_organization_id = ${clientOrganizationId}
          join firm_books f on f.organization_id = d.organization_id
         where d.id = ${documentId} and d.kind = 'invoice' and d.status in ('approved', 'void')`,
  );
  if (!row) throw notFound("Invoice");
  return { organizationId: Number(row.organization_id), documentId };
}

/** What the signing page shows once she accepted: whether she can give a method now, and the one she gave. */
export async function paymentStateOf(db: Db, clientOrganizationId: number | null, processor: PaymentProcessor | null): Promise<{ card_payments: boolean; method_label: string | null } | null> {
  if (clientOrganizationId === null) return null;
  const account = await accountOf(db, clientOrganizationId);
  return account ? { card_payments: processor !== null, method_label: account.payment_method_label } : null;
}
