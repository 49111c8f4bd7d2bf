import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDocument, sendDocument } from "~/features/sales/index.server.ts";
import type { PaymentProcessor } from "~/features/payments/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { todayIso } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { errorLogFields } from "~/server/errors.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { recordFailure, type BillingDeps } from "./fee-events.server.ts";
import { billingPageUrl, feeReminderMail } from "./fee-mails.ts";
import { ensureFirmBooks, firmBooksActor, FIRM_BOOKS_NAME, type FirmBooks } from "./firm-books.server.ts";

/*
 * Collecting the firm's fees (decision 119), a scheduled job that any number of processes run: each step takes its rows
 * FOR UPDATE SKIP LOCKED and writes its outcome in the same transaction, so each piece happens once.
 *  1. Each fee invoice the recurring engine made is enrolled once and mailed to the client with its PDF and link.
 *  2. On its date (and on each retry's) it is collected from the client's saved method. The attempt is claimed (its
 *     idempotency key kept) and committed before the processor is called, and its outcome recorded after: no connection
 *     is held during the call, and a process that stops midway leaves the key, with which the attempt is made again
 *     (the processor answers it with the first outcome, never a second charge). The payment is posted when the
 *     processor's event says it succeeded (fee-events.server.ts).
 *  3. An overdue invoice is reminded every N days, up to a number of reminders, while anything is owed.
 */

/** An attempt whose outcome was not recorded this long after it began is made again, with the same key. */
const STALE_ATTEMPT = "10 minutes";

export interface CollectionDeps extends BillingDeps {
  processor: PaymentProcessor | null;
  firmEmail: string;
}

export interface CollectionRun {
  mailed: number;
  attempted: number;
  reminded: number;
}

async function enrolNew(db: Db, books: FirmBooks, m: Membership, deps: CollectionDeps): Promise<number> {
  let mailed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [d] = await queryRows<{ id: number; billing_account_id: number; issue_date: string }>(
        tx,
        sql`select d.id, b.id as billing_account_id, d.issue_date::text as issue_date
              from sales_documents d join billing_accounts b on b.contact_id = d.contact_id
             where d.organization_id = ${books.organizationId} and d.kind = 'invoice' and d.status = 'approved'
               and not exists (select 1 from fee_collections f where f.document_id = d.id)
             order by d.id limit 1 for update of d skip locked`,
      );
      if (!d) return true;
      await tx.execute(
        sql`insert into fee_collections (document_id, billing_account_id, next_attempt_on, mailed_at)
            values (${d.id}, ${d.billing_account_id}, ${d.issue_date}::date, now())`,
      );
      await sendDocument(tx, m, { email: deps.firmEmail, name: FIRM_BOOKS_NAME }, Number(d.id), {}, deps.publicUrl);
      mailed++;
      return false;
    });
    if (done) return mailed;
  }
}

interface Claim {
  document_id: number;
  attempts: number;
  charging_key: string | null;
  processor_customer_id: string;
  payment_method_id: string;
}

/** Claims the next invoice to collect today: a new attempt, or one left midway by a process that stopped. */
async function claim(db: Db, processor: PaymentProcessor, today: string, only: number | undefined): Promise<{ documentId: number; attempt: number; key: string; customerId: string; methodId: string } | null> {
  return db.transaction(async (tx) => {
    const [c] = await queryRows<Claim>(
      tx,
      sql`select f.document_id, f.attempts, f.charging_key, b.processor_customer_id, b.payment_method_id
            from fee_collections f join billing_accounts b on b.id = f.billing_account_id
           where b.processor = ${processor.name} and b.payment_method_id is not null ${only === undefined ? sql`` : sql`and f.document_id = ${only}`}
             and ((f.charging_key is null and f.next_attempt_on <= ${today}::date)
                  or (f.charging_key is not null and f.charging_since < now() - ${STALE_ATTEMPT}::interval))
           order by f.next_attempt_on nulls first, f.document_id limit 1
             for update of f skip locked`,
    );
    if (!c) return null;
    const documentId = Number(c.document_id);
    if (c.charging_key) {
      await tx.execute(sql`update fee_collections set charging_since = now() where document_id = ${documentId}`);
      return { documentId, attempt: Number(c.attempts), key: c.charging_key, customerId: c.processor_customer_id, methodId: c.payment_method_id };
    }
    const attempt = Number(c.attempts) + 1;
    const key = `fee-invoice-${documentId}-attempt-${attempt}`;
    await tx.execute(
      sql`update fee_collections set attempts = ${attempt}, next_attempt_on = null, charging_key = ${key}, charging_since = now()
           where document_id = ${documentId}`,
    );
    return { documentId, attempt, key, customerId: c.processor_customer_id, methodId: c.payment_method_id };
  });
}

