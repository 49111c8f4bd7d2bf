import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { createApp } from "~/server/app.ts";
import { loadConfig } from "~/server/config.ts";
import { openDatabase } from "~/server/db/client.ts";
import { createContext } from "~/server/server.ts";
import { composition } from "~/app/server/composition.server.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import type { AppContext } from "~/server/context.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";
import { TEST_ORIGIN } from "../support/test-app.ts";

// Two app instances, each with its own pool, on one PostgreSQL database: what one writes the other sees,
// sessions and counters are shared. Runs when TEST_DATABASE_URL points at a PostgreSQL server (CI does).
describe.runIf(process.env.TEST_DATABASE_URL)("two server processes on one database", () => {
  let t: TestDatabase;
  const ctxs: AppContext[] = [];
  const apps: ReturnType<typeof createApp>[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        NODE_ENV: "test",
        PUBLIC_URL: TEST_ORIGIN,
        APP_SECRET: "shared-secret-shared-secret-shared-1234",
        DATA_DIR: "/tmp/unused",
        DATABASE_URL: t.url!,
      });
      const ctx = await createContext(config, composition, pino({ level: "silent" }), await openDatabase({ url: t.url! }));
      ctxs.push(ctx);
      apps.push(createApp(ctx));
    }
  });
  afterAll(async () => {
    for (const c of ctxs) {
      await c.mail.stop();
      await c.database.close();
    }
    await t.drop();
  });

  it("a session made by one process is valid in the other, and sign-out in one ends it in both", async () => {
    const email = `two-${Date.now()}@example.com`;
    const headers = { origin: TEST_ORIGIN, "content-type": "application/json" };
    const up = await apps[0]!.request("/api/auth/sign-up/email", {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password: "a-long-unusual-passphrase-42", name: "Two Procs", firstName: "Two", lastName: "Procs" }),
    });
    expect(up.status).toBe(200);
    await ctxs[0]!.db.execute((await import("drizzle-orm")).sql`update users set email_verified = true where email = ${email}`);
    const signIn = await apps[1]!.request("/api/auth/sign-in/email", {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password: "a-long-unusual-passphrase-42" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await apps[0]!.request("/api/auth/get-session", { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    const out = await apps[0]!.request("/api/auth/sign-out", { method: "POST", headers: { ...headers, cookie }, body: "{}" });
    expect(out.status).toBe(200);
    const after = await apps[1]!.request("/api/auth/get-session", { headers: { cookie } });
    expect(await after.json()).toBeNull();
  });

  it("rate-limit counters are shared", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => hitRateLimit(ctxs[i % 2]!.db, "shared-key", 6, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(6);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
