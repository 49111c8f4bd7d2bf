import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
      )
      .optional(),
  );

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number between 0 and ${max}`)
    .transform(Number)
    .refine((n) => n <= max, `must be a whole number between 0 and ${max}`);

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(emptyToUndefined, wholeNumber(65535).default(3000)),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Ledgerline Advisors <hello@ledgerline.example>")),
  FIRM_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an email address").default("team@ledgerline.example")),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Test only: an OpenID Connect issuer standing in for Google. Refused in production. */
  GOOGLE_ISSUER_URL: optionalUrl(["http:", "https:"]),
  /** Name of a header set by a trusted reverse proxy carrying the client IP (for example x-forwarded-for). */
  TRUSTED_PROXY_HEADER: z.preprocess(emptyToUndefined, z.string().toLowerCase().optional()),
  /** Lists outgoing mail at /dev/mail to requests from this machine. Off unless set; refused in production. */
  MAIL_CATCHER: z.preprocess(emptyToUndefined, z.enum(["0", "1", "true", "false"], "must be 1 or 0").default("0")),
  /** Processes besides the app that share its port and answer the stored public pages (decision 015); 0 for none. */
  WORKERS: z.preprocess(emptyToUndefined, wholeNumber(64).optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  /** Longest wait for the next piece of a request body before it is answered 408 (decision 105); 0 for no limit. */
  BODY_IDLE_TIMEOUT_MS: z.preprocess(emptyToUndefined, wholeNumber(600_000).default(30_000)),
  /** Who collects the firm's fees (decision 120): none, Stripe, or the local test processor (refused in production). */
  PAYMENT_PROCESSOR: z.preprocess(emptyToUndefined, z.enum(["none", "stripe", "test"], "must be none, stripe or test").default("none")),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_… or rk_…)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * Origins a browser may send writes from: PUBLIC_URL's, or on a default start (PUBLIC_URL unset) the three
   * names of this machine at PORT (localhost, 127.0.0.1, [::1]), so that any of them signs in.
   */
  siteOrigins: string[];
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  firmEmail: string;
  google: { clientId: string; clientSecret: string; issuerUrl: string | undefined } | undefined;
  trustedProxyHeader: string | undefined;
  /** The local mail catcher (/dev/mail) is on: MAIL_CATCHER=1, never in production. */
  mailCatcher: boolean;
  logLevel: Env["LOG_LEVEL"];
  /** A request body that sends nothing for this long is answered 408 (BODY_IDLE_TIMEOUT_MS, decision 105); 0: never. */
  bodyIdleTimeoutMs: number;
  /**
   * Processes of the built server sharing its port (node:cluster): WORKERS, else one per core on a PostgreSQL server.
   * The embedded database is held by one process: always 1 there.
   */
  workers: number;
  /**
   * The payment processor that collects the firm's fees (PAYMENT_PROCESSOR, decision 120). The test processor's
   * webhook secret comes from APP_SECRET, so that every process of one site signs and verifies alike.
   */
  payments: PaymentsConfig;
}

export type PaymentsConfig =
  { processor: "none" } | { processor: "stripe"; secretKey: string; webhookSecret: string } | { processor: "test"; webhookSecret: string };

export class ConfigError extends Error {}

/** Parses the environment. Throws ConfigError with one line per bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `Invalid environment variable ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(lines.join("\n"));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && env.GOOGLE_ISSUER_URL) {
    throw new ConfigError("Invalid environment variable GOOGLE_ISSUER_URL: is a test-only setting and is refused in production");
  }
  if (isProduction && !env.APP_SECRET) {
    throw new ConfigError("Invalid environment variable APP_SECRET: is required in production");
  }
  const mailCatcher = env.MAIL_CATCHER === "1" || env.MAIL_CATCHER === "true";
  if (isProduction && mailCatcher) {
    throw new ConfigError("Invalid environment variable MAIL_CATCHER: shows every outgoing mail and is refused in production");
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid environment variable GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  if (isProduction && env.PAYMENT_PROCESSOR === "test") {
    throw new ConfigError("Invalid environment variable PAYMENT_PROCESSOR: the test processor moves no money and is refused in production");
  }
  if (env.PAYMENT_PROCESSOR === "stripe" && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    const missing = env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new ConfigError(`Invalid environment variable ${missing}: is required when PAYMENT_PROCESSOR is stripe`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const appSecret = env.APP_SECRET ?? generatedSecret(dataDir);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    siteOrigins: env.PUBLIC_URL
      ? [new URL(env.PUBLIC_URL).origin]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => new URL(`http://${host}:${env.PORT}`).origin),
    appSecret,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    firmEmail: env.FIRM_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL }
        : undefined,
    trustedProxyHeader: env.TRUSTED_PROXY_HEADER,
    mailCatcher,
    logLevel: env.LOG_LEVEL,
    bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
    workers: env.DATABASE_URL ? (env.WORKERS ?? availableParallelism()) : 1,
    payments: paymentsConfig(env, appSecret),
  };
}

/** The processor chosen, its keys checked by loadConfig before (Stripe's both given, the test processor not in production). */
function paymentsConfig(env: Env, appSecret: string): PaymentsConfig {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (env.PAYMENT_PROCESSOR === "stripe" && secretKey && webhookSecret) return { processor: "stripe", secretKey, webhookSecret };
  if (env.PAYMENT_PROCESSOR === "test") return { processor: "test", webhookSecret: testProcessorWebhookSecret(appSecret) };
  return { processor: "none" };
}

/** The test processor's webhook secret: derived from APP_SECRET, the same in every process of a site, never stored. */
export function testProcessorWebhookSecret(appSecret: string): string {
  return `whsec_${createHmac("sha256", appSecret).update("test-processor").digest("hex")}`;
}

/** Outside production a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For entry points: the configuration, or one line per bad variable on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
