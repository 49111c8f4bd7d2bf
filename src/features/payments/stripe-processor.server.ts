import Stripe from "stripe";
import type { ChargeOutcome, PaymentProcessor } from "./processor.ts";
import { parseStripeEvent, type StripeLookups } from "./stripe-events.server.ts";

/**
 * Stripe, through its official SDK (decision 120): the one module that calls Stripe's API. Every write carries our
 * idempotency key, so that a request sent again (a retry of the SDK's, a job run twice) is answered by Stripe with the
 * first answer instead of making a second customer or a second charge.
 */

export interface StripeProcessorOptions {
  secretKey: string;
  webhookSecret: string;
  /** How the SDK reaches Stripe: its own by default; tests give `Stripe.createFetchHttpClient(fakeFetch)`. */
  httpClient?: Stripe.HttpClient;
}

/** The longest a payment's failure message is kept (processor_payments.failure_message). */
const MESSAGE_MAX = 500;

export function createStripeProcessor(opts: StripeProcessorOptions): PaymentProcessor {
  const stripe = new Stripe(opts.secretKey, {
    httpClient: opts.httpClient,
    // A request that failed on the way is sent again with the same idempotency key: safe, and Stripe's advice.
    maxNetworkRetries: 2,
    // No timings of earlier requests sent along: the firm's requests tell Stripe nothing it does not need.
    telemetry: false,
  });

  const lookups: StripeLookups = {
    charge: (id) => stripe.charges.retrieve(id, { expand: ["balance_transaction"] }),
    setupIntent: (id) => stripe.setupIntents.retrieve(id, { expand: ["payment_method"] }),
  };

  return {
    name: "stripe",

    async createCustomer({ email, name, reference, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, name, metadata: { reference } }, { idempotencyKey });
      return customer.id;
    },

    async setupUrl({ customerId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: "setup",
        customer: customerId,
        // The SDK's API version names the offered kinds "allowed_payment_method_types" (payment_method_types before).
        allowed_payment_method_types: ["card", "us_bank_account"],
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe gave no address for the set-up session ${session.id}`);
      return session.url;
    },

    async charge(input): Promise<ChargeOutcome> {
      const amount = Number(input.amountCents);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Cannot charge ${input.amountCents} cents`);
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { document_id: String(input.documentId) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (pi.status === "succeeded") return { status: "succeeded", paymentId: pi.id };
        if (pi.status === "processing") return { status: "processing", paymentId: pi.id };
        // Off-session, a payment that needs the customer (her bank's authentication) is one she must make herself.
        return { status: "failed", paymentId: pi.id, message: "The payment needs the customer's authentication" };
      } catch (err) {
        // A declined card, or any refusal that made a payment: a failure to tell the firm, not a fault of ours.
        if (err instanceof Stripe.errors.StripeError && (err instanceof Stripe.errors.StripeCardError || err.payment_intent)) {
          return { status: "failed", paymentId: err.payment_intent?.id ?? null, message: err.message.slice(0, MESSAGE_MAX) };
        }
        throw err;
      }
    },

    parseEvent: (rawBody, signatureHeader) => parseStripeEvent(rawBody, signatureHeader, opts.webhookSecret, lookups),
  };
}
