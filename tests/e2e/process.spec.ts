import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort, runServer as run, waitHealthy } from "./support/server-process.ts";
import { missing } from "../support/prerequisite.ts";

/** The PostgreSQL server to make a database on: E2E_PG_ADMIN_URL, or the local one (PGPASSWORD is honoured). */
const ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

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

  test("WORKERS=2 on PostgreSQL: two processes answer as one server (sessions, idempotency keys, site content), and SIGTERM stops both", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    const refused = await admin.connect().then(
      () => null,
      (e: Error) => e,
    );
    test.skip(
      missing(!refused, `a PostgreSQL server at ${ADMIN_URL} (E2E_PG_ADMIN_URL): ${refused?.message}`),
      `no PostgreSQL server at ${ADMIN_URL}`,
    );
    const dbName = `ll_workers_${Date.now().toString(36)}`;
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    if (!dbUrl.password && process.env.PGPASSWORD) dbUrl.password = process.env.PGPASSWORD;
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "proc-"));
    const server = run({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      DATABASE_URL: dbUrl.href,
      WORKERS: "2",
      LOG_LEVEL: "info",
    });
    let pids: number[] = [];
    try {
      await waitHealthy(port);
      const started = () =>
        server
          .output()
          .split("\n")
          .filter((l) => l.includes('"server started"'));
      await expect.poll(() => started().length, { timeout: 30_000 }).toBe(2);
      pids = started().map((l) => (JSON.parse(l) as { pid: number }).pid);
      expect(new Set(pids).size).toBe(2);

      /** One request on a connection of its own (the primary hands each new connection to a worker in turn). */
      const once = (p: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${port}${p}`, { ...init, headers: { origin, connection: "close", ...init.headers } });
      // Signed in through one worker, recognised by both.
      const email = `workers-${Date.now()}@example.com`;
      const password = "Quiet-harbor-workers-42";
      const json = { "content-type": "application/json" };
      const signUp = await once("/api/auth/sign-up/email", {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          email,
          password,
          name: "Wen Workers",
          firstName: "Wen",
          lastName: "Workers",
          companyName: "Two Workers Ltd",
        }),
      });
      expect(signUp.ok).toBe(true);
      const direct = new pg.Client({ connectionString: dbUrl.href });
      await direct.connect();
      await direct.query("update users set email_verified = true, role = 'admin' where email = $1", [email]);
      await direct.end();
      const signIn = await once("/api/auth/sign-in/email", { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      for (let i = 0; i < 8; i++) expect(await (await once("/api/session", { headers: { cookie } })).json()).toMatchObject({ email });

      // A write retried with its key on the other worker is answered from the first: one record.
      const key = crypto.randomUUID();
      const save = () =>
        once("/api/calculators/submissions", {
          method: "POST",
          headers: { ...json, cookie, "idempotency-key": key },
          body: JSON.stringify({
            calculatorType: "roi",
            inputs: {
              currentRevenue: "500000",
              currentCosts: "350000",
              projectedRevenue: "650000",
              projectedCosts: "400000",
              implementationCost: "50000",
              timeframe: "12",
            },
          }),
        });
      const first = await save();
      const retried = await save();
      expect(retried.status).toBe(first.status);
      expect(retried.headers.get("idempotent-replayed")).toBe("true");
      expect(await retried.json()).toEqual(await first.json());

      // A site content save through one worker shows on the home page from both within a second or two.
      expect(
        (
          await once("/api/firm/site-content/homepage_hero_title", {
            method: "PUT",
            headers: { ...json, cookie },
            body: JSON.stringify({ value: "Two Workers, One Ledger" }),
          })
        ).status,
      ).toBe(200);
      await expect
        .poll(
          async () =>
            (await Promise.all([1, 2, 3, 4].map(async () => (await (await once("/")).text()).includes("Two Workers, One Ledger")))).every(
              Boolean,
            ),
          {
            timeout: 3000,
            intervals: [200],
          },
        )
        .toBe(true);
      // Both workers answered requests.
      const answered = new Set(
        server
          .output()
          .split("\n")
          .filter((l) => l.includes('"path":"/api/session"'))
          .map((l) => (JSON.parse(l) as { pid: number }).pid),
      );
      expect(answered).toEqual(new Set(pids));
      await page.goto(`${origin}/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two Workers, One Ledger");
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      // The workers finished too.
      for (const pid of pids) await expect.poll(() => alive(pid)).toBe(false);
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    }
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
