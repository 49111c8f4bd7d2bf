import { describe, expect, it } from "vitest";
import pino from "pino";
import { startJobs } from "./jobs.ts";

describe("startJobs", () => {
  it("runs each job at start, then again on its interval without overlapping itself; a failure is logged, the job goes on", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "error" }, { write: (l: string) => void lines.push(l) });
    let runs = 0;
    let running = 0;
    let overlapped = false;
    let release!: () => void;
    const thirdRun = new Promise<void>((resolve) => (release = resolve));
    const jobs = startJobs(
      [
        {
          name: "probe",
          everyMs: 5,
          run: async () => {
            runs++;
            if (running > 0) overlapped = true;
            running++;
            await new Promise((r) => setTimeout(r, 20));
            running--;
            if (runs === 2) throw new Error("second run fails");
            if (runs === 3) release();
          },
        },
      ],
      logger,
    );
    await jobs.started;
    expect(runs).toBe(1);
    await thirdRun;
    await jobs.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(after);
    expect(overlapped).toBe(false);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string; job: string }).job)).toEqual(["probe"]);
  });
});
