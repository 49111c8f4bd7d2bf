import type { Config } from "~/server/config.ts";
import type { Db } from "~/server/db/client.ts";
import type { PaymentProcessor } from "./processor.ts";
import { createStripeProcessor } from "./stripe-processor.server.ts";
import { createTestProcessor, type Deliver } from "./test-processor.server.ts";

/**
 * The one place that picks the site's payment processor (decision 120), from PAYMENT_PROCESSOR: Stripe, the local test
 * processor, or none (null: the firm's billing collects nothing). `deliver` hands the test processor's webhooks to the
 * site as Stripe would post them; Stripe posts its own to /api/payments/webhook.
 */
export function createPaymentProcessor(
  config: Pick<Config, "payments" | "publicUrl" | "isProduction">,
  db: Db,
  deliver: Deliver,
  onDeliveryError?: (err: unknown) => void,
): PaymentProcessor | null {
  const payments = config.payments;
  switch (payments.processor) {
    case "stripe":
      return createStripeProcessor({ secretKey: payments.secretKey, webhookSecret: payments.webhookSecret });
    case "test":
      // The configuration refuses it in production already; asked again here, where the processor is made.
      if (config.isProduction) throw new Error("The test payment processor is refused in production");
      return createTestProcessor({ db, webhookSecret: payments.webhookSecret, publicUrl: config.publicUrl, deliver, onDeliveryError });
    case "none":
      return null;
  }
}
