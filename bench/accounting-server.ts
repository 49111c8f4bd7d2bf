// The API alone (no pages), for bench/accounting-bench.ts and the crash tests (tests/support/crash-harness.ts).
// Started as a child process. On BENCH_DATABASE_URL when set, else on the embedded database under DATA_DIR.
// SEED_USERS=n creates n verified accounts crash-1@example.com ... crash-n@example.com (password SEED_PASSWORD)
// before it listens, when they do not exist yet. Prints "ready" once it listens.
import { serve } from "@hono/node-server";
import pino from "pino";
import { createOrUpdateUser } from "~/features/auth/user-admin.server.ts";
import { createApp } from "~/server/app.ts";
import { loadConfig } from "~/server/config.ts";
import { createContext } from "~/server/server.ts";
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
const ctx = await createContext(config, composition, pino({ level: "silent" }));
const seedUsers = Number(process.env.SEED_USERS ?? 0);
for (let i = 1; i <= seedUsers; i++) {
  await createOrUpdateUser(ctx, {
    email: `crash-${i}@example.com`,
    role: "client",
    password: process.env.SEED_PASSWORD,
    firstName: "Crash",
    lastName: `Owner ${i}`,
  });
}
serve({ fetch: createApp(ctx).fetch, port, hostname: "127.0.0.1" }, () => process.stdout.write("ready\n"));
// Exit normally on SIGTERM so that `--cpu-prof` (BENCH_SERVER_NODE_ARGS) gets to write its profile.
process.once("SIGTERM", () => process.exit(0));
