/**
 * Crash tests of the accounting API (tests/integration/accounting-crash.test.ts, bench/accounting-crash.ts).
 * The API runs as a child process (bench/accounting-server.ts). Clients save and post entries, each write with
 * its own Idempotency-Key; the app or the database is killed in the middle; after the restart every write that
 * got no answer is sent again with its key, and the books are checked: every acknowledged entry is there as it
 * was acknowledged, no action made two entries, and each organization's numbers run from 1 without a gap.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const SERVER_SCRIPT = path.join(import.meta.dirname, "../../bench/accounting-server.ts");
export const SEED_PASSWORD = "crash-test-Quiet-harbor-42";

// ---------------------------------------------------------------------------------------------------------
// The app as a child process

export interface AppProcess {
  child: ChildProcess;
  base: string;
  /** What the process wrote to stderr so far. */
  stderr(): string;
}

export async function startApp(opts: { port: number; dataDir?: string; databaseUrl?: string; seedUsers: number }): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(opts.port), SEED_USERS: String(opts.seedUsers), SEED_PASSWORD };
  delete env.BENCH_DATABASE_URL;
  if (opts.databaseUrl) env.BENCH_DATABASE_URL = opts.databaseUrl;
  if (opts.dataDir) env.DATA_DIR = opts.dataDir;
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_SCRIPT], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`app exited with ${code} before it was ready: ${stderr}`));
    child.once("exit", onExit);
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) {
        child.off("exit", onExit);
        resolve();
      }
    });
  });
  return { child, base: `http://127.0.0.1:${opts.port}`, stderr: () => stderr };
}

/** kill -9, and wait until the process is gone. */
export async function killApp(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  const gone = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGKILL");
  await gone;
}

// ---------------------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true, timeout: 2000 });

