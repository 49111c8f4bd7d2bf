// The API alone (no pages), for bench/accounting-bench.ts and the crash tests (tests/support/crash-harness.ts).
// Started as a child process. On BENCH_DATABASE_URL when set, else on the embedded database under DATA_DIR.
// SEED_USERS=n creates n verified accounts crash-1@example.com ... crash-n@example.com (password SEED_PASSWORD)
// before it listens, when they do not exist yet. WORKERS=n on PostgreSQL: n processes share the port. Prints "ready"
// once it listens (every worker).
import cluster from "node:cluster";
import { serve } from "@hono/node-server";
import pino from "pino";
import { createOrUpdateUser } from "~/features/auth/user-admin.server.ts";
import { createApp } from "~/server/app.ts";
import { loadConfig } from "~/server/config.ts";
import { createContext } from "~/server/server.ts";
import type { AppContext } from "~/server/context.ts";
import { serveInWorkers } from "~/server/cluster.ts";
import { composition } from "~/app/server/composition.server.ts";

const port = Number(process.env.PORT ?? 3999);
const config = loadConfig({
  NODE_ENV: "test",
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
  DATA_DIR: process.env.BENCH_DATABASE_URL ? "/tmp/ledgerline-bench-unused" : process.env.DATA_DIR,
  LOG_LEVEL: "silent",
});
/** WORKERS=n (PostgreSQL only) answers through n processes sharing the port, as the built server does (decision 093). */
const workers = process.env.BENCH_DATABASE_URL ? Number(process.env.WORKERS ?? 1) : 1;
const logger = pino({ level: "silent" });

// The primary opens the database (running the migrations) and makes the seeded owners before any worker answers;
// with one process it then answers with the same context (the embedded database is opened once per process).
let primaryContext: AppContext | undefined;
if (cluster.isPrimary) {
  primaryContext = await createContext(config, composition, logger);
  const seedUsers = Number(process.env.SEED_USERS ?? 0);
  for (let i = 1; i <= seedUsers; i++) {
    await createOrUpdateUser(primaryContext, {
      email: `crash-${i}@example.com`,
      role: "client",
      password: process.env.SEED_PASSWORD,
      firstName: "Crash",
      lastName: `Owner ${i}`,
    });
  }
  if (workers > 1) {
    await primaryContext.database.close();
    primaryContext = undefined;
  }
}

if (workers > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === workers) process.stdout.write("ready\n");
  });
}
await serveInWorkers(workers, logger, async () => {
  const ctx = primaryContext ?? (await createContext(config, composition, logger));
  serve({ fetch: createApp(ctx).fetch, port, hostname: "127.0.0.1" }, () => {
    if (workers <= 1) process.stdout.write("ready\n");
  });
});
// Exit normally on SIGTERM so that `--cpu-prof` (BENCH_SERVER_NODE_ARGS) gets to write its profile.
if (workers <= 1) process.once("SIGTERM", () => process.exit(0));
