import { sql } from "drizzle-orm";
import { createEntry, postEntry } from "~/features/ledger/index.server.ts";
import { getDocument, recordPayment } from "~/features/sales/index.server.ts";
import type { ProcessorEvent, ProcessorName } from "~/features/payments/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { todayIso } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError } from "~/server/http/app-error.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { addBusinessDays, billingPageUrl, paymentFailedMail } from "./fee-mails.ts";
import { ensureFirmBooks, firmBooksActor, type FirmBooks } from "./firm-books.server.ts";

/*
 * What the processor tells the firm's billing (decision 119), each event handled exactly once: its id is written in the
 * transaction that applies it (processor_events), so a replay changes nothing; and every effect is a one-way state change
 * (a payment goes from processing to succeeded or failed, never back), so events out of order change nothing twice.
 *  - a payment succeeded: posted in the firm's books in one entry — the processor's clearing account debited with what
 *    it will pay out, its fee expensed, the client's receivable credited — and allocated to the invoice;
 *  - a payment failed: the next attempt scheduled (after N business days, while retries are left) and the client mailed;
 *  - a payout: the clearing account emptied into the bank;
 *  - a payment method saved: kept on her billing account, and her unpaid invoices collected again.
 * A refusal (an unknown invoice or customer, an amount that is not the invoice's) writes nothing and is a WebhookRefusal.
 */

/** An event the firm's billing will not apply: answered 422 with its reason and audited by the route. */
export class WebhookRefusal extends AppError {
  constructor(message: string) {
    super(422, "WEBHOOK_REFUSED", message);
  }
}

export interface BillingDeps {
  publicUrl: string;
}

interface Collected {
  billing_account_id: number;
  client_organization_id: number;
  email: string;
  contact_id: number;
}

/** The billing account of one of the firm's invoices, or null when it is not a fee invoice of the firm's books. */
async function accountOfInvoice(db: Db, books: FirmBooks, documentId: number): Promise<Collected | null> {
  const [row] = await queryRows<Collected>(
    db,
    sql`select b.id as billing_account_id, b.client_organization_id, b.email, b.contact_id
          from sales_documents d join billing_accounts b on b.contact_id = d.contact_id
         where d.id = ${documentId} and d.organization_id = ${books.organizationId} and d.kind = 'invoice'`,
  );
  return row
    ? { ...row, billing_account_id: Number(row.billing_account_id), client_organization_id: Number(row.client_organization_id), contact_id: Number(row.contact_id) }
    : null;
}

interface Payment {
  processor: ProcessorName;
  paymentId: string;
  documentId: number;
  amountCents: bigint;
  currency: string;
}

/**
 * A payment failed (the processor's answer or its event, whichever comes first): recorded, and — the first time only —
 * the next attempt scheduled while retries are left and the client mailed with her Billing page.
 */
export async function recordFailure(
  tx: Db,
  books: FirmBooks,
  p: Payment & { message: string; attempt: number },
  deps: BillingDeps,
  today = todayIso(),
): Promise<void> {
  const account = await accountOfInvoice(tx, books, p.documentId);
  const changed = await queryRows<{ id: number }>(
    tx,
    sql`insert into processor_payments (processor, payment_id, document_id, billing_account_id, amount_cents, currency, status, attempt, failure_message)
        values (${p.processor}, ${p.paymentId}, ${p.documentId}, ${account?.billing_account_id ?? null}, ${p.amountCents}, ${p.currency},
                'failed', ${p.attempt}, ${p.message.slice(0, 500)})
        on conflict (processor, payment_id) do update set status = 'failed', failure_message = excluded.failure_message, updated_at = now()
         where processor_payments.status = 'processing'
        returning id`,
  );
  if (!changed.length || !account) return;
  const [settings] = await queryRows<{ retry_after_business_days: number; retries: number }>(
    tx,
    sql`select retry_after_business_days, retries from firm_billing_settings`,
  );
  const [collection] = await queryRows<{ attempts: number }>(tx, sql`select attempts from fee_collections where document_id = ${p.documentId} for update`);
  const attempts = Number(collection?.attempts ?? p.attempt);
  const retryOn = attempts <= Number(settings!.retries) ? addBusinessDays(today, Number(settings!.retry_after_business_days)) : null;
  await tx.execute(
    sql`update fee_collections set next_attempt_on = ${retryOn}::date, last_failure = ${p.message.slice(0, 500)} where document_id = ${p.documentId}`,
  );
  const m = (await firmBooksActor(tx, books))!;
  const d = await getDocument(tx, m, p.documentId);
  await enqueueMail(
    tx,
    paymentFailedMail({
      to: account.email,
      invoice: { number: d.number ?? "", total: d.total, owed: d.owed, due_date: d.due_date ?? d.issue_date, currency: m.currency },
      reason: p.message,
      retryOn,
      url: billingPageUrl(deps.publicUrl, account.client_organization_id),
    }),
  );
}

