import { sql } from "drizzle-orm";
import { previousDay } from "~/features/ledger/index.ts";
import { createContact, createRecurringInvoice } from "~/features/sales/index.server.ts";
import type { RecurringInvoiceInput } from "~/features/sales/recurring-invoices.schema.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { todayIso } from "~/lib/format.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { ensureFirmBooks, firmBooksActor, type FirmBooks } from "./firm-books.server.ts";

/*
 * An accepted proposal starts the client's billing in the firm's books (decision 119): her billing account (a customer
 * contact in the firm's books for her organization, made once), and one recurring invoice per way of billing — the
 * monthly services on the start date's day each month, the yearly ones each year, the one-off ones once on the start
 * date — approved as they are made (numbered and posted), each line tied to the proposal's service. "On completion"
 * services are invoiced by hand when the work is done. The recurring engine makes each invoice exactly once across
 * processes and catches up after downtime; the collection job mails and collects them.
 *
 * A change of price or services is a new proposal the client accepts: from its start date it replaces the one before
 * (that one's schedules end the day before), so an approved change applies from the next invoice.
 */

const SCHEDULES = [
  { billing: "monthly", frequency: "monthly", once: false },
  { billing: "yearly", frequency: "yearly", once: false },
  { billing: "one_off", frequency: "monthly", once: true },
] as const;

interface Accepted {
  id: number;
  organization_id: number | null;
  title: string;
  client_name: string;
  company: string;
  sent_to: string;
  currency: string;
  start_date: string;
  chosen_line_ids: number[] | null;
}

interface Line {
  id: number;
  name: string;
  description: string | null;
  price_cents: string;
  billing: string;
  quantity: number;
  optional: boolean;
}

/** The client's billing account: her contact in the firm's books, made the first time she accepts a proposal. */
async function billingAccountOf(tx: Db, books: FirmBooks, actorM: NonNullable<Awaited<ReturnType<typeof firmBooksActor>>>, p: Accepted): Promise<number> {
  const [found] = await queryRows<{ contact_id: number }>(
    tx,
    sql`select contact_id from billing_accounts where client_organization_id = ${p.organization_id}`,
  );
  if (found) {
    await tx.execute(sql`update billing_accounts set email = ${p.sent_to} where client_organization_id = ${p.organization_id}`);
    return Number(found.contact_id);
  }
  const contact = await createContact(tx, actorM, {
    name: (p.company || p.client_name).slice(0, 200),
    is_customer: true,
    is_supplier: false,
    is_1099_contractor: false,
    email: p.sent_to,
    payment_terms_days: 14,
    default_revenue_account_id: books.revenueAccountId,
  });
  await tx.execute(
    sql`insert into billing_accounts (client_organization_id, contact_id, email) values (${p.organization_id}, ${contact.id}, ${p.sent_to})`,
  );
  return contact.id;
}

/** The schedules of the client's earlier agreements end the day before this one starts (they are replaced by it). */
async function supersede(tx: Db, p: Accepted): Promise<void> {
  const earlier = await queryRows<{ id: number }>(
    tx,
    sql`update proposals set superseded_by = ${p.id}
         where organization_id = ${p.organization_id} and id <> ${p.id} and billing_started_at is not null and superseded_by is null
        returning id`,
  );
  if (!earlier.length) return;
  const lastDay = previousDay(p.start_date);
  await tx.execute(
    sql`update recurring_invoices
           set end_date = least(coalesce(end_date, ${lastDay}::date), ${lastDay}::date),
               status = case when status <> 'ended' and (next_run_on is null or next_run_on > ${lastDay}::date) then 'ended' else status end,
               next_run_on = case when next_run_on > ${lastDay}::date then null else next_run_on end
         where proposal_id = any(${`{${earlier.map((e) => e.id).join(",")}}`}::integer[])`,
  );
}

/**
 * Starts the billing of an accepted proposal, in the transaction that accepts it. Nothing when the proposal has no
 * client organization yet, is in another currency than the firm's books, or the firm has no admin to own its books:
 * each is audited, so the firm sees why.
 */
export async function startBilling(tx: Db, proposalId: number, signer: AuditActor, today = todayIso()): Promise<void> {
  const [p] = await queryRows<Accepted>(
    tx,
    sql`select id, organization_id, title, client_name, company, sent_to, currency, start_date::text as start_date, chosen_line_ids
          from proposals where id = ${proposalId} and status = 'accepted' and billing_started_at is null for update`,
  );
  if (!p || p.organization_id === null) return;
  const books = await ensureFirmBooks(tx);
  const actorM = await firmBooksActor(tx, books);
  const refuse = (reason: string) =>
    recordAudit(tx, signer, { action: "billing.not_started", targetType: "proposal", targetId: p.id, after: { reason } });
  if (!actorM) return refuse("The firm has no admin to own its books");
  if (p.currency !== actorM.currency) return refuse(`The proposal is in ${p.currency}; the firm's books are in ${actorM.currency}`);
  const chosen = new Set((p.chosen_line_ids ?? []).map(Number));
  const lines = (
    await queryRows<Line>(
      tx,
      sql`select id, name, description, price_cents::text as price_cents, billing, quantity, optional
            from proposal_lines where proposal_id = ${p.id} order by position`,
    )
  ).filter((l) => !l.optional || chosen.has(Number(l.id)));
  await supersede(tx, p);
  const contactId = await billingAccountOf(tx, books, actorM, p);
  const system: AuditActor = { id: null, email: null, ip: null, name: "Billing" };
  const start = p.start_date < today ? today : p.start_date;
  for (const s of SCHEDULES) {
    const billed = lines.filter((l) => l.billing === s.billing);
    if (!billed.length) continue;
    const input: RecurringInvoiceInput = {
      contact_id: contactId,
      reference: `Proposal ${p.id}`,
      amounts_are: "exclusive",
      notes: p.title,
      frequency: s.frequency,
      day_of_month: Number(start.slice(8, 10)),
      start_date: start,
      end_date: s.once ? start : null,
      approve: true,
      lines: billed.map((l) => ({
        description: l.description ? `${l.name}: ${l.description}`.slice(0, 500) : l.name,
        quantity: String(l.quantity),
        unit_price: centsToDecimal(BigInt(l.price_cents)),
        discount_percent: "0",
        account_id: books.revenueAccountId,
        tax_code_id: null,
      })),
    };
    await createRecurringInvoice(tx, actorM, input, system, today, { proposalId: p.id, proposalLineIds: billed.map((l) => Number(l.id)) });
  }
  await tx.execute(sql`update proposals set billing_started_at = now() where id = ${p.id}`);
}
