import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { WebhookSignatureError } from "./processor.ts";
import { methodLabel, parseStripeEvent, type StripeLookups } from "./stripe-events.server.ts";

/**
 * Stripe's webhook events as the firm reads them (decision 120): each event's JSON as Stripe sends it, signed with the
 * SDK's own helper, verified and read; the fee and the saved method read from the event when expanded there, else asked
 * for once; any signature that does not verify refused with WebhookSignatureError.
 */

const SECRET = "whsec_test_0123456789abcdef";
const CREATED = Date.UTC(2026, 10, 27, 23, 59, 30) / 1000; // 27 November 2026, 23:59:30 UTC

const event = (type: string, object: object) => ({
  id: `evt_1SabcD${type.length}`,
  object: "event",
  api_version: Stripe.API_VERSION,
  created: CREATED,
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: "req_8Xc1y2", idempotency_key: "charge-42-1" },
  type,
});

const BALANCE_TRANSACTION = {
  id: "txn_3SabcDLkdIwHu7ix1Yq5fYz2",
  object: "balance_transaction",
  amount: 125000,
  currency: "usd",
  fee: 3655,
  fee_details: [{ amount: 3655, currency: "usd", description: "Stripe processing fees", type: "stripe_fee" }],
  net: 121345,
  status: "pending",
  type: "charge",
};
const CHARGE = {
  id: "ch_3SabcDLkdIwHu7ix1mJ8tQ0r",
  object: "charge",
  amount: 125000,
  currency: "usd",
  paid: true,
  status: "succeeded",
  payment_intent: "pi_3SabcDLkdIwHu7ix1Fh2rWkz",
  balance_transaction: BALANCE_TRANSACTION,
};
const PAYMENT_INTENT = {
  id: "pi_3SabcDLkdIwHu7ix1Fh2rWkz",
  object: "payment_intent",
  amount: 125000,
  amount_received: 125000,
  currency: "usd",
  customer: "cus_TkA1b2C3d4E5f6",
  description: "Invoice INV-0042",
  last_payment_error: null,
  latest_charge: CHARGE,
  metadata: { document_id: "42" },
  payment_method: "pm_1SabcBLkdIwHu7ixq4n2Vt9e",
  status: "succeeded",
};
const PAYMENT_METHOD = {
  id: "pm_1SabcBLkdIwHu7ixq4n2Vt9e",
  object: "payment_method",
  type: "card",
  card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2029, funding: "credit", country: "US" },
  customer: "cus_TkA1b2C3d4E5f6",
};
const SETUP_INTENT = {
  id: "seti_1SabcCLkdIwHu7ixG0x7aR2m",
  object: "setup_intent",
  customer: "cus_TkA1b2C3d4E5f6",
  payment_method: PAYMENT_METHOD,
  status: "succeeded",
  usage: "off_session",
};
const SESSION = {
  id: "cs_test_a1B2c3D4e5F6g7H8",
  object: "checkout.session",
  mode: "setup",
  status: "complete",
  customer: "cus_TkA1b2C3d4E5f6",
  setup_intent: SETUP_INTENT,
  success_url: "https://books.example/firm/billing?setup=done",
  cancel_url: "https://books.example/firm/billing",
  url: null,
};

const signed = (body: object, secret = SECRET) => {
  const payload = JSON.stringify(body, null, 2);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};

/** Lookups that answer with the given objects and count the questions. */
function lookupsOf(charge: object = CHARGE, setupIntent: object = SETUP_INTENT) {
  return {
    charge: vi.fn(async () => charge as Stripe.Charge),
    setupIntent: vi.fn(async () => setupIntent as Stripe.SetupIntent),
  } satisfies StripeLookups;
}

async function read(body: object, lookups: StripeLookups = lookupsOf()) {
  const { payload, header } = signed(body);
  return parseStripeEvent(payload, header, SECRET, lookups);
}