/** One HTTP request; rejects on a network failure (no answer). */
export function request(
  base: string,
  p: string,
  init: { method?: string; json?: unknown; cookie?: string; key?: string } = {},
): Promise<Answer> {
  const body = init.json !== undefined ? JSON.stringify(init.json) : "";
  const headers: http.OutgoingHttpHeaders = { origin: base, "content-length": Buffer.byteLength(body) };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (init.key) headers["idempotency-key"] = init.key;
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${base}${p}`,
      { method: init.method ?? (init.json !== undefined ? "POST" : "GET"), headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

export interface Owner {
  email: string;
  cookie: string;
  /** The API path of the owner's books (`/api/accounting/orgs/:id`). */
  books: string;
  accounts: number[];
}

/** Signs in the seeded owners (one organization each) and reads their accounts. */
export async function signInOwners(base: string, count: number): Promise<Owner[]> {
  const owners: Owner[] = [];
  for (let i = 1; i <= count; i++) {
    const email = `crash-${i}@example.com`;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const body = JSON.stringify({ email, password: SEED_PASSWORD });
      const req = http.request(
        `${base}/api/auth/sign-in/email`,
        {
          method: "POST",
          headers: { origin: base, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        resolve,
      );
      req.on("error", reject);
      req.end(body);
    });
    res.resume();
    if (res.statusCode !== 200) throw new Error(`sign-in ${email}: ${res.statusCode}`);
    const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    const orgs = await request(base, "/api/accounting/orgs", { cookie });
    if (orgs.status !== 200) throw new Error(`organizations: ${orgs.status} ${JSON.stringify(orgs.body)}`);
    const books = `/api/accounting/orgs/${(orgs.body as { organizations: { id: number }[] }).organizations[0]!.id}`;
    const acc = await request(base, `${books}/accounts`, { cookie });
    if (acc.status !== 200) throw new Error(`accounts: ${acc.status} ${JSON.stringify(acc.body)}`);
    owners.push({ email, cookie, books, accounts: (acc.body as { accounts: { id: number }[] }).accounts.map((a) => a.id) });
  }
  return owners;
}

// ---------------------------------------------------------------------------------------------------------
// The load: each client saves an entry, then posts it; each write is one action with its own key

interface EntryAnswer {
  id: number;
  entry_number: string;
  status: string;
}

export interface Action {
  owner: number;
  kind: "save" | "post";
  key: string;
  path: string;
  json?: unknown;
  /** The first 2xx answer (the acknowledgement), once there is one. */
  ack?: EntryAnswer;
  /** Answers other than 2xx, and network failures, in order. */
  failures: string[];
}

export interface Load {
  actions: Action[];
  /** Stops the clients (each ends after its current action). */
  stop(): void;
  /** Resolves when every client has stopped. */
  done: Promise<void>;
  acknowledged(): number;
}

function entryJson(owner: Owner, c: number, i: number) {
  const pick = (k: number) => owner.accounts[(c * 7 + i * 3 + k * 5) % owner.accounts.length]!;
  const a = (1000 + ((c * 97 + i * 13) % 9000)) / 100;
  return {
    description: `Crash load ${c}-${i}`,
    entry_date: "2026-06-30",
    lines: [
      { account_id: pick(0), debit_amount: a, credit_amount: 0 },
      { account_id: pick(1), debit_amount: 0, credit_amount: a },
    ],
  };
}

async function attempt(base: string, owner: Owner, action: Action): Promise<boolean> {
  try {
    const res = await request(base, `${owner.books}${action.path}`, { cookie: owner.cookie, key: action.key, json: action.json ?? {} });
    if (res.status >= 200 && res.status < 300) {
      action.ack ??= (res.body as { entry: EntryAnswer }).entry;
      return true;
    }
    action.failures.push(`${res.status} ${JSON.stringify(res.body)}`);
  } catch (err) {
    action.failures.push(`network: ${(err as Error).message}`);
  }
  return false;
}

/**
 * Starts `clients` clients spread over the owners. Each saves an entry then (with `post`) posts it, again and
 * again. A client
 * whose action gets no 2xx answer stops there (its action is left unanswered, to be retried after the restart).
 */
export function startLoad(base: string, owners: Owner[], clients: number, opts: { post: boolean }, actions: Action[] = []): Load {
  let stopped = false;
  const run = async (c: number) => {
    const owner = owners[c % owners.length]!;
    for (let i = 0; !stopped; i++) {
      const save: Action = {
        owner: c % owners.length,
        kind: "save",
        key: randomUUID(),
        path: "/entries",
        json: entryJson(owner, c, i),
        failures: [],
      };
      actions.push(save);
      if (!(await attempt(base, owner, save))) return;
      if (stopped || !opts.post) continue;
      const post: Action = {
        owner: c % owners.length,
        kind: "post",
        key: randomUUID(),
        path: `/entries/${save.ack!.id}/post`,
        failures: [],
      };
      actions.push(post);
      if (!(await attempt(base, owner, post))) return;
    }
  };
  // Each client's own runs are numbered apart, so that descriptions stay distinct across load phases.
  const offset = actions.length * 1000;
  const done = Promise.all(Array.from({ length: clients }, (_, c) => run(c + offset))).then(() => undefined);
  return { actions, stop: () => (stopped = true), done, acknowledged: () => actions.filter((a) => a.ack).length };
}

/**
 * Sends every unanswered action again with its key until it is answered 2xx (or `tries` run out), then posts
 * the drafts whose post was never sent. Returns the actions still unanswered.
 */
export async function retryUnanswered(base: string, owners: Owner[], actions: Action[], tries = 20): Promise<Action[]> {
  for (const a of actions.filter((x) => !x.ack)) {
    for (let t = 0; t < tries && !(await attempt(base, owners[a.owner]!, a)); t++) await new Promise((r) => setTimeout(r, 250));
  }
  const postedIds = new Set(actions.filter((a) => a.kind === "post").map((a) => a.path));
  for (const save of actions.filter((a) => a.kind === "save" && a.ack)) {
    const p = `/entries/${save.ack!.id}/post`;
    if (postedIds.has(p)) continue;
    const post: Action = { owner: save.owner, kind: "post", key: randomUUID(), path: p, failures: [] };
    actions.push(post);
    await attempt(base, owners[save.owner]!, post);
  }
  return actions.filter((a) => !a.ack);
}

// ---------------------------------------------------------------------------------------------------------
// The check

export interface Books {
  /** Acknowledged actions whose entry is missing, or not in the acknowledged state. */
  lost: string[];
  /** Per organization: the entry count, and whether the numbers are exactly 1..count. */
  numbering: { owner: number; entries: number; gapless: boolean }[];
  /** Save actions that made more than one entry (same description twice). */
  duplicates: string[];
  drafts: number;
  /** Answers that were errors other than the network failing or the database being away (5xx). */
  refusals: string[];
}

async function allEntries(base: string, owner: Owner): Promise<(EntryAnswer & { description: string })[]> {
  const out: (EntryAnswer & { description: string })[] = [];
  for (let n = 1; ; n += 1) {
    const res = await request(base, `${owner.books}/entries?page=${n}`, { cookie: owner.cookie });
    if (res.status !== 200) throw new Error(`entries: ${res.status}`);
    const page = res.body as { entries: (EntryAnswer & { description: string })[]; has_more: boolean };
    out.push(...page.entries);
    if (!page.has_more) return out;
  }
}

export async function checkBooks(base: string, owners: Owner[], actions: Action[]): Promise<Books> {
  const books: Books = { lost: [], numbering: [], duplicates: [], drafts: 0, refusals: [] };
  for (const [o, owner] of owners.entries()) {
    const entries = await allEntries(base, owner);
    const byId = new Map(entries.map((e) => [Number(e.id), e]));
    for (const a of actions.filter((x) => x.owner === o && x.ack)) {
      const e = byId.get(Number(a.ack!.id));
      if (!e || e.entry_number !== a.ack!.entry_number || (a.kind === "post" && e.status !== "posted")) {
        books.lost.push(`${a.kind} ${a.ack!.entry_number} (id ${a.ack!.id})`);
      }
    }
    const numbers = entries.map((e) => Number(e.entry_number.replace(/^JE-0*/, ""))).sort((x, y) => x - y);
    books.numbering.push({ owner: o, entries: entries.length, gapless: numbers.every((n, i) => n === i + 1) });
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(e.description)) books.duplicates.push(e.description);
      seen.add(e.description);
    }
    books.drafts += entries.filter((e) => e.status !== "posted").length;
  }
  for (const a of actions)
    for (const f of a.failures) if (!f.startsWith("network") && !f.startsWith("5")) books.refusals.push(`${a.kind} ${a.path}: ${f}`);
  return books;
}

// ---------------------------------------------------------------------------------------------------------
// A private PostgreSQL cluster (never the shared server): initdb + pg_ctl in a temporary folder

export interface Cluster {
  url: string;
  /** pg_ctl stop -m immediate: no shutdown checkpoint, like a crash. */
  stopImmediate(): Promise<void>;
  /** SIGKILL to the postmaster and every backend. */
  kill9(): Promise<void>;
  start(): void;
  destroy(): void;
}

/** The folder of initdb and pg_ctl, or null when PostgreSQL's server programs are not installed. */
export function postgresBinDir(): string | null {
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const candidates = [
    ...(fromConfig.status === 0 ? [fromConfig.stdout.trim()] : []),
    ...(existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort()
          .reverse()
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return candidates.find((d) => existsSync(path.join(d, "initdb")) && existsSync(path.join(d, "pg_ctl"))) ?? null;
}

export function createCluster(binDir: string, port: number): Cluster {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "ll-crash-pg-"));
  const data = path.join(dir, "data");
  if (root) {
    const pwd = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(pwd.stdout), Number(gid.stdout));
  }
  // PostgreSQL refuses to run as root: as root, run its programs as the postgres user.
  const run = (prog: string, args: string[]) => {
    const cmd = root ? "runuser" : path.join(binDir, prog);
    const argv = root ? ["-u", "postgres", "--", path.join(binDir, prog), ...args] : args;
    const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: dir });
    if (r.status !== 0) throw new Error(`${prog} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on`,
      "start",
    ]);
  start();
  const pid = () => Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Run without blocking this process, so that the clients' requests are in flight while PostgreSQL stops.
    stopImmediate: () =>
      new Promise<void>((resolve, reject) => {
        const args = ["-D", data, "-m", "immediate", "-w", "stop"];
        const child = root
          ? spawn("runuser", ["-u", "postgres", "--", path.join(binDir, "pg_ctl"), ...args], { cwd: dir })
          : spawn(path.join(binDir, "pg_ctl"), args, { cwd: dir });
        child.once("error", reject);
        child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl stop -m immediate exited with ${code}`))));
      }),
    async kill9() {
      const master = pid();
      const children = readdirSync("/proc")
        .filter((d) => /^\d+$/.test(d))
        .filter((d) => {
          try {
            const stat = readFileSync(`/proc/${d}/stat`, "utf8");
            return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === master;
          } catch {
            return false;
          }
        })
        .map(Number);
      for (const p of [master, ...children]) {
        try {
          process.kill(p, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
      // Until the processes are reaped: PostgreSQL refuses to start while the old postmaster's PID exists.
      for (let i = 0; i < 400 && [master, ...children].some((p) => existsSync(`/proc/${p}`)); i++)
        await new Promise((r) => setTimeout(r, 50));
    },
    start,
    destroy() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "ll-crash-data-"));
}

export function closeAgent(): void {
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------------------
// Visitors sending the contact form, beside the books' load

export interface LeadLoad {
  /** Answers by status (and "network" for no answer). */
  answers: Map<string, number>;
  stop(): void;
  done: Promise<void>;
}

/** `senders` visitors each sending the contact form again and again until stopped. */
export function startLeads(base: string, senders: number): LeadLoad {
  let stopped = false;
  const answers = new Map<string, number>();
  const count = (k: string) => answers.set(k, (answers.get(k) ?? 0) + 1);
  const run = async (s: number) => {
    for (let i = 0; !stopped; i++) {
      const json = { firstName: "Crash", lastName: `Visitor ${s}`, email: `visitor-${s}-${i}@example.com`, message: "Please call me." };
      try {
        count(String((await request(base, "/api/leads/contact", { json })).status));
      } catch {
        count("network");
      }
    }
  };
  const done = Promise.all(Array.from({ length: senders }, (_, s) => run(s))).then(() => undefined);
  return { answers, stop: () => (stopped = true), done };
}
