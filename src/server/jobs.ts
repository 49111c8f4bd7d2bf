import type { Logger } from "pino";
import { errorLogFields } from "./errors.ts";

/**
 * A job run on a schedule by every process of the site (recurring entries, reminders). The job itself makes each piece
 * of work happen once across processes (rows taken with FOR UPDATE SKIP LOCKED, a unique key per piece of work), so
 * any number of processes or machines may run it; each process runs it at start, which catches up after downtime,
 * then every `everyMs`.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export interface JobRunner {
  /** Resolves when every job has finished its first run (the catch-up). */
  started: Promise<void>;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
}

/** A run longer than this is logged (a warning): every process's jobs share its database connections. */
const SLOW_RUN_MS = 1_000;

/** Runs each job now, then every `everyMs`; a run never overlaps the previous one of the same job. */
export function startJobs(jobs: ScheduledJob[], logger: Logger): JobRunner {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();

  function runOnce(job: ScheduledJob): Promise<void> {
    const start = performance.now();
    const run = job
      .run()
      .then(() => {
        const ms = Math.round(performance.now() - start);
        if (ms > SLOW_RUN_MS) logger.warn({ job: job.name, ms }, "scheduled job slow");
      })
      .catch((err: unknown) => logger.error({ job: job.name, ...errorLogFields(err) }, "scheduled job failed"))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
    return run;
  }

  function scheduleNext(job: ScheduledJob) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void runOnce(job).finally(() => scheduleNext(job));
    }, job.everyMs);
    timer.unref();
    timers.add(timer);
  }

  const started = Promise.all(jobs.map((job) => runOnce(job).finally(() => scheduleNext(job)))).then(() => undefined);
  return {
    started,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([...inFlight]);
    },
  };
}
