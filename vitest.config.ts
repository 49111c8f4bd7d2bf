import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { fileURLToPath } from "node:url";

/**
 * Files known to take long run first (then vitest's own order: the slowest of the last run first, or without a
 * record of one, as on a fresh clone, the largest files first). A short file that runs for most of a minute, the
 * crash test, would otherwise start near the end and leave the other worker idle while it finishes.
 */
const LONG_FIRST = ["tests/integration/accounting-crash.test.ts"];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FIRST.some((name) => f.moduleId.endsWith(name));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker runs its files one after another in one process, importing the app once: on two cores importing it
    // afresh for each of 155 files took 280 s of the suite's 980. Each file still makes its own app, database and
    // servers (tests/support/test-app.ts) and closes them; none changes the process environment or mocks a module.
    isolate: false,
    // vitest's default is one worker less than the cores: on CI's 2 cores, one file at a time. The integration
    // files spend much of their time waiting (on the database, child processes, timers), so two run side by side.
    maxWorkers: 2,
    sequence: { sequencer: LongFirst },
  },
});
