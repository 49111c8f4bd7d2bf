import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, testProcessorWebhookSecret } from "./config.ts";

/** The payment processor's settings (decision 120): none unless chosen, Stripe's two keys together, no test processor in production. */
const base = { DATA_DIR: tmpdir(), APP_SECRET: "a".repeat(40) };
const STRIPE = { PAYMENT_PROCESSOR: "stripe", STRIPE_SECRET_KEY: "sk_test_51abcDEF", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };

describe("payment processor configuration", () => {
  it("collects nothing unless a processor is chosen", () => {
    expect(loadConfig(base).payments).toEqual({ processor: "none" });
    expect(loadConfig({ ...base, PAYMENT_PROCESSOR: "" }).payments).toEqual({ processor: "none" });
    expect(() => loadConfig({ ...base, PAYMENT_PROCESSOR: "paypal" })).toThrowError(
      /^Invalid environment variable PAYMENT_PROCESSOR: must be none, stripe or test/,
    );
  });

  it("takes Stripe with both of its keys, and names the one missing", () => {
    expect(loadConfig({ ...base, ...STRIPE }).payments).toEqual({
      processor: "stripe",
      secretKey: "sk_test_51abcDEF",
      webhookSecret: "whsec_abc123",
    });
    expect(loadConfig({ ...base, ...STRIPE, NODE_ENV: "production" }).payments.processor).toBe("stripe");
    expect(() => loadConfig({ ...base, ...STRIPE, STRIPE_SECRET_KEY: "" })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base, ...STRIPE, STRIPE_SECRET_KEY: "" })).toThrowError(
      /STRIPE_SECRET_KEY: is required when PAYMENT_PROCESSOR is stripe/,
    );
    expect(() => loadConfig({ ...base, ...STRIPE, STRIPE_WEBHOOK_SECRET: undefined })).toThrowError(/STRIPE_WEBHOOK_SECRET: is required/);
  });

  it("refuses keys that are not Stripe's (a publishable key given as the secret one)", () => {
    expect(() => loadConfig({ ...base, ...STRIPE, STRIPE_SECRET_KEY: "pk_test_51abc" })).toThrowError(
      /STRIPE_SECRET_KEY: must be a Stripe secret/,
    );
    expect(() => loadConfig({ ...base, ...STRIPE, STRIPE_WEBHOOK_SECRET: "abc" })).toThrowError(/STRIPE_WEBHOOK_SECRET: must be a webhook/);
  });

  it("runs the test processor outside production only, its webhook secret derived from APP_SECRET", () => {
    const payments = loadConfig({ ...base, PAYMENT_PROCESSOR: "test" }).payments;
    expect(payments).toEqual({ processor: "test", webhookSecret: testProcessorWebhookSecret(base.APP_SECRET) });
    // Every process of one site agrees; another site's secret differs.
    expect(loadConfig({ ...base, PAYMENT_PROCESSOR: "test" }).payments).toEqual(payments);
    const other = loadConfig({ ...base, APP_SECRET: "b".repeat(40), PAYMENT_PROCESSOR: "test" }).payments;
    expect(other).not.toEqual(payments);
    expect(payments.processor === "test" && payments.webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(() => loadConfig({ ...base, NODE_ENV: "production", PAYMENT_PROCESSOR: "test" })).toThrowError(
      /^Invalid environment variable PAYMENT_PROCESSOR: the test processor moves no money and is refused in production$/,
    );
  });
});
