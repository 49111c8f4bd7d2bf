import cluster from "node:cluster";
import type { Logger } from "pino";

/**
 * Runs the site in `workers` processes sharing its port (node:cluster): this process forks them, starts another when
 * one stops, and passes SIGTERM and SIGINT on, exiting once they have finished. Everything the workers share lives
 * in PostgreSQL (sessions, rate limits, idempotency keys, the mail outbox, scheduled jobs' work, site content), so
 * they answer as one server. With one worker, or inside a worker, `start` runs in this process.
 */
export async function serveInWorkers(workers: number, logger: Logger, start: () => Promise<unknown>): Promise<void> {
  if (workers <= 1 || !cluster.isPrimary) {
    await start();
    return;
  }
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("workers stopped");
        process.exit(0);
      }
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a worker stopped; starting another");
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < workers; i++) fork();
  logger.info({ workers }, "workers started");
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