describe("reading Stripe's events", () => {
  it("reads a payment that succeeded: amount, fee of its charge, invoice, the UTC day it was made", async () => {
    const lookups = lookupsOf();
    expect(await read(event("payment_intent.succeeded", PAYMENT_INTENT), lookups)).toEqual({
      kind: "payment_succeeded",
      eventId: "evt_1SabcD24",
      paymentId: "pi_3SabcDLkdIwHu7ix1Fh2rWkz",
      amountCents: 125000n,
      feeCents: 3655n,
      currency: "USD",
      documentId: 42,
      date: "2026-11-27",
    });
    expect(lookups.charge).not.toHaveBeenCalled();
  });

  it("asks for the charge when the event names it only, or carries it without its balance transaction", async () => {
    for (const latest of [CHARGE.id, { ...CHARGE, balance_transaction: BALANCE_TRANSACTION.id }]) {
      const lookups = lookupsOf();
      const read1 = await read(event("payment_intent.succeeded", { ...PAYMENT_INTENT, latest_charge: latest }), lookups);
      expect(read1).toMatchObject({ kind: "payment_succeeded", feeCents: 3655n });
      expect(lookups.charge).toHaveBeenCalledExactlyOnceWith(CHARGE.id);
    }
  });

  it("refuses to read a payment whose fee is not known yet, so that the event comes again", async () => {
    const lookups = lookupsOf({ ...CHARGE, balance_transaction: null });
    await expect(read(event("payment_intent.succeeded", { ...PAYMENT_INTENT, latest_charge: CHARGE.id }), lookups)).rejects.toThrow(
      /no balance transaction yet/,
    );
  });

  it("brings a fee settled in another currency back to the payment's, at the balance transaction's rate", async () => {
    // €1,000.00 paid, settled as $1,080.00 with a $31.62 fee: €29.28 (31.62 × 1000 ÷ 1080 = 29.277…).
    const bt = { ...BALANCE_TRANSACTION, amount: 108000, currency: "usd", fee: 3162 };
    const pi = {
      ...PAYMENT_INTENT,
      amount: 100000,
      amount_received: 100000,
      currency: "eur",
      latest_charge: { ...CHARGE, balance_transaction: bt },
    };
    expect(await read(event("payment_intent.succeeded", pi))).toMatchObject({ currency: "EUR", amountCents: 100000n, feeCents: 2928n });
  });

  it("reads no invoice from metadata that is not one of ours", async () => {
    for (const metadata of [{}, { document_id: "" }, { document_id: "abc" }, { document_id: "0" }, { document_id: "-3" }]) {
      expect(await read(event("payment_intent.succeeded", { ...PAYMENT_INTENT, metadata }))).toMatchObject({ documentId: null });
    }
  });

  it("reads a failed payment with the processor's message, or a plain one", async () => {
    const failed = {
      ...PAYMENT_INTENT,
      status: "requires_payment_method",
      amount_received: 0,
      latest_charge: { ...CHARGE, status: "failed", paid: false, balance_transaction: null },
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      },
    };
    expect(await read(event("payment_intent.payment_failed", failed))).toEqual({
      kind: "payment_failed",
      eventId: "evt_1SabcD29",
      paymentId: PAYMENT_INTENT.id,
      amountCents: 125000n,
      currency: "USD",
      documentId: 42,
      message: "Your card has insufficient funds.",
      date: "2026-11-27",
    });
    expect(await read(event("payment_intent.payment_failed", { ...failed, last_payment_error: null }))).toMatchObject({
      message: "The payment failed",
    });
  });

  it("reads a payout on the day it arrives", async () => {
    const payout = {
      id: "po_1SabcELkdIwHu7ixk3Jd9Q2b",
      object: "payout",
      amount: 121345,
      currency: "usd",
      arrival_date: Date.UTC(2026, 11, 1) / 1000,
      status: "paid",
    };
    expect(await read(event("payout.paid", payout))).toEqual({
      kind: "payout_paid",
      eventId: "evt_1SabcD11",
      payoutId: "po_1SabcELkdIwHu7ixk3Jd9Q2b",
      amountCents: 121345n,
      currency: "USD",
      date: "2026-12-01",
    });
  });

  it("reads the method a set-up saved, from the event or from its setup intent asked for", async () => {
    const expected = {
      kind: "method_saved",
      eventId: "evt_1SabcD26",
      customerId: "cus_TkA1b2C3d4E5f6",
      method: { paymentMethodId: PAYMENT_METHOD.id, label: "Visa •••• 4242" },
    };
    const lookups = lookupsOf();
    expect(await read(event("checkout.session.completed", SESSION), lookups)).toEqual(expected);
    expect(lookups.setupIntent).not.toHaveBeenCalled();
    expect(await read(event("checkout.session.completed", { ...SESSION, setup_intent: SETUP_INTENT.id }), lookups)).toEqual(expected);
    expect(lookups.setupIntent).toHaveBeenCalledExactlyOnceWith(SETUP_INTENT.id);
  });

  it("ignores a checkout of another mode and every other kind of event", async () => {
    expect(await read(event("checkout.session.completed", { ...SESSION, mode: "payment", setup_intent: null }))).toEqual({
      kind: "ignored",
      eventId: "evt_1SabcD26",
      type: "checkout.session.completed",
    });
    expect(await read(event("customer.created", { id: "cus_TkA1b2C3d4E5f6", object: "customer" }))).toMatchObject({ kind: "ignored" });
  });

  it("labels a method as a person recognises it", () => {
    const card = (brand: string, last4: string) => ({ type: "card", card: { brand, last4 } }) as Stripe.PaymentMethod;
    expect(methodLabel(card("mastercard", "4444"))).toBe("Mastercard •••• 4444");
    expect(methodLabel(card("amex", "8431"))).toBe("American Express •••• 8431");
    expect(methodLabel({ type: "us_bank_account", us_bank_account: { last4: "6789" } } as Stripe.PaymentMethod)).toBe(
      "Bank account •••• 6789",
    );
    expect(methodLabel({ type: "sepa_debit", sepa_debit: { last4: "3000" } } as Stripe.PaymentMethod)).toBe("Bank account •••• 3000");
  });
});

describe("webhook signatures", () => {
  const body = event("payout.paid", { id: "po_1", object: "payout", amount: 100, currency: "usd", arrival_date: CREATED });

  it("accepts the signature Stripe makes with the endpoint's secret", async () => {
    const { payload, header } = signed(body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expect(parseStripeEvent(payload, header, SECRET, lookupsOf())).resolves.toMatchObject({ kind: "payout_paid" });
  });

  it("refuses a tampered body, another secret, no header, a malformed header and an old signature", async () => {
    const { payload, header } = signed(body);
    const refused = async (raw: string, sig: string | null) =>
      expect(parseStripeEvent(raw, sig, SECRET, lookupsOf())).rejects.toBeInstanceOf(WebhookSignatureError);
    await refused(payload.replace('"amount": 100', '"amount": 100000'), header);
    await refused(payload, signed(body, "whsec_another_secret").header);
    await refused(payload, null);
    await refused(payload, "");
    await refused(payload, "v1=deadbeef");
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    await refused(payload, old);
  });
});
