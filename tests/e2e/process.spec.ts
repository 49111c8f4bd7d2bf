import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
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

  test("with a page helper process: every answer of a public page is the same from either process, and SIGTERM stops both", async () => {
    test.setTimeout(150_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "proc-"));
    const port = 40000 + Math.floor(Math.random() * 20000);
    const server = run({ PORT: String(port), DATA_DIR: dataDir, PAGE_HELPERS: "1", LOG_LEVEL: "info" });
    await waitHealthy(port);
    const pids = JSON.parse(
      server
        .output()
        .split("\n")
        .find((l) => l.includes("page helpers started"))!,
    ).pids as number[];
    expect(pids).toHaveLength(1);
    /** One request on a connection of its own (the kernel gives each new connection to either process). */
    const once = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        get(`http://127.0.0.1:${port}/pricing`, { agent: false, headers }, (res) => {
          let body = "";
          res.setEncoding("latin1");
          res.on("data", (d: string) => (body += d));
          res.on("end", () => {
            const { date: _date, connection: _c, "keep-alive": _k, ...rest } = res.headers;
            resolve({ status: res.statusCode!, headers: rest, body });
          });
        }).on("error", reject);
      });
    const first = await once({ "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    // The helper gets the page once the app has stored it; then either process answers, the same bytes and headers.
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await once({ "accept-encoding": "gzip" }));
    for (const a of answers) expect(a).toEqual(first);
    const plain = await once({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<!DOCTYPE html>");
    for (let i = 0; i < 20; i++) expect((await once({ "if-none-match": String(first.headers.etag) })).status).toBe(304);
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.includes('"path":"/pricing"'));
    expect(lines.filter((l) => l.includes('"by":"page helper"')).length, "answered by the helper").toBeGreaterThan(0);
    expect(lines.filter((l) => !l.includes('"by":"page helper"')).length, "answered by the app").toBeGreaterThan(0);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await expect.poll(() => alive(pids[0]!)).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
