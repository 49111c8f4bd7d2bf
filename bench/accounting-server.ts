// The API alone (no pages) on BENCH_DATABASE_URL, for bench/accounting-bench.ts. Started as a child process.
import { serve } from "@hono/node-server";
import pino from "pino";
import { createApp } from "~/server/app.ts";
import { loadConfig } from "~/server/config.ts";
import { createContext } from "~/server/server.ts";

const port = Number(process.env.PORT ?? 3999);
const config = loadConfig({
  NODE_ENV: "test",
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: process.env.BENCH_DATABASE_URL!,
  APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
  DATA_DIR: "/tmp/ledgerline-bench-unused",
  LOG_LEVEL: "silent",
});
const ctx = await createContext(config, pino({ level: "silent" }));
serve({ fetch: createApp(ctx).fetch, port, hostname: "127.0.0.1" }, () => process.stdout.write("ready\n"));
// Exit normally on SIGTERM so that `--cpu-prof` (BENCH_SERVER_NODE_ARGS) gets to write its profile.
process.once("SIGTERM", () => process.exit(0));