/** A payment succeeded: posted with its fee and allocated to the invoice, once. */
async function recordSuccess(tx: Db, books: FirmBooks, m: Membership, e: Extract<ProcessorEvent, { kind: "payment_succeeded" }>, processor: ProcessorName): Promise<void> {
  if (e.documentId === null) throw new WebhookRefusal(`Payment ${e.paymentId} names no invoice`);
  const account = await accountOfInvoice(tx, books, e.documentId);
  if (!account) throw new WebhookRefusal(`Payment ${e.paymentId} is for an invoice the firm did not issue (${e.documentId})`);
  if (e.currency !== m.currency) throw new WebhookRefusal(`Payment ${e.paymentId} is in ${e.currency}; the invoice is in ${m.currency}`);
  const [known] = await queryRows<{ amount_cents: string; status: string }>(
    tx,
    sql`select amount_cents::text as amount_cents, status from processor_payments where processor = ${processor} and payment_id = ${e.paymentId} for update`,
  );
  if (known?.status === "succeeded") return;
  const d = await getDocument(tx, m, e.documentId);
  const owed = toCents(d.owed)!;
  const expected = known ? BigInt(known.amount_cents) : owed;
  if (d.status !== "approved" || d.item_id === null) throw new WebhookRefusal(`Invoice ${d.number ?? e.documentId} is not open`);
  if (e.amountCents !== expected || e.amountCents > owed)
    throw new WebhookRefusal(
      `Payment ${e.paymentId} is ${centsToDecimal(e.amountCents)} ${e.currency}; invoice ${d.number} expects ${centsToDecimal(expected)} and ${centsToDecimal(owed)} is owed`,
    );
  if (e.feeCents > e.amountCents) throw new WebhookRefusal(`Payment ${e.paymentId}'s fee is more than the payment`);
  const paid = await recordPayment(tx, m, {
    contact_id: account.contact_id,
    side: "receivable",
    direction: "in",
    date: e.date,
    account_id: books.clearingAccountId,
    amount: e.amountCents - e.feeCents,
    reference: e.paymentId.slice(0, 100),
    allocations: [{ item_id: d.item_id, amount: e.amountCents }],
    write_offs: e.feeCents > 0n ? [{ account_id: books.feesAccountId, amount: e.feeCents, description: "Payment processor fee" }] : [],
  });
  await tx.execute(
    sql`insert into processor_payments (processor, payment_id, document_id, billing_account_id, amount_cents, fee_cents, currency, status, entry_id)
        values (${processor}, ${e.paymentId}, ${e.documentId}, ${account.billing_account_id}, ${e.amountCents}, ${e.feeCents}, ${e.currency},
                'succeeded', ${paid.entry_id})
        on conflict (processor, payment_id) do update set status = 'succeeded', fee_cents = excluded.fee_cents, entry_id = excluded.entry_id,
                    failure_message = null, updated_at = now()`,
  );
  await tx.execute(sql`update fee_collections set next_attempt_on = null, last_failure = null where document_id = ${e.documentId}`);
}

