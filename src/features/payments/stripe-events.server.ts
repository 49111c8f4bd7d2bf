import Stripe from "stripe";
import { WebhookSignatureError, type ProcessorEvent, type SavedMethod } from "./processor.ts";

/**
 * Stripe's webhook events as the firm's billing reads them (decision 120). Both processors send Stripe's own event JSON
 * (the test processor imitates it), so both verify and read their webhooks here, with the SDK's signature check.
 */

/**
 * What an event leaves out and must be asked of the processor: a payment's fee sits on its charge's balance transaction,
 * a saved method on its setup intent. The test processor's events carry both already.
 */
export interface StripeLookups {
  /** The charge, its balance_transaction expanded. */
  charge(id: string): Promise<Stripe.Charge>;
  /** The setup intent, its payment_method expanded. */
  setupIntent(id: string): Promise<Stripe.SetupIntent>;
}

/**
 * Verifies a webhook's signature (missing, wrong or older than five minutes: WebhookSignatureError) and reads its event.
 * A body that verifies was sent by the holder of the secret: anything wrong after that is a fault of ours, thrown as is.
 */
export async function parseStripeEvent(
  rawBody: string,
  signatureHeader: string | null,
  webhookSecret: string,
  lookups: StripeLookups,
): Promise<ProcessorEvent> {
  if (!signatureHeader) throw new WebhookSignatureError("The webhook has no Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(err.message.split("\n")[0]);
    throw err;
  }
  return readStripeEvent(event, lookups);
}

/** The firm's reading of a verified event: the four kinds billing acts on, anything else ignored. */
export async function readStripeEvent(event: Stripe.Event, lookups: StripeLookups): Promise<ProcessorEvent> {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const pi = event.data.object;
      return {
        kind: "payment_succeeded",
        eventId: event.id,
        paymentId: pi.id,
        amountCents: BigInt(pi.amount_received),
        feeCents: await feeOf(pi, lookups),
        currency: pi.currency.toUpperCase(),
        documentId: documentIdOf(pi.metadata),
        date: utcDate(event.created),
      };
    }
    case "payment_intent.payment_failed": {
      const pi = event.data.object;
      return {
        kind: "payment_failed",
        eventId: event.id,
        paymentId: pi.id,
        amountCents: BigInt(pi.amount),
        currency: pi.currency.toUpperCase(),
        documentId: documentIdOf(pi.metadata),
        message: pi.last_payment_error?.message || "The payment failed",
        date: utcDate(event.created),
      };
    }
    case "payout.paid": {
      const payout = event.data.object;
      return {
        kind: "payout_paid",
        eventId: event.id,
        payoutId: payout.id,
        amountCents: BigInt(payout.amount),
        currency: payout.currency.toUpperCase(),
        date: utcDate(payout.arrival_date),
      };
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      const setupIntentId = idOf(session.setup_intent);
      // Only the hosted set-up page saves a method; a session of another mode is no business of billing's.
      if (session.mode !== "setup" || !customerId || !setupIntentId) return ignored(event);
      const method = await paymentMethodOf(session.setup_intent, setupIntentId, lookups);
      return { kind: "method_saved", eventId: event.id, customerId, method };
    }
    default:
      return ignored(event);
  }
}

const ignored = (event: Stripe.Event): ProcessorEvent => ({ kind: "ignored", eventId: event.id, type: event.type });

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === "string" ? value : value.id;

/** The day of a Stripe timestamp (seconds), in UTC: the date of the entry it makes. */
export const utcDate = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The firm's invoice a payment was for (the metadata we sent with it): a positive whole number, else none. */
function documentIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const raw = metadata?.document_id;
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The processor's fee on a payment: that of its charge's balance transaction, read from the event when expanded there,
 * else asked for. Unknown yet (no balance transaction): an error, so that the event is sent again rather than booked
 * without its fee. A payment settled in another currency has its fee in that one: it is brought back to the payment's
 * currency at the balance transaction's own rate (fee × amount paid ÷ amount settled), rounded half up.
 */
async function feeOf(pi: Stripe.PaymentIntent, lookups: StripeLookups): Promise<bigint> {
  const chargeId = idOf(pi.latest_charge);
  if (!chargeId) throw new Error(`Payment ${pi.id} has no charge to read its fee from`);
  let charge = typeof pi.latest_charge === "object" && pi.latest_charge ? pi.latest_charge : null;
  if (!charge || typeof charge.balance_transaction !== "object" || !charge.balance_transaction) charge = await lookups.charge(chargeId);
  const bt = charge.balance_transaction;
  if (typeof bt !== "object" || !bt) throw new Error(`Charge ${chargeId} has no balance transaction yet`);
  const fee = BigInt(bt.fee);
  if (bt.currency.toLowerCase() === pi.currency.toLowerCase() || bt.amount <= 0) return fee;
  const paid = BigInt(pi.amount_received);
  const settled = BigInt(bt.amount);
  return (2n * fee * paid + settled) / (2n * settled);
}

/** The payment method a set-up saved: expanded on the event's setup intent, else the setup intent asked for with it. */
async function paymentMethodOf(
  setupIntent: string | Stripe.SetupIntent | null,
  setupIntentId: string,
  lookups: StripeLookups,
): Promise<SavedMethod> {
  let pm =
    typeof setupIntent === "object" && setupIntent && typeof setupIntent.payment_method === "object" ? setupIntent.payment_method : null;
  if (!pm) {
    const fetched = await lookups.setupIntent(setupIntentId);
    pm = typeof fetched.payment_method === "object" ? fetched.payment_method : null;
  }
  if (!pm) throw new Error(`Setup intent ${setupIntentId} has no payment method`);
  return { paymentMethodId: pm.id, label: methodLabel(pm) };
}

const BRANDS: Record<string, string> = {
  amex: "American Express",
  cartes_bancaires: "Cartes Bancaires",
  diners: "Diners Club",
  eftpos_au: "eftpos",
  jcb: "JCB",
  unionpay: "UnionPay",
};

const capitalised = (word: string) => {
  const spaced = word.replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** How a person recognises a saved method on the firm's pages and in its mail: "Visa •••• 4242", "Bank account •••• 6789". */
export function methodLabel(pm: Pick<Stripe.PaymentMethod, "type" | "card" | "us_bank_account" | "sepa_debit">): string {
  if (pm.card) return `${BRANDS[pm.card.brand] ?? capitalised(pm.card.brand)} •••• ${pm.card.last4}`;
  const bankLast4 = pm.us_bank_account?.last4 ?? pm.sepa_debit?.last4;
  if (pm.us_bank_account || pm.sepa_debit) return bankLast4 ? `Bank account •••• ${bankLast4}` : "Bank account";
  return capitalised(pm.type).slice(0, 100);
}
