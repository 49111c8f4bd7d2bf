/*
 * The payment processor as the firm's billing sees it (decision 119): one interface, two implementations — Stripe
 * through its official SDK (stripe-processor.server.ts) and the local test processor (test-processor.server.ts), which
 * stands in for it on one machine without the internet and is refused in production. Nothing outside this feature
 * imports the SDK. Amounts are whole cents (bigint), currencies ISO 4217 upper case.
 */

export const PROCESSOR_NAMES = ["stripe", "test"] as const;
export type ProcessorName = (typeof PROCESSOR_NAMES)[number];

/** A payment method kept by the processor for a customer, and how a person recognises it ("Visa •••• 4242"). */
export interface SavedMethod {
  paymentMethodId: string;
  label: string;
}

/** What collecting an amount came to at once. "processing": a bank debit, settled later by an event. */
export type ChargeOutcome =
  | { status: "succeeded" | "processing"; paymentId: string }
  | { status: "failed"; paymentId: string | null; message: string };

/**
 * An event of the processor, verified and read. `eventId` is the processor's own id: an event handled once is never
 * handled again (processor_events). `documentId` is the firm's invoice the payment was for (the metadata we sent).
 */
export type ProcessorEvent =
  | {
      kind: "payment_succeeded";
      eventId: string;
      paymentId: string;
      amountCents: bigint;
      feeCents: bigint;
      currency: string;
      documentId: number | null;
      /** The day the payment was made (UTC), the date of its entry. */
      date: string;
    }
  | {
      kind: "payment_failed";
      eventId: string;
      paymentId: string;
      amountCents: bigint;
      currency: string;
      documentId: number | null;
      message: string;
      date: string;
    }
  | { kind: "payout_paid"; eventId: string; payoutId: string; amountCents: bigint; currency: string; date: string }
  | { kind: "method_saved"; eventId: string; customerId: string; method: SavedMethod }
  | { kind: "ignored"; eventId: string; type: string };

/** A webhook whose signature does not verify (or is missing, or too old): answered 400 and audited. */
export class WebhookSignatureError extends Error {}

export interface PaymentProcessor {
  readonly name: ProcessorName;
  /** A customer at the processor for one client of the firm; returns its id. */
  createCustomer(input: { email: string; name: string; reference: string; idempotencyKey: string }): Promise<string>;
  /**
   * The address of the processor's own page where the customer gives or changes her payment method (card or bank
   * debit); she comes back to `successUrl` or `cancelUrl`. The method saved arrives as a "method_saved" event.
   */
  setupUrl(input: { customerId: string; successUrl: string; cancelUrl: string }): Promise<string>;
  /** Collects an amount off-session from a saved method. The same idempotency key never charges twice. */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: bigint;
    currency: string;
    description: string;
    documentId: number;
    idempotencyKey: string;
  }): Promise<ChargeOutcome>;
  /** Verifies a webhook's signature (throws WebhookSignatureError) and reads its event. */
  parseEvent(rawBody: string, signatureHeader: string | null): Promise<ProcessorEvent>;
}
