import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { runServer as run, waitHealthy } from "./support/server-process.ts";

test.describe("server process", () => {
  test("a bad PORT stops the start with exit code 1 and one line naming it", async () => {
    const p = run({ PORT: "abc", DATA_DIR: tmpdir() });
    expect(await p.exited).toBe(1);
    expect(p.output().trim()).toMatch(/^Invalid environment variable PORT: .+$/);
  });

  test("a malformed DATABASE_URL stops the start naming it", async () => {
    const p = run({ DATABASE_URL: "nonsense", DATA_DIR: tmpdir() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain("DATABASE_URL");
  });

  test("SIGTERM stops the server within 10 s with exit code 0, and data survives the restart", async () => {
    // Two starts of a server on a new embedded database (migrations included): slow on a busy machine.
    test.setTimeout(150_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "proc-"));
    const port = 40000 + Math.floor(Math.random() * 20000);
    const env = { PORT: String(port), DATA_DIR: dataDir };
    const first = run(env);
    await waitHealthy(port);
    const email = `persist-${Date.now()}@example.com`;
    const subscribe = () =>
      fetch(`http://127.0.0.1:${port}/api/content/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
        body: JSON.stringify({ email, source: "footer" }),
      });
    expect((await subscribe()).status).toBe(201);
    const started = Date.now();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    const second = run(env);
    await waitHealthy(port);
    // The subscription stored before the restart is still there: the same address is now "already subscribed".
    expect((await subscribe()).status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
