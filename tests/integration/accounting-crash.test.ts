import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkBooks,
  closeAgent,
  createCluster,
  killApp,
  postgresBinDir,
  retryUnanswered,
  signInOwners,
  startApp,
  request,
  startLeads,
  startLoad,
  tempDataDir,
  type Action,
  type AppProcess,
  type Cluster,
  type Load,
  type Owner,
} from "../support/crash-harness.ts";
import { missing } from "../support/prerequisite.ts";

// Every write the API acknowledged survives a crash of the app or of the database, and a write that got no
// answer, sent again with its Idempotency-Key, gives its first result instead of an error or a second entry.
// Short runs (about a second of load per crash); bench/accounting-crash.ts runs the same checks longer.

const ORGS = 2;
const CLIENTS = 8;

/** Lets the load run until `n` more writes are acknowledged (or 10 s pass). */
async function runUntil(load: Load, n: number) {
  const target = load.acknowledged() + n;
  for (let i = 0; i < 200 && load.acknowledged() < target; i++) await new Promise((r) => setTimeout(r, 50));
}

async function expectBooksIntact(app: AppProcess, owners: Owner[], actions: Action[]) {
  const unanswered = await retryUnanswered(app.base, owners, actions);
  const books = await checkBooks(app.base, owners, actions);
  expect(books.lost).toEqual([]);
  expect(unanswered.map((a) => `${a.kind} ${a.path}: ${a.failures.join("; ")}`)).toEqual([]);
  expect(books.duplicates).toEqual([]);
  expect(books.refusals).toEqual([]);
  expect(books.drafts).toBe(0);
  expect(books.numbering.every((n) => n.gapless)).toBe(true);
  // Each save action made exactly one entry.
  const saves = actions.filter((a) => a.kind === "save").length;
  expect(books.numbering.reduce((sum, n) => sum + n.entries, 0)).toBe(saves);
}

describe("accounting: crashes lose no acknowledged write", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    closeAgent();
  });

  it("kill -9 of the app on the embedded database, during draft saves, then during saves and posts", async () => {
    const dataDir = tempDataDir();
    const port = 4300 + Math.floor(Math.random() * 500);
    let app = await startApp({ port, dataDir, seedUsers: ORGS });
    cleanups.push(async () => {
      await killApp(app);
      rmSync(dataDir, { recursive: true, force: true });
    });
    const owners = await signInOwners(app.base, ORGS);
    const actions: Action[] = [];

    for (const post of [false, true]) {
      const load = startLoad(app.base, owners, CLIENTS, { post }, actions);
      await runUntil(load, 30);
      await killApp(app);
      load.stop();
      await load.done;
      app = await startApp({ port, dataDir, seedUsers: ORGS });
    }
    expect(actions.filter((a) => a.ack).length).toBeGreaterThanOrEqual(60);
    await expectBooksIntact(app, owners, actions);
  }, 600_000);

  const binDir = postgresBinDir();
  const noPostgres = missing(binDir, "PostgreSQL's server programs (initdb and pg_ctl, from `pg_config --bindir` or /usr/lib/postgresql)");
  it.skipIf(noPostgres)(
    "on PostgreSQL: kill -9 of the app, kill -9 of PostgreSQL, immediate stop of PostgreSQL",
    async () => {
      const pgPort = 15400 + Math.floor(Math.random() * 500);
      const cluster: Cluster = createCluster(binDir!, pgPort);
      cleanups.push(() => cluster.destroy());
      const port = 4900 + Math.floor(Math.random() * 500);
      let app = await startApp({ port, databaseUrl: cluster.url, seedUsers: ORGS });
      cleanups.push(() => killApp(app));
      const owners = await signInOwners(app.base, ORGS);
      const actions: Action[] = [];

      // The app dies in the middle of saves and posts; the database lives on.
      let load = startLoad(app.base, owners, CLIENTS, { post: true }, actions);
      await runUntil(load, 30);
      await killApp(app);
      load.stop();
      await load.done;
      app = await startApp({ port, databaseUrl: cluster.url, seedUsers: ORGS });
      await retryUnanswered(app.base, owners, actions);

      // Every PostgreSQL process is killed in the middle of draft saves (a draft committed without a flush
      // would be lost here), then PostgreSQL is stopped immediately in the middle of saves and posts.
      for (const [post, crash] of [
        [false, () => cluster.kill9()],
        [true, () => cluster.stopImmediate()],
      ] as const) {
        load = startLoad(app.base, owners, CLIENTS, { post }, actions);
        await runUntil(load, 30);
        await crash();
        load.stop();
        await load.done;
        cluster.start();
        await retryUnanswered(app.base, owners, actions);
      }
      expect(actions.filter((a) => a.ack).length).toBeGreaterThanOrEqual(90);
      await expectBooksIntact(app, owners, actions);
    },
    600_000,
  );

  it.skipIf(noPostgres)(
    "on PostgreSQL: an immediate stop under concurrent saves, posts and leads leaves the process alive, answering 503, then serving again",
    async () => {
      const pgPort = 15900 + Math.floor(Math.random() * 500);
      const cluster: Cluster = createCluster(binDir!, pgPort);
      cleanups.push(() => cluster.destroy());
      const port = 5400 + Math.floor(Math.random() * 500);
      const app = await startApp({ port, databaseUrl: cluster.url, seedUsers: ORGS });
      cleanups.push(() => killApp(app));
      let exited: string | null = null;
      app.child.once("exit", (code, signal) => (exited = `exited with ${code ?? signal}: ${app.stderr().slice(-2000)}`));
      const owners = await signInOwners(app.base, ORGS);
      const actions: Action[] = [];

      for (let round = 0; round < 2; round++) {
        const load = startLoad(app.base, owners, CLIENTS, { post: true }, actions);
        const leads = startLeads(app.base, 3);
        await runUntil(load, 15);
        await cluster.stopImmediate();
        // While PostgreSQL is away the API says so: 503 with Retry-After, from the same process.
        let outage = { status: 0, headers: {} as Record<string, unknown> };
        for (let i = 0; i < 100 && outage.status !== 503 && exited === null; i++) {
          outage = await request(app.base, "/api/accounting/orgs", { cookie: owners[0]!.cookie }).catch(() => outage);
          if (outage.status !== 503) await new Promise((r) => setTimeout(r, 50));
        }
        load.stop();
        leads.stop();
        await Promise.all([load.done, leads.done]);
        expect(exited).toBeNull();
        expect(outage.status).toBe(503);
        expect(Number(outage.headers["retry-after"])).toBeGreaterThan(0);
        cluster.start();
        // The same process serves again by itself once PostgreSQL is back.
        let health = await request(app.base, "/api/health").catch(() => ({ status: 0, headers: {} }));
        for (let i = 0; i < 200 && health.status !== 200 && exited === null; i++) {
          await new Promise((r) => setTimeout(r, 50));
          health = await request(app.base, "/api/health").catch(() => ({ status: 0, headers: {} }));
        }
        expect(exited).toBeNull();
        expect(health.status).toBe(200);
      }
      await expectBooksIntact(app, owners, actions);
    },
    600_000,
  );
});
