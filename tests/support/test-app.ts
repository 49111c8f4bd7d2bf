import pino from "pino";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { createApp } from "~/server/app.ts";
import { loadConfig, type Config } from "~/server/config.ts";
import type { AppContext } from "~/server/context.ts";
import { createContext } from "~/server/server.ts";
import { composition } from "~/app/server/composition.server.ts";
import { createTestDatabase, type TestDatabase } from "./test-db.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  ctx: AppContext;
  config: Config;
  testDb: TestDatabase;
  app: ReturnType<typeof createApp>;
  /** Calls the app in process. Sends the site's Origin on writes (as a browser would) unless headers say otherwise. */
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The whole HTTP app (no pages) on a fresh database; env adds or overrides configuration; logs go to `logLines`
 * when given. With `testDb` the app runs on that database instead, as it is, and close() leaves it open (a file's
 * tests share one database and reset() it before each app).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logLines?: string[]; testDb?: TestDatabase } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    DATA_DIR: "/tmp/ledgerline-test-unused",
    LOG_LEVEL: "silent",
    ...env,
  });
  const testDb = opts.testDb ?? (await createTestDatabase());
  const lines = opts.logLines;
  const logger = lines ? pino({ level: "debug" }, { write: (line: string) => void lines.push(line) }) : pino({ level: "silent" });
  const ctx = await createContext(config, composition, logger, testDb.database);
  const app = createApp(ctx);
  return {
    ctx,
    config,
    testDb,
    app,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      const method = (init.method ?? (init.json !== undefined ? "POST" : "GET")).toUpperCase();
      if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      if (init.cookie) headers.set("cookie", init.cookie);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      return app.request(path, { ...init, method, headers, body });
    },
    async close() {
      await ctx.mail.stop();
      if (!opts.testDb) await testDb.drop();
    },
  };
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** Signs up a user through the auth API, marks the email verified, signs in and returns the session cookie. */
export async function createSignedInUser(
  t: TestApp,
  opts: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    companyName?: string;
    role?: "client" | "staff" | "admin";
  } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = opts.password ?? "correct-horse-battery-staple";
  const signUp = await t.request("/api/auth/sign-up/email", {
    json: {
      email,
      password,
      name: `${opts.firstName ?? "Test"} ${opts.lastName ?? "User"}`,
      firstName: opts.firstName ?? "Test",
      lastName: opts.lastName ?? "User",
      companyName: opts.companyName ?? "Test Company",
    },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const role = opts.role ? sql`, role = ${opts.role}` : sql``;
  await t.ctx.db.execute(sql`update users set email_verified = true${role} where email = ${email.toLowerCase()}`);
  const signIn = await t.request("/api/auth/sign-in/email", { json: { email, password } });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const [row] = await queryRows<{ id: string }>(t.ctx.db, sql`select id from users where email = ${email.toLowerCase()}`);
  // In-process requests have no client address ("unknown"): fixture users must not use up the per-IP
  // throttling of /api/auth for the test that creates many of them.
  await t.ctx.db.execute(sql`delete from rate_limits where key like 'auth:%:ip:unknown'`);
  return { id: row!.id, email, password, cookie: cookieFrom(signIn) };
}