async function collectDue(db: Db, books: FirmBooks, m: Membership, deps: CollectionDeps, today: string, only?: number): Promise<number> {
  const processor = deps.processor;
  if (!processor) return 0;
  let attempted = 0;
  for (;;) {
    const c = await claim(db, processor, today, only);
    if (!c) return attempted;
    const d = await getDocument(db, m, c.documentId);
    const owed = toCents(d.owed)!;
    if (d.status !== "approved" || owed <= 0n) {
      // Paid meanwhile (a bank transfer, a payment by hand) or void: nothing to collect; the attempt is given back.
      await db.execute(
        sql`update fee_collections set charging_key = null, charging_since = null, attempts = greatest(attempts - 1, 0) where document_id = ${c.documentId}`,
      );
      continue;
    }
    attempted++;
    const outcome = await processor.charge({
      customerId: c.customerId,
      paymentMethodId: c.methodId,
      amountCents: owed,
      currency: m.currency,
      description: `Invoice ${d.number} from ${FIRM_BOOKS_NAME}`,
      documentId: c.documentId,
      idempotencyKey: c.key,
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`update fee_collections set charging_key = null, charging_since = null where document_id = ${c.documentId}`);
      if (outcome.status === "failed")
        await recordFailure(
          tx,
          books,
          {
            processor: processor.name,
            paymentId: outcome.paymentId ?? `declined:${c.key}`,
            documentId: c.documentId,
            amountCents: owed,
            currency: m.currency,
            message: outcome.message,
            attempt: c.attempt,
          },
          deps,
          today,
        );
      else
        await tx.execute(
          sql`insert into processor_payments (processor, payment_id, document_id, billing_account_id, amount_cents, currency, status, attempt)
              select ${processor.name}, ${outcome.paymentId}, ${c.documentId}, billing_account_id, ${owed}, ${m.currency}, 'processing', ${c.attempt}
                from fee_collections where document_id = ${c.documentId}
              on conflict (processor, payment_id) do nothing`,
        );
    });
  }
}

async function remindOverdue(db: Db, books: FirmBooks, m: Membership, deps: CollectionDeps, today: string): Promise<number> {
  let reminded = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [r] = await queryRows<{ document_id: number; email: string; client_organization_id: number }>(
        tx,
        sql`select f.document_id, b.email, b.client_organization_id
              from fee_collections f join billing_accounts b on b.id = f.billing_account_id
              join sales_documents d on d.id = f.document_id
              cross join firm_billing_settings s
             where d.status = 'approved' and d.due_date < ${today}::date and f.charging_key is null
               and f.reminders_sent < s.max_reminders
               and (f.last_reminded_on is null or f.last_reminded_on <= ${today}::date - s.reminder_every_days)
             order by f.document_id limit 1 for update of f skip locked`,
      );
      if (!r) return true;
      const d = await getDocument(tx, m, Number(r.document_id));
      // Marked reminded today even when nothing is owed any more, so that a paid invoice is not read again each run.
      await tx.execute(
        sql`update fee_collections set last_reminded_on = ${today}::date,
                   reminders_sent = reminders_sent + ${toCents(d.owed)! > 0n ? 1 : 0}
             where document_id = ${r.document_id}`,
      );
      if (toCents(d.owed)! <= 0n) {
        await tx.execute(sql`update fee_collections set reminders_sent = (select max_reminders from firm_billing_settings) where document_id = ${r.document_id}`);
        return false;
      }
      await enqueueMail(
        tx,
        feeReminderMail({
          to: r.email,
          invoice: { number: d.number ?? "", total: d.total, owed: d.owed, due_date: d.due_date ?? d.issue_date, currency: m.currency },
          url: billingPageUrl(deps.publicUrl, Number(r.client_organization_id)),
        }),
      );
      reminded++;
      return false;
    });
    if (done) return reminded;
  }
}

/**
 * One run of the collection: new invoices mailed, due ones collected, overdue ones reminded; `only` collects that one
 * invoice (the client paying it now) and reminds nobody.
 */
export async function collectFees(db: Db, deps: CollectionDeps, today = todayIso(), opts: { only?: number } = {}): Promise<CollectionRun> {
  const [any] = await queryRows(db, sql`select 1 from billing_accounts limit 1`);
  if (!any) return { mailed: 0, attempted: 0, reminded: 0 };
  const books = await ensureFirmBooks(db);
  const m = await firmBooksActor(db, books);
  if (!m) return { mailed: 0, attempted: 0, reminded: 0 };
  const mailed = await enrolNew(db, books, m, deps);
  const attempted = await collectDue(db, books, m, deps, today, opts.only);
  const reminded = opts.only === undefined ? await remindOverdue(db, books, m, deps, today) : 0;
  return { mailed, attempted, reminded };
}

/** The job: logged when it did something; a failure is logged, and the next run tries again. */
export async function feeCollectionJob(db: Db, deps: CollectionDeps, logger: Logger, kick: () => void): Promise<void> {
  try {
    const run = await collectFees(db, deps);
    if (run.mailed + run.attempted + run.reminded > 0) {
      logger.info(run, "fees collected");
      kick();
    }
  } catch (err) {
    logger.error(errorLogFields(err), "fee collection failed");
  }
}
