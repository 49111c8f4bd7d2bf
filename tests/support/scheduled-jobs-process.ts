/**
 * One server process's scheduled jobs, run once as at start (the catch-up), on the database at DATABASE_URL: what a
 * second process of the site does beside the first (tests/integration/recurring-two-processes.test.ts). Prints the
 * jobs' log lines (JSON) to stdout, then exits.
 */
import pino from "pino";
import { composition } from "~/app/server/composition.server.ts";
import { loadConfig } from "~/server/config.ts";
import { openDatabase } from "~/server/db/client.ts";
import { startJobs } from "~/server/jobs.ts";
import { createContext } from "~/server/server.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "http://localhost:3000",
  APP_SECRET: "test-secret-test-secret-test-secret-0123",
  DATA_DIR: "/tmp/ledgerline-test-unused",
  DATABASE_URL: url,
});
const logger = pino({ level: "info" });
const ctx = await createContext(config, composition, logger, await openDatabase({ url }));
// Both processes wait for the word, so that their first runs overlap.
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
const jobs = startJobs(composition.jobs?.(ctx) ?? [], logger);
await jobs.started;
await jobs.stop();
await ctx.mail.stop();
await ctx.database.close();
logger.flush();
