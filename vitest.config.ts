import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest's default is one worker less than the cores: on CI's 2 cores, one file at a time. The integration
    // files spend much of their time waiting (on the database, child processes, timers), so two run side by side.
    maxWorkers: 2,
  },
});
