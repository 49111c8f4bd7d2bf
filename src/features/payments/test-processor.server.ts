import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { ChargeOutcome, PaymentProcessor } from "./processor.ts";
import { parseStripeEvent, type StripeLookups } from "./stripe-events.server.ts";
import {
  chargeEvents,
  DECLINED_MESSAGE,
  newId,
  setupCompletedEvent,
  testMethodOf,
  type ChargeRow,
  type TestMethod,
} from "./test-processor-events.server.ts";

/**
 * The local test processor (decision 120): stands in for Stripe on one machine, without the internet and without moving
 * money, so that the whole of the firm's billing can be tried and tested. It keeps its customers, methods, set-up
 * sessions and charges in the test_processor_* tables, and sends Stripe's own event JSON, signed with the SDK's own
 * helper, to the same webhook reading as Stripe's. Never in production (refused by the configuration).
 *
 * Test numbers, typed on its hosted page:
 * - card 4242 4242 4242 4242: saved; its charges succeed;
 * - card 4000 0000 0000 0341: saved; its charges are declined ("Your card was declined.");
 * - bank account 000123456789: saved; its charges succeed;
 * - anything else: the page shows an error.
 * A charge that succeeds costs 2.9 % + 30 cents (rounded half up), paid out the same day, less the fee.
 */

/** Hands a webhook to the site as Stripe would post it: the raw body and its Stripe-Signature header. */
export type Deliver = (rawBody: string, signatureHeader: string) => Promise<void>;

export interface TestProcessorOptions {
  db: Db;
  webhookSecret: string;
  /** The site's address: the hosted page is served under it, and returns only to it. */
  publicUrl: string;
  deliver: Deliver;
  /** A delivery that failed (the site's handler threw): reported here, as Stripe would show it on its dashboard. */
  onDeliveryError?: (err: unknown) => void;
}

export interface SetupSession {
  id: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
}

export interface TestProcessor extends PaymentProcessor {
  readonly name: "test";
  /** Resolves once every event delivery started so far (and any started meanwhile) has finished. */
  settled(): Promise<void>;
  /** A set-up session still open (not completed, not older than a day), or null. */
  openSession(sessionId: string): Promise<SetupSession | null>;
  /**
   * Saves the method a test number stands for and completes the session (then delivers checkout.session.completed).
   * null: the session is unknown or no longer open; an error: the number is none of the test numbers.
   */
  completeSetup(sessionId: string, number: string): Promise<{ ok: true; successUrl: string } | { ok: false; error: string } | null>;
}

/** Stripe's smallest and largest charges in US dollars, kept for every currency: an amount outside is refused, as Stripe would. */
export const MINIMUM_CHARGE_CENTS = 50n;
export const MAXIMUM_CHARGE_CENTS = 99_999_999n;