/** A payout: what the processor paid into the bank, out of its clearing account. */
async function recordPayout(tx: Db, books: FirmBooks, m: Membership, e: Extract<ProcessorEvent, { kind: "payout_paid" }>, processor: ProcessorName): Promise<void> {
  if (e.currency !== m.currency) throw new WebhookRefusal(`Payout ${e.payoutId} is in ${e.currency}; the firm's books are in ${m.currency}`);
  const [made] = await queryRows<{ payout_id: string }>(
    tx,
    sql`insert into processor_payouts (processor, payout_id, amount_cents, currency) values (${processor}, ${e.payoutId}, ${e.amountCents}, ${e.currency})
        on conflict do nothing returning payout_id`,
  );
  if (!made || e.amountCents === 0n) return;
  const amount = centsToDecimal(e.amountCents < 0n ? -e.amountCents : e.amountCents);
  const [into, outOf] = e.amountCents > 0n ? [books.bankAccountId, books.clearingAccountId] : [books.clearingAccountId, books.bankAccountId];
  const line = (account_id: number, debit: boolean) => ({
    account_id,
    description: null,
    debit_amount: debit ? amount : "0.00",
    credit_amount: debit ? "0.00" : amount,
    tax_code_id: null,
  });
  const entry = await createEntry(tx, m, {
    description: `Payout from the payment processor`,
    entry_date: e.date,
    reference: e.payoutId.slice(0, 100),
    lines: [line(into, true), line(outOf, false)],
  } as Parameters<typeof createEntry>[2]);
  await postEntry(tx, m, entry.id);
  await tx.execute(sql`update processor_payouts set entry_id = ${entry.id} where processor = ${processor} and payout_id = ${e.payoutId}`);
}

/** A payment method saved at the processor: kept on the billing account, and its unpaid invoices collected again now. */
async function recordMethod(tx: Db, e: Extract<ProcessorEvent, { kind: "method_saved" }>, processor: ProcessorName): Promise<void> {
  const [account] = await queryRows<{ id: number }>(
    tx,
    sql`update billing_accounts set payment_method_id = ${e.method.paymentMethodId}, payment_method_label = ${e.method.label.slice(0, 100)},
               method_updated_at = now()
         where processor = ${processor} and processor_customer_id = ${e.customerId}
        returning id`,
  );
  if (!account) throw new WebhookRefusal(`Customer ${e.customerId} is not one of the firm's clients`);
  await tx.execute(
    sql`update fee_collections set next_attempt_on = ${todayIso()}::date
         where billing_account_id = ${account.id} and charging_key is null and (next_attempt_on is null or next_attempt_on > ${todayIso()}::date)`,
  );
}

/**
 * Applies one verified event, exactly once: "duplicate" when its id was handled before (nothing changes). A refusal
 * (WebhookRefusal) rolls everything back, the event's id included.
 */
export async function handleProcessorEvent(db: Db, processor: ProcessorName, e: ProcessorEvent, deps: BillingDeps): Promise<"handled" | "duplicate"> {
  const books = await ensureFirmBooks(db);
  return db.transaction(async (tx) => {
    const [fresh] = await queryRows<{ event_id: string }>(
      tx,
      sql`insert into processor_events (processor, event_id, kind) values (${processor}, ${e.eventId}, ${e.kind}) on conflict do nothing returning event_id`,
    );
    if (!fresh) return "duplicate" as const;
    const m = await firmBooksActor(tx, books);
    if (!m) throw new WebhookRefusal("The firm has no admin to own its books");
    if (e.kind === "payment_succeeded") await recordSuccess(tx, books, m, e, processor);
    else if (e.kind === "payment_failed") {
      if (e.documentId === null || !(await accountOfInvoice(tx, books, e.documentId)))
        throw new WebhookRefusal(`Payment ${e.paymentId} is for an invoice the firm did not issue`);
      const [c] = await queryRows<{ attempts: number }>(tx, sql`select attempts from fee_collections where document_id = ${e.documentId}`);
      await recordFailure(tx, books, { ...e, processor, documentId: e.documentId, attempt: Number(c?.attempts ?? 1) }, deps);
    } else if (e.kind === "payout_paid") await recordPayout(tx, books, m, e, processor);
    else if (e.kind === "method_saved") await recordMethod(tx, e, processor);
    return "handled" as const;
  });
}
