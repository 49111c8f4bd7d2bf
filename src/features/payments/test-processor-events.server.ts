import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { PaymentProcessor } from "./processor.ts";

/**
 * The test processor's events (decision 120): Stripe's own event JSON, with the fields the webhook reading uses, and the
 * charge's balance transaction and the setup intent's payment method expanded so that reading one asks nothing more.
 */

export const DECLINED_MESSAGE = "Your card was declined.";

export interface TestMethod {
  kind: "card" | "bank_account";
  last4: string;
  behaviour: "succeed" | "decline";
}

const TEST_NUMBERS: Record<string, TestMethod> = {
  "4242424242424242": { kind: "card", last4: "4242", behaviour: "succeed" },
  "4000000000000341": { kind: "card", last4: "0341", behaviour: "decline" },
  "000123456789": { kind: "bank_account", last4: "6789", behaviour: "succeed" },
};

/** The method a typed number stands for (spaces and dashes ignored), or null when it is none of the test numbers. */
export const testMethodOf = (number: string): TestMethod | null => TEST_NUMBERS[number.replace(/[\s-]/g, "")] ?? null;

/** The test processor's fee on a payment: 2.9 % + 30 cents, rounded half up. */
export const testProcessorFee = (amountCents: bigint): bigint => (amountCents * 29n + 500n) / 1000n + 30n;

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's objects as the SDK types them, with only the fields the test processor fills. */
export type Shaped<T> = T extends string | number | boolean | null ? T : { [K in keyof T]?: Shaped<T[K]> };

/** A Stripe event around an object, as a webhook carries it. */
export function stripeEvent(type: Stripe.Event["type"], object: object, idempotencyKey: string | null) {
  return {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: idempotencyKey },
    type,
  };
}

function paymentMethodObject(id: string, customerId: string, m: TestMethod): Shaped<Stripe.PaymentMethod> {
  const base = { id, object: "payment_method" as const, customer: customerId, created: nowSeconds(), livemode: false };
  if (m.kind === "bank_account") {
    return {
      ...base,
      type: "us_bank_account",
      us_bank_account: { bank_name: "STRIPE TEST BANK", last4: m.last4, routing_number: "110000000" },
    };
  }
  return { ...base, type: "card", card: { brand: "visa", last4: m.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 } };
}

/** The event of a completed set-up: the session, its setup intent and the method saved, expanded. */
export function setupCompletedEvent(
  sessionId: string,
  row: { customer_id: string; success_url: string; cancel_url: string },
  methodId: string,
  method: TestMethod,
) {
  const session: Shaped<Stripe.Checkout.Session> = {
    id: sessionId,
    object: "checkout.session",
    mode: "setup",
    status: "complete",
    customer: row.customer_id,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    url: null,
    livemode: false,
    setup_intent: {
      id: newId("seti"),
      object: "setup_intent",
      status: "succeeded",
      usage: "off_session",
      customer: row.customer_id,
      payment_method: paymentMethodObject(methodId, row.customer_id, method),
    },
  };
  return stripeEvent("checkout.session.completed", session, null);
}

export interface ChargeRow {
  id: string;
  customer_id: string;
  method_id: string;
  document_id: number | null;
  amount_cents: string | number | bigint;
  currency: string;
  status: "succeeded" | "failed";
  failure_message: string | null;
}

/** The events of a charge: a success and its payout (less the fee, the same day), or a decline. */
export function chargeEvents(
  row: ChargeRow,
  input: Parameters<PaymentProcessor["charge"]>[0],
  method: TestMethod,
): ReturnType<typeof stripeEvent>[] {
  const amount = Number(input.amountCents);
  const currency = input.currency.toLowerCase();
  const created = nowSeconds();
  const charge: Shaped<Stripe.Charge> = { id: newId("ch"), object: "charge", amount, currency, created, payment_intent: row.id };
  const pi: Shaped<Stripe.PaymentIntent> = {
    id: row.id,
    object: "payment_intent",
    amount,
    currency,
    created,
    customer: input.customerId,
    payment_method: input.paymentMethodId,
    payment_method_types: [method.kind === "card" ? "card" : "us_bank_account"],
    description: input.description,
    metadata: { document_id: String(input.documentId) },
    livemode: false,
  };
  if (row.status === "failed") {
    const error = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: DECLINED_MESSAGE } as const;
    return [
      stripeEvent(
        "payment_intent.payment_failed",
        {
          ...pi,
          status: "requires_payment_method",
          amount_received: 0,
          last_payment_error: error,
          latest_charge: { ...charge, status: "failed", paid: false, balance_transaction: null },
        } satisfies Shaped<Stripe.PaymentIntent>,
        input.idempotencyKey,
      ),
    ];
  }
  const fee = testProcessorFee(input.amountCents);
  const net = input.amountCents - fee;
  const balanceTransaction: Shaped<Stripe.BalanceTransaction> = {
    id: newId("txn"),
    object: "balance_transaction",
    amount,
    currency,
    fee: Number(fee),
    net: Number(net),
    created,
    available_on: created,
    type: "charge",
    status: "available",
  };
  const payout: Shaped<Stripe.Payout> = {
    id: newId("po"),
    object: "payout",
    amount: Number(net),
    currency,
    created,
    arrival_date: created,
    status: "paid",
    type: "bank_account",
    livemode: false,
  };
  return [
    stripeEvent(
      "payment_intent.succeeded",
      {
        ...pi,
        status: "succeeded",
        amount_received: amount,
        last_payment_error: null,
        latest_charge: { ...charge, status: "succeeded", paid: true, balance_transaction: balanceTransaction },
      } satisfies Shaped<Stripe.PaymentIntent>,
      input.idempotencyKey,
    ),
    stripeEvent("payout.paid", payout, null),
  ];
}