/** Whether an address is on the site's own origin: the only place the hosted page sends anyone back to. */
export function onSiteOrigin(url: string, publicUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

const testProcessors = new WeakSet<PaymentProcessor>();
export const isTestProcessor = (p: PaymentProcessor | null | undefined): p is TestProcessor => !!p && testProcessors.has(p);

export function createTestProcessor(opts: TestProcessorOptions): TestProcessor {
  const { db, webhookSecret, publicUrl } = opts;
  let chain: Promise<void> = Promise.resolve();

  /** Delivers events one after another, each after the call that caused it has returned (never inside its transaction). */
  function send(...events: object[]) {
    for (const event of events) {
      const payload = JSON.stringify(event, null, 2);
      chain = chain
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => opts.deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })))
        .catch((err: unknown) => opts.onDeliveryError?.(err));
    }
  }

  // Its events carry their charge's balance transaction and their setup intent's method: nothing is ever looked up.
  const lookups: StripeLookups = {
    charge: (id) => Promise.reject(new Error(`The test processor's events carry their charge ${id} whole`)),
    setupIntent: (id) => Promise.reject(new Error(`The test processor's events carry their setup intent ${id} whole`)),
  };

  const outcomeOf = (row: ChargeRow): ChargeOutcome =>
    row.status === "succeeded"
      ? { status: "succeeded", paymentId: row.id }
      : { status: "failed", paymentId: row.id, message: row.failure_message ?? DECLINED_MESSAGE };

  const processor: TestProcessor = {
    name: "test",

    async settled() {
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },

    async createCustomer({ email, name, idempotencyKey }) {
      await db.execute(sql`
        insert into test_processor_customers (id, idempotency_key, email, name)
        values (${newId("cus")}, ${idempotencyKey}, ${email}, ${name})
        on conflict (idempotency_key) do nothing`);
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select id from test_processor_customers where idempotency_key = ${idempotencyKey}`,
      );
      return row!.id;
    },

    async setupUrl({ customerId, successUrl, cancelUrl }) {
      if (!onSiteOrigin(successUrl, publicUrl) || !onSiteOrigin(cancelUrl, publicUrl)) {
        throw new Error("The test processor returns only to the site's own address");
      }
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into test_processor_sessions (id, customer_id, success_url, cancel_url)
            select ${newId("cs")}, id, ${successUrl}, ${cancelUrl} from test_processor_customers where id = ${customerId}
            returning id`,
      );
      if (!row) throw new Error(`No such customer: '${customerId}'`);
      return `${publicUrl}/api/test-processor/setup/${row.id}`;
    },

    async openSession(sessionId) {
      const [row] = await queryRows<{ id: string; customer_id: string; success_url: string; cancel_url: string }>(
        db,
        sql`select id, customer_id, success_url, cancel_url from test_processor_sessions
             where id = ${sessionId} and completed_at is null and created_at > now() - interval '1 day'`,
      );
      return row ? { id: row.id, customerId: row.customer_id, successUrl: row.success_url, cancelUrl: row.cancel_url } : null;
    },

    async completeSetup(sessionId, number) {
      const method = testMethodOf(number);
      if (!method) return { ok: false, error: "This is not one of the test numbers: use one of those listed below the field." };
      const methodId = newId("pm");
      // One statement: the session completes and the method is saved together, or neither (a second press finds it done).
      const [row] = await queryRows<{ customer_id: string; success_url: string; cancel_url: string }>(
        db,
        sql`with s as (
              update test_processor_sessions set completed_at = now()
               where id = ${sessionId} and completed_at is null and created_at > now() - interval '1 day'
               returning customer_id, success_url, cancel_url)
            insert into test_processor_methods (id, customer_id, kind, last4, behaviour)
            select ${methodId}, customer_id, ${method.kind}, ${method.last4}, ${method.behaviour} from s
            returning customer_id, (select success_url from s), (select cancel_url from s)`,
      );
      if (!row) return null;
      send(setupCompletedEvent(sessionId, row, methodId, method));
      return { ok: true, successUrl: row.success_url };
    },

    async charge(input) {
      if (input.amountCents < MINIMUM_CHARGE_CENTS) throw new RangeError(`Amount must be at least ${MINIMUM_CHARGE_CENTS} cents`);
      if (input.amountCents > MAXIMUM_CHARGE_CENTS) throw new RangeError(`Amount must be no more than ${MAXIMUM_CHARGE_CENTS} cents`);
      if (!/^[A-Z]{3}$/.test(input.currency)) throw new RangeError(`Invalid currency: ${input.currency}`);
      const [method] = await queryRows<TestMethod>(
        db,
        sql`select kind, last4, behaviour from test_processor_methods where id = ${input.paymentMethodId} and customer_id = ${input.customerId}`,
      );
      if (!method) throw new Error(`No such payment method: '${input.paymentMethodId}'`);
      const declined = method.behaviour === "decline";
      // The key is unique: of two charges with one key (here or in another process), one is made, the other reads it.
      const inserted = await queryRows<ChargeRow>(
        db,
        sql`insert into test_processor_charges
              (id, idempotency_key, customer_id, method_id, document_id, amount_cents, currency, status, failure_message)
            values (${newId("pi")}, ${input.idempotencyKey}, ${input.customerId}, ${input.paymentMethodId}, ${input.documentId},
                    ${input.amountCents}, ${input.currency}, ${declined ? "failed" : "succeeded"}, ${declined ? DECLINED_MESSAGE : null})
            on conflict (idempotency_key) do nothing
            returning id, customer_id, method_id, document_id, amount_cents, currency, status, failure_message`,
      );
      if (!inserted[0]) {
        const [first] = await queryRows<ChargeRow>(
          db,
          sql`select id, customer_id, method_id, document_id, amount_cents, currency, status, failure_message
                from test_processor_charges where idempotency_key = ${input.idempotencyKey}`,
        );
        const same =
          first &&
          first.customer_id === input.customerId &&
          first.method_id === input.paymentMethodId &&
          first.document_id === input.documentId &&
          BigInt(first.amount_cents) === input.amountCents &&
          first.currency === input.currency;
        // As Stripe: a key names one request; sent again with other parameters, it is refused, never a second charge.
        if (!same) throw new Error("Keys for idempotent requests can only be used with the same parameters they were first used with");
        return outcomeOf(first);
      }
      const row = inserted[0];
      send(...chargeEvents(row, input, method));
      return outcomeOf(row);
    },

    parseEvent: (rawBody, signatureHeader) => parseStripeEvent(rawBody, signatureHeader, webhookSecret, lookups),
  };
  testProcessors.add(processor);
  return processor;
}
