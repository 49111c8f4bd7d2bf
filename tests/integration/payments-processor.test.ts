import Stripe from "stripe";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { createPaymentProcessor } from "~/features/payments/processor-factory.server.ts";
import { WebhookSignatureError, type PaymentProcessor, type ProcessorEvent } from "~/features/payments/processor.ts";
import { createStripeProcessor } from "~/features/payments/stripe-processor.server.ts";
import { testProcessorFee } from "~/features/payments/test-processor-events.server.ts";
import { testProcessorRoutes } from "~/features/payments/test-processor.routes.server.ts";
import { createTestProcessor, isTestProcessor, type TestProcessor } from "~/features/payments/test-processor.server.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";

/**
 * The payment processors (decision 120). Stripe's adapter against answers recorded as Stripe's API gives them, served by a
 * fake fetch (never the internet): the requests the SDK sends and what the firm makes of the answers. The local test
 * processor end to end on the database: its customers, its hosted page, its charges and the Stripe-shaped events it
 * delivers, read back by the same webhook reading as Stripe's.
 */

// ---------------------------------------------------------------------------------------------------------
// Stripe, through the SDK, against recorded answers

interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  form: URLSearchParams;
}

/** A fetch that answers each request with the next recorded answer, and keeps what the SDK sent. */
function recordedStripe(answers: { status: number; body: object }[]) {
  const sent: SentRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? "GET",
      path: url.pathname + url.search,
      headers,
      form: new URLSearchParams(String(init?.body ?? "")),
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`No recorded answer for ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json", "request-id": `req_${sent.length}Qx7b` },
    });
  };
  const processor = createStripeProcessor({
    secretKey: "sk_test_51Recorded",
    webhookSecret: "whsec_recorded",
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
  });
  return { processor, sent };
}

const CUSTOMER = {
  id: "cus_TkA1b2C3d4E5f6",
  object: "customer",
  created: 1795824000,
  email: "billing@client.example",
  livemode: false,
  metadata: { reference: "client-7" },
  name: "Client Seven LLC",
};
const PAYMENT_INTENT = {
  id: "pi_3SabcDLkdIwHu7ix1Fh2rWkz",
  object: "payment_intent",
  amount: 125000,
  amount_capturable: 0,
  amount_received: 125000,
  capture_method: "automatic_async",
  confirmation_method: "automatic",
  created: 1795824000,
  currency: "usd",
  customer: "cus_TkA1b2C3d4E5f6",
  description: "Invoice INV-0042",
  last_payment_error: null,
  latest_charge: "ch_3SabcDLkdIwHu7ix1mJ8tQ0r",
  livemode: false,
  metadata: { document_id: "42" },
  next_action: null,
  payment_method: "pm_1SabcBLkdIwHu7ixq4n2Vt9e",
  setup_future_usage: null,
  status: "succeeded",
};
const CARD_ERROR = {
  error: {
    charge: "ch_3SabcDLkdIwHu7ix1dEcL1nd",
    code: "card_declined",
    decline_code: "generic_decline",
    doc_url: "https://stripe.com/docs/error-codes/card-declined",
    message: "Your card was declined.",
    payment_intent: {
      ...PAYMENT_INTENT,
      id: "pi_3SabcDLkdIwHu7ix1dEcL1nd",
      amount_received: 0,
      latest_charge: "ch_3SabcDLkdIwHu7ix1dEcL1nd",
      status: "requires_payment_method",
      last_payment_error: {
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        type: "card_error",
      },
    },
    request_log_url: "https://dashboard.stripe.com/test/logs/req_2Qx7b?t=1795824000",
    type: "card_error",
  },
};
const CHARGE = {
  id: "ch_3SabcDLkdIwHu7ix1mJ8tQ0r",
  object: "charge",
  amount: 125000,
  amount_captured: 125000,
  balance_transaction: {
    id: "txn_3SabcDLkdIwHu7ix1Yq5fYz2",
    object: "balance_transaction",
    amount: 125000,
    available_on: 1796083200,
    created: 1795824000,
    currency: "usd",
    fee: 3655,
    fee_details: [{ amount: 3655, application: null, currency: "usd", description: "Stripe processing fees", type: "stripe_fee" }],
    net: 121345,
    reporting_category: "charge",
    source: "ch_3SabcDLkdIwHu7ix1mJ8tQ0r",
    status: "pending",
    type: "charge",
  },
  captured: true,
  created: 1795824000,
  currency: "usd",
  customer: "cus_TkA1b2C3d4E5f6",
  paid: true,
  payment_intent: "pi_3SabcDLkdIwHu7ix1Fh2rWkz",
  payment_method: "pm_1SabcBLkdIwHu7ixq4n2Vt9e",
  status: "succeeded",
};
const SETUP_INTENT = {
  id: "seti_1SabcCLkdIwHu7ixG0x7aR2m",
  object: "setup_intent",
  created: 1795824000,
  customer: "cus_TkA1b2C3d4E5f6",
  livemode: false,
  payment_method: {
    id: "pm_1SabcBLkdIwHu7ixUsBank01",
    object: "payment_method",
    created: 1795824000,
    customer: "cus_TkA1b2C3d4E5f6",
    livemode: false,
    type: "us_bank_account",
    us_bank_account: {
      account_holder_type: "company",
      account_type: "checking",
      bank_name: "STRIPE TEST BANK",
      last4: "6789",
      routing_number: "110000000",
    },
  },
  status: "succeeded",
  usage: "off_session",
};
const CHECKOUT_SESSION = {
  id: "cs_test_c1SabcFLkdIwHu7ix",
  object: "checkout.session",
  cancel_url: "https://books.example/firm/billing",
  created: 1795824000,
  customer: "cus_TkA1b2C3d4E5f6",
  expires_at: 1795910400,
  livemode: false,
  mode: "setup",
  payment_status: "no_payment_required",
  setup_intent: "seti_1SabcCLkdIwHu7ixG0x7aR2m",
  status: "open",
  success_url: "https://books.example/firm/billing?setup=done",
  url: "https://checkout.stripe.com/c/pay/cs_test_c1SabcFLkdIwHu7ix#fidkdWxOYHwnPyd1blpxYHZxWjA0",
};
const CHARGE_INPUT = {
  customerId: "cus_TkA1b2C3d4E5f6",
  paymentMethodId: "pm_1SabcBLkdIwHu7ixq4n2Vt9e",
  amountCents: 125000n,
  currency: "USD",
  description: "Invoice INV-0042",
  documentId: 42,
  idempotencyKey: "fee-42-attempt-1",
};

describe("Stripe, through its SDK", () => {
  it("makes a customer with our idempotency key and her reference", async () => {
    const { processor, sent } = recordedStripe([{ status: 200, body: CUSTOMER }]);
    const id = await processor.createCustomer({
      email: CUSTOMER.email,
      name: CUSTOMER.name,
      reference: "client-7",
      idempotencyKey: "customer-7",
    });
    expect(id).toBe("cus_TkA1b2C3d4E5f6");
    const [req] = sent;
    expect([req!.method, req!.path]).toEqual(["POST", "/v1/customers"]);
    expect(req!.headers.get("authorization")).toBe("Bearer sk_test_51Recorded");
    expect(req!.headers.get("idempotency-key")).toBe("customer-7");
    expect(Object.fromEntries(req!.form)).toEqual({ email: CUSTOMER.email, name: CUSTOMER.name, "metadata[reference]": "client-7" });
  });

  it("opens a set-up session on Stripe's hosted page, for a card or a US bank account", async () => {
    const { processor, sent } = recordedStripe([{ status: 200, body: CHECKOUT_SESSION }]);
    const url = await processor.setupUrl({
      customerId: CUSTOMER.id,
      successUrl: CHECKOUT_SESSION.success_url,
      cancelUrl: CHECKOUT_SESSION.cancel_url,
    });
    expect(url).toBe(CHECKOUT_SESSION.url);
    expect(sent[0]!.path).toBe("/v1/checkout/sessions");
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      mode: "setup",
      customer: CUSTOMER.id,
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "us_bank_account",
      success_url: CHECKOUT_SESSION.success_url,
      cancel_url: CHECKOUT_SESSION.cancel_url,
    });
  });

  it("charges a saved method off-session, once per key, with the invoice in its metadata", async () => {
    const { processor, sent } = recordedStripe([
      { status: 200, body: PAYMENT_INTENT },
      { status: 200, body: { ...PAYMENT_INTENT, status: "processing", amount_received: 0 } },
    ]);
    expect(await processor.charge(CHARGE_INPUT)).toEqual({ status: "succeeded", paymentId: PAYMENT_INTENT.id });
    expect(sent[0]!.path).toBe("/v1/payment_intents");
    expect(sent[0]!.headers.get("idempotency-key")).toBe("fee-42-attempt-1");
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      amount: "125000",
      currency: "usd",
      customer: CHARGE_INPUT.customerId,
      payment_method: CHARGE_INPUT.paymentMethodId,
      off_session: "true",
      confirm: "true",
      description: "Invoice INV-0042",
      "metadata[document_id]": "42",
    });
    // A bank debit: accepted, settled later by its event.
    expect(await processor.charge(CHARGE_INPUT)).toEqual({ status: "processing", paymentId: PAYMENT_INTENT.id });
  });

  it("answers a declined card as a failure with Stripe's message, and throws any other error", async () => {
    const { processor } = recordedStripe([
      { status: 402, body: CARD_ERROR },
      {
        status: 400,
        body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such PaymentMethod: 'pm_x'" } },
      },
    ]);
    expect(await processor.charge(CHARGE_INPUT)).toEqual({
      status: "failed",
      paymentId: "pi_3SabcDLkdIwHu7ix1dEcL1nd",
      message: "Your card was declined.",
    });
    await expect(processor.charge({ ...CHARGE_INPUT, idempotencyKey: "other" })).rejects.toThrow(/No such PaymentMethod/);
  });

  it("asks Stripe for what an event leaves out: the charge's fee, the setup intent's method", async () => {
    const { processor, sent } = recordedStripe([
      { status: 200, body: CHARGE },
      { status: 200, body: SETUP_INTENT },
    ]);
    const secret = "whsec_recorded";
    const deliver = (type: string, object: object) => {
      const payload = JSON.stringify({
        id: "evt_1Sabc",
        object: "event",
        api_version: Stripe.API_VERSION,
        created: 1795824000,
        data: { object },
        type,
      });
      return processor.parseEvent(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    };
    expect(await deliver("payment_intent.succeeded", PAYMENT_INTENT)).toMatchObject({
      kind: "payment_succeeded",
      feeCents: 3655n,
      documentId: 42,
    });
    expect(sent[0]!.method).toBe("GET");
    expect(decodeURIComponent(sent[0]!.path)).toBe("/v1/charges/ch_3SabcDLkdIwHu7ix1mJ8tQ0r?expand[0]=balance_transaction");
    expect(await deliver("checkout.session.completed", { ...CHECKOUT_SESSION, status: "complete" })).toEqual({
      kind: "method_saved",
      eventId: "evt_1Sabc",
      customerId: CUSTOMER.id,
      method: { paymentMethodId: "pm_1SabcBLkdIwHu7ixUsBank01", label: "Bank account •••• 6789" },
    });
    expect(decodeURIComponent(sent[1]!.path)).toBe("/v1/setup_intents/seti_1SabcCLkdIwHu7ixG0x7aR2m?expand[0]=payment_method");
    await expect(processor.parseEvent('{"id":"evt_1"}', "t=1,v1=00")).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The local test processor, on the database

const PUBLIC_URL = "http://localhost:3000";
const SECRET = "whsec_test_processor_secret";

describe("the test processor", () => {
  let testDb: TestDatabase;
  let tp: TestProcessor;
  let events: ProcessorEvent[];
  let bodies: { type: string; data: { object: Record<string, unknown> } }[];
  const routes = () => testProcessorRoutes({ config: { publicUrl: PUBLIC_URL }, paymentProcessor: tp });

  const make = () =>
    createTestProcessor({
      db: testDb.database.db,
      webhookSecret: SECRET,
      publicUrl: PUBLIC_URL,
      deliver: async (raw, signature) => {
        bodies.push(JSON.parse(raw) as (typeof bodies)[number]);
        events.push(await tp.parseEvent(raw, signature));
      },
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());
  beforeEach(async () => {
    await testDb.reset();
    events = [];
    bodies = [];
    tp = make();
  });
  // A test's deliveries end with it: none lands in the next test's list.
  afterEach(() => tp.settled());

  const customer = (key = "customer-7") =>
    tp.createCustomer({ email: "billing@client.example", name: "Client Seven", reference: "client-7", idempotencyKey: key });
  const sessionPath = (url: string) => new URL(url).pathname.replace("/api/test-processor", "");
  const form = (number: string) => ({
    method: "POST",
    body: new URLSearchParams({ number }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  /** A customer with a method saved through the hosted page; the method's id, from its event. */
  async function savedMethod(number: string, key = "customer-7") {
    const customerId = await customer(key);
    const url = await tp.setupUrl({
      customerId,
      successUrl: `${PUBLIC_URL}/firm/billing?setup=done`,
      cancelUrl: `${PUBLIC_URL}/firm/billing`,
    });
    const res = await routes().request(sessionPath(url), form(number));
    expect(res.status).toBe(303);
    await tp.settled();
    const saved = events.pop();
    bodies.length = 0;
    if (saved?.kind !== "method_saved") throw new Error(`expected method_saved, got ${saved?.kind}`);
    return { customerId, paymentMethodId: saved.method.paymentMethodId, label: saved.method.label };
  }

  it("makes one customer per idempotency key", async () => {
    const a = await customer("customer-7");
    expect(a).toMatch(/^cus_test_[0-9a-f]{24}$/);
    expect(await customer("customer-7")).toBe(a);
    expect(await customer("customer-8")).not.toBe(a);
    const [{ n }] = (await queryRows<{ n: number }>(testDb.database.db, sql`select count(*)::int as n from test_processor_customers`)) as [
      { n: number },
    ];
    expect(n).toBe(2);
  });

  it("serves its hosted page: accessible plain HTML, not stored, not indexed, without scripts or styles", async () => {
    const url = await tp.setupUrl({ customerId: await customer(), successUrl: `${PUBLIC_URL}/done`, cancelUrl: `${PUBLIC_URL}/back` });
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/test-processor\/setup\/cs_test_[0-9a-f]{24}$/);
    const res = await routes().request(sessionPath(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; form-action 'self' http:\/\/localhost:3000/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Test payment processor</title>");
    expect(html).toContain("<h1>Test payment processor</h1>");
    expect(html).toMatch(/moves no money/);
    expect(html).toContain('<label for="number">Card or bank account number</label>');
    expect(html).toMatch(/<input id="number" name="number"/);
    expect(html).toContain('<button type="submit">Save</button>');
    expect(html).toContain(`<a href="${PUBLIC_URL}/back">Cancel</a>`);
    expect(html).not.toMatch(/<script|<style|style=/);
  });

  it("refuses a number that is not a test number, and keeps the session open", async () => {
    const url = await tp.setupUrl({ customerId: await customer(), successUrl: `${PUBLIC_URL}/done`, cancelUrl: `${PUBLIC_URL}/back` });
    const res = await routes().request(sessionPath(url), form('1234 <b>"x"</b>'));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/<p id="number-error" role="alert">This is not one of the test numbers/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="1234 &lt;b&gt;&quot;x&quot;&lt;/b&gt;"');
    expect((await routes().request(sessionPath(url))).status).toBe(200);
    await tp.settled();
    expect(events).toEqual([]);
  });

  it("saves a card, completes the session, sends the client back and delivers the method saved", async () => {
    const customerId = await customer();
    const url = await tp.setupUrl({ customerId, successUrl: `${PUBLIC_URL}/done?x=1`, cancelUrl: `${PUBLIC_URL}/back` });
    const res = await routes().request(sessionPath(url), form("4242 4242 4242 4242"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${PUBLIC_URL}/done?x=1`);
    expect(events).toEqual([]); // delivered after the answer, not during it
    await tp.settled();
    expect(events).toEqual([
      {
        kind: "method_saved",
        eventId: expect.stringMatching(/^evt_test_/),
        customerId,
        method: { paymentMethodId: expect.stringMatching(/^pm_test_/), label: "Visa •••• 4242" },
      },
    ]);
    expect(bodies[0]!.type).toBe("checkout.session.completed");
    // Used once: the page and its form are gone.
    expect((await routes().request(sessionPath(url))).status).toBe(404);
    expect((await routes().request(sessionPath(url), form("4242424242424242"))).status).toBe(404);
  });

  it("answers 404 for an unknown session, and 400 for one that would return outside the site", async () => {
    expect((await routes().request("/setup/cs_test_000000000000000000000000")).status).toBe(404);
    expect((await routes().request("/setup/nonsense")).status).toBe(404);
    const customerId = await customer();
    await expect(tp.setupUrl({ customerId, successUrl: "https://evil.example/", cancelUrl: `${PUBLIC_URL}/back` })).rejects.toThrow(
      /site's own address/,
    );
    await expect(
      tp.setupUrl({ customerId: "cus_test_unknown", successUrl: `${PUBLIC_URL}/a`, cancelUrl: `${PUBLIC_URL}/b` }),
    ).rejects.toThrow(/No such customer/);
    const id = "cs_test_0123456789abcdef01234567";
    await testDb.database.db.execute(
      sql`insert into test_processor_sessions (id, customer_id, success_url, cancel_url) values (${id}, ${customerId}, 'https://evil.example/', ${`${PUBLIC_URL}/b`})`,
    );
    expect((await routes().request(`/setup/${id}`)).status).toBe(400);
    expect((await routes().request(`/setup/${id}`, form("4242424242424242"))).status).toBe(400);
  });

  it("charges a card that succeeds: the payment with its fee, then its payout less the fee", async () => {
    const { customerId, paymentMethodId } = await savedMethod("4242424242424242");
    const input = { ...CHARGE_INPUT, customerId, paymentMethodId, amountCents: 125000n };
    const outcome = await tp.charge(input);
    expect(outcome).toEqual({ status: "succeeded", paymentId: expect.stringMatching(/^pi_test_[0-9a-f]{24}$/) });
    expect(events).toEqual([]);
    await tp.settled();
    const today = new Date().toISOString().slice(0, 10);
    const fee = testProcessorFee(125000n);
    expect(fee).toBe(3655n);
    expect(events).toEqual([
      {
        kind: "payment_succeeded",
        eventId: expect.any(String),
        paymentId: outcome.paymentId,
        amountCents: 125000n,
        feeCents: fee,
        currency: "USD",
        documentId: 42,
        date: today,
      },
      {
        kind: "payout_paid",
        eventId: expect.any(String),
        payoutId: expect.stringMatching(/^po_test_/),
        amountCents: 125000n - fee,
        currency: "USD",
        date: today,
      },
    ]);
    expect(bodies.map((b) => b.type)).toEqual(["payment_intent.succeeded", "payout.paid"]);
  });

  it("declines a charge on the declining card, and delivers the failure", async () => {
    const { customerId, paymentMethodId, label } = await savedMethod("4000 0000 0000 0341");
    expect(label).toBe("Visa •••• 0341");
    const outcome = await tp.charge({ ...CHARGE_INPUT, customerId, paymentMethodId });
    expect(outcome).toEqual({ status: "failed", paymentId: expect.stringMatching(/^pi_test_/), message: "Your card was declined." });
    await tp.settled();
    expect(events).toEqual([
      expect.objectContaining({
        kind: "payment_failed",
        paymentId: outcome.paymentId,
        amountCents: 125000n,
        documentId: 42,
        message: "Your card was declined.",
      }),
    ]);
  });

  it("charges a bank account that succeeds", async () => {
    const { customerId, paymentMethodId, label } = await savedMethod("000123456789");
    expect(label).toBe("Bank account •••• 6789");
    expect(await tp.charge({ ...CHARGE_INPUT, customerId, paymentMethodId })).toMatchObject({ status: "succeeded" });
  });

  it("charges once per idempotency key, here or in another process, and refuses the key with other parameters", async () => {
    const { customerId, paymentMethodId } = await savedMethod("4242424242424242");
    const input = { ...CHARGE_INPUT, customerId, paymentMethodId };
    const other = make(); // another process of the same site: the same database and secret
    const [a, b] = await Promise.all([tp.charge(input), other.charge(input)]);
    const c = await tp.charge(input);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    const rows = await queryRows<{ id: string }>(
      testDb.database.db,
      sql`select id from test_processor_charges where idempotency_key = ${input.idempotencyKey}`,
    );
    expect(rows).toEqual([{ id: a.paymentId }]);
    await Promise.all([tp.settled(), other.settled()]);
    expect(events.map((e) => e.kind)).toEqual(["payment_succeeded", "payout_paid"]);
    await expect(tp.charge({ ...input, amountCents: 999n })).rejects.toThrow(/same parameters/);
  });

  it("refuses what Stripe would: an amount below 50 cents or above $999,999.99, a method not the customer's", async () => {
    const { customerId, paymentMethodId } = await savedMethod("4242424242424242");
    await expect(tp.charge({ ...CHARGE_INPUT, customerId, paymentMethodId, amountCents: 49n })).rejects.toThrow(/at least 50/);
    await expect(tp.charge({ ...CHARGE_INPUT, customerId, paymentMethodId, amountCents: 100_000_000n })).rejects.toThrow(/no more than/);
    const otherCustomer = await customer("customer-9");
    await expect(tp.charge({ ...CHARGE_INPUT, customerId: otherCustomer, paymentMethodId })).rejects.toThrow(/No such payment method/);
  });

  it("signs its events with the site's secret: another secret does not verify", async () => {
    await savedMethod("4242424242424242");
    const payload = JSON.stringify(bodies[0]);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    await expect(tp.parseEvent(payload, header)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("is made by the factory only when chosen, and never in production; Stripe when chosen; none by default", async () => {
    const db = testDb.database.db;
    const deliver = async () => undefined;
    const base = { publicUrl: PUBLIC_URL, isProduction: false };
    expect(createPaymentProcessor({ ...base, payments: { processor: "none" } }, db, deliver)).toBeNull();
    const stripe = createPaymentProcessor(
      { ...base, payments: { processor: "stripe", secretKey: "sk_test_1", webhookSecret: "whsec_1" } },
      db,
      deliver,
    );
    expect(stripe?.name).toBe("stripe");
    expect(isTestProcessor(stripe)).toBe(false);
    const test: PaymentProcessor | null = createPaymentProcessor(
      { ...base, payments: { processor: "test", webhookSecret: SECRET } },
      db,
      deliver,
    );
    expect(isTestProcessor(test)).toBe(true);
    expect(() =>
      createPaymentProcessor({ ...base, isProduction: true, payments: { processor: "test", webhookSecret: SECRET } }, db, deliver),
    ).toThrow(/refused in production/);
    // Without the test processor its page is not there at all.
    const none = testProcessorRoutes({ config: { publicUrl: PUBLIC_URL }, paymentProcessor: stripe });
    expect((await none.request("/setup/cs_test_000000000000000000000000")).status).toBe(404);
  });
});
