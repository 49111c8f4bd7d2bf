/**
 * Accounting benchmark (see bench/README.md): one organization, 500 accounts, 250,000 posted entries
 * (1,000,000 lines) on PostgreSQL. Times each report through the HTTP API, the bare SQL aggregates and
 * Debian's `ledger` on the same data, and the owner's dashboard beside its bare SQL; then 16 clients save and post
 * 4-line entries for 30 s, spread over 16 organizations, then all in the one organization. Every acknowledged write is
 * durable (decision 053). Then the database alone: pgbench runs the statements the API sends for each entry
 * (bench/posting-sql) over the same 16 organizations, and the API's posting rate is printed as a ratio of that rate.
 *
 *   npx tsx bench/accounting-bench.ts            (BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_POSTING_ONLY=1 BENCH_WORKERS=2 npx tsx bench/accounting-bench.ts   posting and reports through 2 processes
 *   BENCH_READS_ONLY=1 npx tsx bench/accounting-bench.ts   the bulk load and the reads only (no posting runs)
 *   BENCH_ONLY=budgets npx tsx bench/accounting-bench.ts   the load, then the budget against actual alone (decision 123)
 *   BENCH_ONLY=dashboard npx tsx bench/accounting-bench.ts   the load, then the owner's dashboard alone (decision 121)
 */
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { randomUUID } from "node:crypto";
import { closeAgent, SEED_PASSWORD, signInOwners } from "../tests/support/crash-harness.ts";
import { PgDialect } from "drizzle-orm/pg-core";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = process.env.BENCH_DB_NAME ?? "bench_accounting";
/** Skips the bulk load, the reports and ledger: only the posting runs. */
const POSTING_ONLY = process.env.BENCH_POSTING_ONLY === "1";
/** Skips the posting runs: only the bulk load, the reports, ledger and the dashboard. */
const READS_ONLY = process.env.BENCH_READS_ONLY === "1";
/** "budgets" or "dashboard": after the load, only that one is measured (no reports, ledger or posting). */
const ONLY = process.env.BENCH_ONLY ?? "";
const DB_URL = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const BASE = `http://127.0.0.1:${PORT}`;
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 250_000);
const ACCOUNTS = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CLIENTS = 16;
/** Organizations the clients of the first posting run are spread over (the second run uses one). */
const ORGS = Number(process.env.BENCH_ORGS ?? 16);
const POST_SECONDS = Number(process.env.BENCH_POST_SECONDS ?? 30);
/** How long 16 clients ask for reports, after the posting. */
const REPORT_SECONDS = Number(process.env.BENCH_REPORT_SECONDS ?? 10);
/** Processes of the API sharing its port (node:cluster, decision 093). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** How long pgbench runs the API's statements alone after the posting (bench/posting-sql/run.sh); 0 leaves it out. */
const SQL_SECONDS = Number(process.env.BENCH_SQL_SECONDS ?? 15);
/** Extra Node options for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
const RANGE = { start: "2025-01-01", end: "2025-12-31" }; // one year of the two generated
const TYPES = ["Asset", "Liability", "Equity", "Revenue", "Expense"] as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}
/**
 * Medians of several timed functions, run in turns (a, b, c, a, b, c, ...) after WARMUPS warm-up rounds, so
 * that a change in the machine's load during the measurement weighs on all of them alike.
 */
const WARMUPS = 3;
async function mediansInTurn(fns: (() => Promise<unknown>)[], runs = RUNS): Promise<number[]> {
  for (let i = 0; i < WARMUPS; i++) for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++) for (const [k, fn] of fns.entries()) times[k]!.push((await timed(fn))[0]);
  return times.map(median);
}

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
}

async function startServer() {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "--import", "tsx", path.join(import.meta.dirname, "accounting-server.ts")], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: DB_URL,
      PORT: String(PORT),
      SEED_USERS: String(ORGS),
      SEED_PASSWORD,
      WORKERS: String(WORKERS),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
  });
  return child;
}

async function signIn(db: pg.Client, email: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: BASE };
  const password = "bench-password-Quiet-harbor-42";
  const up = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Bench Owner", firstName: "Bench", lastName: "Owner", companyName: "Bench Books Inc" }),
  });
  if (!up.ok) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
  await db.query(`update users set email_verified = true where email = $1`, [email]);
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * The HTTP client: Node's own http module over kept-alive connections. It costs the load generator about a
 * third of the CPU of fetch() per request, and the generator shares the machine's cores with the API and the
 * database under test.
 */
// Idle sockets are dropped after 2 s, before the server's 5 s keep-alive timeout can close one as it is reused.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS, timeout: 2000 });
/** Each signed-in owner's books: the API path of their first organization, asked once per cookie. */
const booksOf = new Map<string, Promise<string>>();
function books(cookie: string): Promise<string> {
  let path = booksOf.get(cookie);
  if (!path) {
    path = send<{ organizations: { id: number }[] }>(cookie, "/orgs").then((r) => `/orgs/${r.organizations[0]!.id}`);
    booksOf.set(cookie, path);
  }
  return path;
}

/** A call to the books of the cookie's organization (`/me`, `/entries`, ...). */
async function api<T>(cookie: string, p: string, init: { method?: string; json?: unknown; key?: boolean } = {}): Promise<T> {
  return send<T>(cookie, `${await books(cookie)}${p}`, init);
}

function send<T>(cookie: string, p: string, init: { method?: string; json?: unknown; key?: boolean } = {}): Promise<T> {
  const body = init.json !== undefined ? JSON.stringify(init.json) : undefined;
  // Asks for gzip like a browser does: the report timings include the compression a browser's answer gets.
  const headers: http.OutgoingHttpHeaders = {
    cookie,
    origin: BASE,
    "accept-encoding": "gzip",
    "content-length": body ? Buffer.byteLength(body) : 0,
  };
  if (body) headers["content-type"] = "application/json";
  // Writes carry an Idempotency-Key, as the browser's writes do (its answer is stored with the write).
  if (init.key) headers["idempotency-key"] = randomUUID();
  return new Promise<T>((resolve, reject) => {
    const req = http.request(`${BASE}/api/accounting${p}`, { method: init.method ?? (body ? "POST" : "GET"), headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const text = (res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
        if ((res.statusCode ?? 500) >= 400) reject(new Error(`${p}: ${res.statusCode} ${text}`));
        else resolve(JSON.parse(text) as T);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Bulk load straight in SQL (triggers off for the load; day totals computed in one statement after). */
async function generate(db: pg.Client, orgId: number, userId: string) {
  await db.query(`delete from chart_of_accounts where organization_id = $1`, [orgId]);
  await db.query(
    `insert into chart_of_accounts (organization_id, account_code, account_name, account_type, created_by)
     select $1, lpad(g::text, 4, '0'), 'Account ' || g, ($3::text[])[1 + (g % 5)], $2 from generate_series(1, ${ACCOUNTS}) g`,
    [orgId, userId, TYPES],
  );
  await db.query(`set session_replication_role = replica`);
  await db.query(
    `insert into journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, status, created_by, posted_at, posted_by)
     select $1, g, 'Bench entry ' || g, date '2024-01-01' + (g % 731), 'B-' || g,
            (((g::bigint * 7919) % 99999 + 1) + ((g::bigint * 104729) % 99999 + 1))::numeric / 100, 'posted', $2, now(), $2
       from generate_series(1, ${ENTRIES}) g`,
    [orgId, userId],
  );
  await db.query(
    `insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, debit_amount, credit_amount)
     select e.organization_id, e.id, j, ids[1 + ((e.entry_seq * 31 + j * 97) % ${ACCOUNTS})],
            case j when 1 then x when 2 then y else 0 end,
            case j when 3 then x when 4 then y else 0 end
       from journal_entries e
       cross join lateral (select ((e.entry_seq::bigint * 7919) % 99999 + 1)::numeric / 100 as x,
                                  ((e.entry_seq::bigint * 104729) % 99999 + 1)::numeric / 100 as y) amounts
       cross join generate_series(1, 4) j
       cross join (select array_agg(id order by account_code) as ids from chart_of_accounts where organization_id = $1) a
      where e.organization_id = $1`,
    [orgId],
  );
  await taxLines(db, orgId);
  await db.query(
    `insert into account_day_totals (organization_id, day, account_id, debit_total, credit_total)
     select l.organization_id, e.entry_date, l.account_id, sum(l.debit_amount), sum(l.credit_amount)
       from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
      where l.organization_id = $1 group by 1, 2, 3`,
    [orgId],
  );
  await db.query(`update journal_entry_counters set last_number = ${ENTRIES} where organization_id = $1`, [orgId]);
  await db.query(`set session_replication_role = origin`);
  await db.query(`vacuum analyze`);
}

/**
 * A quarter of the lines tax-coded (decision 112): in every other entry, its first line is taxed (a sale at 21 % in
 * one entry of two, a purchase in the other) and its second is the tax line, moved to the code's tax account.
 * Run inside the load, triggers off, before the day totals are computed.
 */
async function taxLines(db: pg.Client, orgId: number) {
  const account = async (code: string) =>
    (await db.query<{ id: number }>(`select id from chart_of_accounts where organization_id = $1 and account_code = $2`, [orgId, code]))
      .rows[0]!.id;
  const [taxOut, taxIn] = [await account("0001"), await account("0005")];
  const code = async (c: string, kind: string, appliesTo: string, baseBox: string, role: string, accountId: number, box: string) => {
    const id = (
      await db.query<{ id: number }>(
        `insert into tax_codes (organization_id, code, name, kind, applies_to, base_boxes) values ($1, $2, $2, $3, $4, array[$5]) returning id`,
        [orgId, c, kind, appliesTo, baseBox],
      )
    ).rows[0]!.id;
    await db.query(
      `insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id, boxes) values ($1, $2, 1, 'VAT', 21, $3, $4, array[$5])`,
      [orgId, id, role, accountId, box],
    );
    return id;
  };
  const sale = await code("S21", "output", "sales", "03", "due", taxOut, "54");
  const purchase = await code("P21", "input", "purchases", "82", "deductible", taxIn, "59");
  await db.query(
    `update journal_entry_lines l
        set tax_code_id = case when e.entry_seq % 4 = 0 then $2::integer else $3::integer end,
            tax_part_no = case when l.line_no = 2 then 1 end,
            tax_base = l.debit_amount - l.credit_amount,
            account_id = case when l.line_no = 1 then l.account_id when e.entry_seq % 4 = 0 then $4::integer else $5::integer end
       from journal_entries e
      where e.id = l.journal_entry_id and e.organization_id = $1 and e.entry_seq % 2 = 0 and l.line_no in (1, 2)`,
    [orgId, purchase, sale, taxIn, taxOut],
  );
}

/** The tax return's aggregate (src/features/tax/tax-return.server.ts), as the API sends it. */
const BARE_TAX_RETURN = `select l.tax_code_id, l.tax_part_no, case when l.tax_part_no is null then null else l.account_id end as account_id,
    (e.reversal_of is not null and exists (
       select 1 from journal_entries o join tax_returns r on r.organization_id = o.organization_id
                 and o.entry_date between r.period_start and r.period_end
        where o.id = e.reversal_of and o.organization_id = $1 and o.entry_date < $2::date)) as correction,
    sum(l.tax_base)::text as base, sum(l.debit_amount - l.credit_amount)::text as amount, count(*)::integer as n
  from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
  where l.organization_id = $1 and l.tax_code_id is not null
    and e.organization_id = $1 and e.status = 'posted' and e.entry_date between $2::date and $3::date
  group by 1, 2, 3, 4`;

/** The tax return of a quarter and of the year 2025 through the API, beside its bare aggregate. */
async function taxReturnTimes(cookie: string, db: pg.Client, orgId: number) {
  const out: Record<string, string>[] = [];
  for (const [label, from, to] of [
    ["quarter 2025-Q2", "2025-04-01", "2025-06-30"],
    ["year 2025", RANGE.start, RANGE.end],
  ] as const) {
    let boxes = 0;
    const [apiMs, bare] = await mediansInTurn([
      async () => {
        boxes = (await api<{ tax_return: { boxes: unknown[] } }>(cookie, `/tax-return?from=${from}&to=${to}`)).tax_return.boxes.length;
      },
      () => db.query(BARE_TAX_RETURN, [orgId, from, to]),
    ]);
    const lines = (await db.query<{ n: number }>(`select sum(n)::integer as n from (${BARE_TAX_RETURN}) x`, [orgId, from, to])).rows[0]!.n;
    out.push({
      "tax return": label,
      api: ms(apiMs!),
      "bare SQL (aggregate)": ms(bare!),
      "api / SQL": (apiMs! / bare!).toFixed(2),
      "tax-coded lines": String(lines),
      boxes: String(boxes),
    });
  }
  const plan = await db.query<{ "QUERY PLAN": string }>(`explain (analyze, costs off, timing off) ${BARE_TAX_RETURN}`, [
    orgId,
    RANGE.start,
    RANGE.end,
  ]);
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  return out;
}

const BARE_TOTALS = `select account_id, sum(debit_total), sum(credit_total) from account_day_totals
  where organization_id = $1 and day between $2 and $3 group by account_id`;
/** What the trial balance needs: each account's totals over the range and over all history before it (opening). */
const BARE_TOTALS_SPLIT = `select account_id,
    sum(debit_total) filter (where day >= $2), sum(credit_total) filter (where day >= $2),
    sum(debit_total) filter (where day < $2), sum(credit_total) filter (where day < $2)
  from account_day_totals where organization_id = $1 and day <= $3 group by account_id`;
const BARE_LINES = `select l.account_id, sum(l.debit_amount), sum(l.credit_amount)
  from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
  where e.organization_id = $1 and e.status = 'posted' and e.entry_date between $2 and $3 group by l.account_id`;

async function exportLedger(db: pg.Client, orgId: number, file: string) {
  const out = createWriteStream(file);
  const cursorSize = 20_000;
  for (let from = 1; from <= ENTRIES; from += cursorSize) {
    const { rows } = await db.query<{ d: string; n: string; acct: string; amt: string }>(
      `select e.entry_date::text as d, e.entry_number as n, a.account_type || ':' || a.account_code as acct,
              (l.debit_amount - l.credit_amount)::text as amt
         from journal_entries e join journal_entry_lines l on l.journal_entry_id = e.id join chart_of_accounts a on a.id = l.account_id
        where e.organization_id = $1 and e.status = 'posted' and e.entry_seq between $2 and $3
        order by e.entry_seq, l.line_no`,
      [orgId, from, from + cursorSize - 1],
    );
    let chunk = "";
    let last = "";
    for (const r of rows) {
      if (r.n !== last) {
        chunk += `\n${r.d} * ${r.n}\n`;
        last = r.n;
      }
      chunk += `    ${r.acct}  $${r.amt}\n`;
    }
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

function ledgerBalances(file: string, start: string, endExclusive: string): { ms: number; balances: Map<string, string> } {
  const t0 = performance.now();
  const r = spawnSync(
    "ledger",
    ["-f", file, "-b", start, "-e", endExclusive, "bal", "--flat", "--no-total", "-F", "%(account)\t%(quantity(display_total))\n"],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const elapsed = performance.now() - t0;
  if (r.status !== 0) throw new Error(`ledger failed: ${r.stderr}`);
  const balances = new Map<string, string>();
  for (const line of r.stdout.trim().split("\n")) {
    const [acct, q] = line.split("\t");
    if (acct && q) balances.set(acct.split(":")[1]!, Number(q.replace(/,/g, "")).toFixed(2));
  }
  return { ms: elapsed, balances };
}

/**
 * CPU seconds used so far by the API processes (the bench server and its children), all PostgreSQL processes
 * and this load generator, from /proc (Linux). Tells where each entry's CPU goes on a machine whose cores
 * all three share.
 */
function cpuSeconds(serverPid: number): { api: number; postgres: number; client: number } {
  const tick = 100; // USER_HZ
  const own = process.cpuUsage();
  const out = { api: 0, postgres: 0, client: (own.user + own.system) / 1e6 };
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const used = (Number(f[11]) + Number(f[12])) / tick; // utime, stime
    if (Number(pid) === serverPid || Number(f[1]) === serverPid) out.api += used;
    else if (comm === "postgres") out.postgres += used;
  }
  return out;
}

interface PostingOwner {
  cookie: string;
  accountIds: number[];
  orgId: number;
}

/**
 * CLIENTS clients, client c working for owners[c % owners.length], each saving a 4-line entry and posting it
 * (two requests, each with an Idempotency-Key) for POST_SECONDS. Then checks, per organization, that the new
 * numbers are distinct and follow the previous ones without a gap, that no draft is left and every entry balances.
 */
async function postingThroughput(db: pg.Client, owners: PostingOwner[], serverPid: number) {
  const orgIds = owners.map((o) => o.orgId);
  const before = new Map(
    (
      await db.query<{ org: number; n: number }>(
        `select o as org, coalesce((select max(entry_seq) from journal_entries where organization_id = o), 0)::int as n from unnest($1::int[]) o`,
        [orgIds],
      )
    ).rows.map((r) => [r.org, r.n]),
  );
  const deadline = performance.now() + POST_SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const saveMs: number[] = [];
  const postMs: number[] = [];
  const client = async (c: number) => {
    const { cookie, accountIds } = owners[c % owners.length]!;
    let i = 0;
    while (performance.now() < deadline) {
      i++;
      const pick = (k: number) => accountIds[(c * 131 + i * 17 + k * 53) % accountIds.length]!;
      const a = (1000 + ((c * 1000 + i) % 9000)) / 100;
      try {
        const [saved, { entry }] = await timed(() =>
          api<{ entry: { id: number } }>(cookie, "/entries", {
            key: true,
            json: {
              description: `Load ${c}-${i}`,
              entry_date: "2026-06-30",
              lines: [
                { account_id: pick(0), debit_amount: a, credit_amount: 0 },
                { account_id: pick(1), debit_amount: 1.25, credit_amount: 0 },
                { account_id: pick(2), debit_amount: 0, credit_amount: a },
                { account_id: pick(3), debit_amount: 0, credit_amount: 1.25 },
              ],
            },
          }),
        );
        const [posted] = await timed(() => api(cookie, `/entries/${entry.id}/post`, { method: "POST", key: true }));
        saveMs.push(saved);
        postMs.push(posted);
        done++;
      } catch (err) {
        failed++;
        if (failed < 5) console.error(String(err));
      }
    }
  };
  const t0 = performance.now();
  const cpu0 = cpuSeconds(serverPid);
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = cpuSeconds(serverPid);
  const cpuMsPerEntry = {
    api: ((cpu1.api - cpu0.api) * 1000) / done,
    postgres: ((cpu1.postgres - cpu0.postgres) * 1000) / done,
    client: ((cpu1.client - cpu0.client) * 1000) / done,
  };
  let n = 0;
  let drafts = 0;
  let unbalanced = 0;
  let contiguous = true;
  for (const orgId of orgIds) {
    const from = before.get(orgId)!;
    const check = (
      await db.query<{ n: number; lo: number; hi: number; distinct_n: number; drafts: number; unbalanced: number }>(
        `select count(*)::int as n, min(entry_seq) as lo, max(entry_seq) as hi, count(distinct entry_seq)::int as distinct_n,
                count(*) filter (where status <> 'posted')::int as drafts,
                (select count(*)::int from (select l.journal_entry_id from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
                    where e.organization_id = $1 and e.entry_seq > $2
                    group by l.journal_entry_id having sum(l.debit_amount) <> sum(l.credit_amount)) u) as unbalanced
           from journal_entries where organization_id = $1 and entry_seq > $2`,
        [orgId, from],
      )
    ).rows[0]!;
    n += check.n;
    drafts += check.drafts;
    unbalanced += check.unbalanced;
    contiguous &&= check.n === 0 || (check.hi - check.lo + 1 === check.n && check.distinct_n === check.n && check.lo === from + 1);
  }
  return {
    done,
    failed,
    seconds,
    perSecond: done / seconds,
    cpuMsPerEntry,
    saveMs: median(saveMs),
    postMs: median(postMs),
    n,
    drafts,
    unbalanced,
    contiguous,
  };
}

function reportPosting(label: string, orgs: number, t: Awaited<ReturnType<typeof postingThroughput>>) {
  console.log(
    `posting, ${label}: ${CLIENTS} clients over ${orgs} organization(s), ${WORKERS} API process(es), ${t.seconds.toFixed(1)} s: ${t.done} entries saved and posted (${t.perSecond.toFixed(0)}/s), ${t.failed} failed; ` +
      `median save ${ms(t.saveMs)}, post ${ms(t.postMs)}; ` +
      `${t.n} new entries, numbers contiguous per organization: ${t.contiguous}; drafts left: ${t.drafts}; unbalanced: ${t.unbalanced}; ` +
      `CPU per entry: API ${ms(t.cpuMsPerEntry.api)}, PostgreSQL ${ms(t.cpuMsPerEntry.postgres)}, load generator ${ms(t.cpuMsPerEntry.client)}`,
  );
}

/**
 * The database alone: bench/posting-sql/run.sh, on this bench's database and the spread run's organizations, runs
 * under pgbench the statements the API sends for each entry. Its last line (entries/s, PostgreSQL's CPU per entry).
 */
async function databaseAlone(): Promise<{ perSecond: number; line: string }> {
  const admin = new URL(ADMIN_URL);
  // Not spawnSync: the event loop keeps running, so the HTTP agent drops the connections the API closes meanwhile.
  const child = spawn("bash", [path.join(import.meta.dirname, "posting-sql", "run.sh"), String(SQL_SECONDS)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      BENCH_DB_NAME: DB_NAME,
      BENCH_ORGS: String(ORGS),
      PGHOST: admin.hostname,
      PGPORT: admin.port || "5432",
      PGUSER: decodeURIComponent(admin.username) || "postgres",
      ...(admin.password ? { PGPASSWORD: decodeURIComponent(admin.password) } : {}),
    },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const [status] = (await once(child, "exit")) as [number | null];
  const line = out.trim().split("\n").at(-1) ?? "";
  const perSecond = Number(/entries\/s: ([\d.]+)/.exec(line)?.[1]);
  if (status !== 0 || !(perSecond > 0)) throw new Error(`bench/posting-sql/run.sh failed: ${out}`);
  return { perSecond, line };
}

/**
 * Reports under load: the 16 clients ask, in turns, for the trial balance, the P&L and the balance sheet of the
 * posting's year in the spread organizations (what the posting wrote) for REPORT_SECONDS. Requests per second and
 * the median, with the CPU it took.
 */
async function reportThroughput(owners: PostingOwner[], serverPid: number) {
  const paths = ["/reports/trial_balance", "/reports/profit_loss", "/reports/balance_sheet"].map(
    (p) => `${p}?start=2026-01-01&end=2026-12-31`,
  );
  const deadline = performance.now() + REPORT_SECONDS * 1000;
  const times: number[] = [];
  let failed = 0;
  const client = async (c: number) => {
    const { cookie } = owners[c % owners.length]!;
    for (let i = c; performance.now() < deadline; i++) {
      try {
        times.push((await timed(() => api(cookie, paths[i % paths.length]!)))[0]);
      } catch (err) {
        failed++;
        if (failed < 5) console.error(String(err));
      }
    }
  };
  const t0 = performance.now();
  const cpu0 = cpuSeconds(serverPid);
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = cpuSeconds(serverPid);
  console.log(
    `reports: ${CLIENTS} clients over ${owners.length} organization(s), ${WORKERS} API process(es), ${seconds.toFixed(1)} s: ` +
      `${times.length} reports (${(times.length / seconds).toFixed(0)}/s), ${failed} failed; median ${ms(median(times))}; ` +
      `CPU per report: API ${ms(((cpu1.api - cpu0.api) * 1000) / times.length)}, PostgreSQL ${ms(((cpu1.postgres - cpu0.postgres) * 1000) / times.length)}`,
  );
}

/**
 * The journal's search (GET /entries, what the Journal screen's loader runs) over the generated books: the first and
 * the last page, words that match every entry, one entry or none, an account, a month. Medians, API and its rows.
 */
async function journalSearch(cookie: string, db: pg.Client, orgId: number) {
  const account = (
    await db.query<{ id: number }>(`select id from chart_of_accounts where organization_id = $1 order by account_code limit 1`, [orgId])
  ).rows[0]!.id;
  const lastPage = Math.ceil(ENTRIES / 100);
  const queries = [
    "",
    `page=${lastPage}`,
    "q=bench+entry",
    `q=B-${ENTRIES - 1}`,
    "q=no-such-words",
    "q=1%2C234.56",
    `account=${account}`,
    "from=2025-06-01&to=2025-06-30",
    `q=entry&account=${account}&from=2025-01-01&to=2025-12-31`,
    "status=draft",
  ];
  const out: Record<string, string>[] = [];
  for (const q of queries) {
    let rows = 0;
    const [t] = await mediansInTurn([
      async () => {
        rows = (await api<{ entries: unknown[] }>(cookie, `/entries?${q}`)).entries.length;
      },
    ]);
    out.push({ query: q || "(none)", api: ms(t!), rows: String(rows) });
  }
  return out;
}

/**
 * The general ledger of one account (about 2,000 of the 1,000,000 lines): a month (June 2025, one page), the year 2025
 * (first page of 500 and the page after it) and the year's CSV, through the HTTP API; beside them the bare SQL of the
 * month's lines. Medians, API and its lines.
 */
async function generalLedgerTimes(cookie: string, db: pg.Client, orgId: number) {
  const account = (
    await db.query<{ id: number }>(`select id from chart_of_accounts where organization_id = $1 order by account_code limit 1`, [orgId])
  ).rows[0]!.id;
  const base = `/reports/general_ledger?account=${account}`;
  const year = await api<{ ledger: { next: string | null } }>(cookie, `${base}&start=2025-01-01&end=2025-12-31`);
  const cases: [string, string][] = [
    ["month (2025-06)", `${base}&start=2025-06-01&end=2025-06-30`],
    ["year 2025, page 1", `${base}&start=2025-01-01&end=2025-12-31`],
    ["year 2025, page 2", `${base}&start=2025-01-01&end=2025-12-31&after=${year.ledger.next}`],
  ];
  const out: Record<string, string>[] = [];
  for (const [label, p] of cases) {
    let rows = 0;
    const [t, bare] = await mediansInTurn([
      async () => {
        rows = (await api<{ ledger: { lines: unknown[] } }>(cookie, p)).ledger.lines.length;
      },
      () =>
        db.query(
          `select e.entry_number, e.entry_date, l.debit_amount, l.credit_amount from journal_entries e
             join journal_entry_lines l on l.organization_id = e.organization_id and l.journal_entry_id = e.id
            where e.organization_id = $1 and e.status = 'posted' and e.entry_date between '2025-06-01' and '2025-06-30' and l.account_id = $2
            order by e.entry_date, e.entry_seq, l.line_no`,
          [orgId, account],
        ),
    ]);
    out.push({ "general ledger": label, api: ms(t!), "bare SQL (the month's lines)": ms(bare!), lines: String(rows) });
  }
  const csvPath = `${await books(cookie)}${base.replace("general_ledger?", "general_ledger/csv?")}&start=2025-01-01&end=2025-12-31`;
  const [csvMs] = await mediansInTurn([
    () =>
      new Promise<void>((resolve, reject) =>
        http
          .get(`${BASE}/api/accounting${csvPath}`, { headers: { cookie }, agent }, (res) => {
            res.resume();
            res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`csv: ${res.statusCode}`))));
          })
          .on("error", reject),
      ),
  ]);
  out.push({ "general ledger": "year 2025, CSV", api: ms(csvMs!), "bare SQL (the month's lines)": "", lines: "all" });
  return out;
}

/**
 * The owner's dashboard (decision 121) as of the last generated day: its read through the HTTP API and through the server
 * function the home's loader calls (the one statement, the figures and the charts laid out), beside the same statement
 * in bare SQL. For the
 * time of the measurement the books get a bank account (on their first asset account) and sales settings (on an asset
 * and a liability account), so that cash and the control accounts are read over their two years; both are removed after.
 * The application's modules are imported here, when needed: the database module sets how pg reads dates and numbers for
 * the whole process, which the measurements before this one do not share.
 */
async function dashboardTimes(cookie: string, db: pg.Client, orgId: number) {
  const { openDatabase } = await import("../src/server/db/client.ts");
  const { ownerDashboard } = await import("../src/features/insight/index.server.ts");
  const { dashboardQuery } = await import("../src/features/insight/dashboard.server.ts");
  const { dashboardWindow } = await import("../src/features/insight/dashboard-figures.ts");
  const pick = async (type: string, n: number) =>
    (
      await db.query<{ id: number }>(
        `select id from chart_of_accounts where organization_id = $1 and account_type = $2 order by account_code offset $3 limit 1`,
        [orgId, type, n],
      )
    ).rows[0]!.id;
  const [bank, receivable, payable] = [await pick("Asset", 0), await pick("Asset", 1), await pick("Liability", 0)];
  await db.query(
    `insert into bank_accounts (organization_id, name, kind, account_id, currency) values ($1, 'Bench bank', 'bank', $2, 'USD')`,
    [orgId, bank],
  );
  await db.query(`insert into sales_settings (organization_id, receivable_account_id, payable_account_id) values ($1, $2, $3)`, [
    orgId,
    receivable,
    payable,
  ]);
  const database = await openDatabase({ url: DB_URL, poolSize: 2 });
  try {
    const asOf = RANGE.end;
    const bare = new PgDialect().sqlToQuery(dashboardQuery(orgId, dashboardWindow(asOf)));
    let categories = 0;
    const [apiMs, fnMs, sqlMs] = await mediansInTurn([
      () => api(cookie, `/dashboard?as_of=${asOf}`),
      async () => {
        categories = (await ownerDashboard(database.db, orgId, "USD", asOf)).expenses.length;
      },
      () => db.query(bare.sql, bare.params),
    ]);
    const rows = (await db.query(bare.sql, bare.params)).rowCount;
    return [
      {
        dashboard: `as of ${asOf}`,
        api: ms(apiMs!),
        "server function": ms(fnMs!),
        "bare SQL (its one statement)": ms(sqlMs!),
        "api / SQL": (apiMs! / sqlMs!).toFixed(2),
        "rows answered": String(rows),
        categories: String(categories),
      },
    ];
  } finally {
    await database.close();
    await db.query(`delete from sales_settings where organization_id = $1`, [orgId]);
    await db.query(`delete from bank_accounts where organization_id = $1 and account_id = $2`, [orgId, bank]);
  }
}

/**
 * The budget against actual (decision 123) of December 2025 (the whole fiscal year 2025: the month, its quarter, the
 * year to date and the forecast), through the API route, through the server function the route and the Reports page
 * call (the statement and the report made from it), and its one statement run bare. For the measurement the books get
 * a budget for 2025: each revenue and expense account's 2024 actual of each month at +10 %, written in SQL here.
 */
async function budgetTimes(cookie: string, db: pg.Client, orgId: number) {
  const { openDatabase } = await import("../src/server/db/client.ts");
  const { budgetActual } = await import("../src/features/insight/index.server.ts");
  const { budgetActualQuery } = await import("../src/features/insight/budget-report.server.ts");
  const { budgetMonths } = await import("../src/features/insight/budgets.ts");
  const { rows } = await db.query<{ id: number }>(
    `insert into budgets (organization_id, fiscal_year, starts_on) values ($1, 2025, '2025-01-01') returning id`,
    [orgId],
  );
  await db.query(
    `insert into budget_amounts (organization_id, budget_id, account_id, month, amount)
     select $1, $2, t.account_id, (date_trunc('month', t.day) + interval '1 year')::date,
            round(sum(case when a.account_type = 'Revenue' then t.credit_total - t.debit_total else t.debit_total - t.credit_total end) * 1.1, 2)
       from account_day_totals t join chart_of_accounts a on a.id = t.account_id and a.account_type in ('Revenue', 'Expense')
      where t.organization_id = $1 and t.day between '2024-01-01' and '2024-12-31'
      group by t.account_id, 4
     having round(sum(case when a.account_type = 'Revenue' then t.credit_total - t.debit_total else t.debit_total - t.credit_total end) * 1.1, 2) <> 0`,
    [orgId, rows[0]!.id],
  );
  const database = await openDatabase({ url: DB_URL, poolSize: 2 });
  try {
    const bare = new PgDialect().sqlToQuery(budgetActualQuery(orgId, 2025, budgetMonths(1, 2025)));
    let lines = 0;
    const [apiMs, fnMs, sqlMs] = await mediansInTurn([
      () => api(cookie, "/reports/budget_actual?month=2025-12"),
      async () => {
        lines = (await budgetActual(database.db, orgId, "2025-12")).lines.length;
      },
      () => db.query(bare.sql, bare.params),
    ]);
    const answered = (await db.query(bare.sql, bare.params)).rowCount;
    return [
      {
        "budget vs. actual": "FY2025 to December",
        api: ms(apiMs!),
        "server function": ms(fnMs!),
        "bare SQL (its one statement)": ms(sqlMs!),
        "function / SQL": (fnMs! / sqlMs!).toFixed(2),
        "api / SQL": (apiMs! / sqlMs!).toFixed(2),
        "rows answered": String(answered),
        "report lines": String(lines),
      },
    ];
  } finally {
    await database.close();
    await db.query(`delete from budgets where organization_id = $1`, [orgId]);
  }
}

async function main() {
  console.log(`PostgreSQL ${DB_URL}; ${ENTRIES} entries x 4 lines, ${ACCOUNTS} accounts; medians of ${RUNS} runs`);
  await recreateDatabase();
  const server = await startServer();
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const cookie = await signIn(db, `bench-${Date.now()}@example.com`);
    const me = await api<{ organization: { id: number } }>(cookie, "/me");
    const orgId = me.organization.id;
    const userId = (
      await db.query<{ id: string }>(`select user_id as id from organization_memberships where organization_id = $1`, [orgId])
    ).rows[0]!.id;
    if (!POSTING_ONLY) {
      const [genMs] = await timed(() => generate(db, orgId, userId));
      console.log(`generated in ${(genMs / 1000).toFixed(1)} s`);
      if (ONLY === "budgets" || ONLY === "dashboard") {
        console.table(await (ONLY === "budgets" ? budgetTimes : dashboardTimes)(cookie, db, orgId));
        return;
      }

      const results: Record<string, string>[] = [];
      for (const type of ["trial_balance", "profit_loss", "balance_sheet"] as const) {
        const q = `?start=${RANGE.start}&end=${RANGE.end}`;
        const from = type === "balance_sheet" ? "1900-01-01" : RANGE.start;
        // The laid-out statements also beside the previous period and the same period last year (one query).
        const compared = type !== "trial_balance";
        const [apiMs, bareTotals, bareLines, comparedMs] = await mediansInTurn([
          () => api(cookie, `/reports/${type}${q}`),
          () =>
            type === "trial_balance"
              ? db.query(BARE_TOTALS_SPLIT, [orgId, RANGE.start, RANGE.end])
              : db.query(BARE_TOTALS, [orgId, from, RANGE.end]),
          () => db.query(BARE_LINES, [orgId, from, RANGE.end]),
          ...(compared ? [() => api(cookie, `/reports/${type}${q}&compare=both`)] : []),
        ]);
        results.push({
          type,
          api: ms(apiMs!),
          "bare SQL (day totals)": ms(bareTotals!),
          "bare SQL (lines)": ms(bareLines!),
          "api / day-totals SQL": (apiMs! / bareTotals!).toFixed(2),
          "compare=both": compared ? ms(comparedMs!) : "",
          "compared / single": compared ? (comparedMs! / apiMs!).toFixed(2) : "",
        });
      }

      const dir = mkdtempSync(path.join(tmpdir(), "bench-ledger-"));
      const file = path.join(dir, "books.ledger");
      await exportLedger(db, orgId, file);
      const ledgerRuns: number[] = [];
      let ledgerOut = ledgerBalances(file, RANGE.start, "2026-01-01");
      for (let i = 0; i < Math.min(RUNS, 3); i++) {
        ledgerOut = ledgerBalances(file, RANGE.start, "2026-01-01");
        ledgerRuns.push(ledgerOut.ms);
      }
      const tb = await api<{
        report: { rows: { account_code: string; debit_total: string; credit_total: string }[]; total_debit: string; total_credit: string };
      }>(cookie, `/reports/trial_balance?start=${RANGE.start}&end=${RANGE.end}`);
      let mismatches = 0;
      for (const r of tb.report.rows) {
        const net = (Number(r.debit_total) - Number(r.credit_total)).toFixed(2);
        const l = ledgerOut.balances.get(r.account_code) ?? "0.00";
        if (l !== net && !(Number(l) === 0 && Number(net) === 0)) mismatches++;
      }
      rmSync(dir, { recursive: true, force: true });

      console.table(results);
      console.table(await journalSearch(cookie, db, orgId));
      console.table(await generalLedgerTimes(cookie, db, orgId));
      console.table(await taxReturnTimes(cookie, db, orgId));
      console.table(await dashboardTimes(cookie, db, orgId));
      console.table(await budgetTimes(cookie, db, orgId));
      console.log(
        `ledger bal (same year, ${ENTRIES * 4} postings): median ${ms(median(ledgerRuns))}; trial balance vs ledger: ${tb.report.rows.length} accounts, ${mismatches} mismatches; totals ${tb.report.total_debit} = ${tb.report.total_credit}`,
      );
    }

    if (READS_ONLY) return;
    // Durable posting: first 16 clients spread over ORGS organizations (the seeded owners, each with the standard
    // chart), then the same 16 clients all in the benchmark's one organization.
    const seeded = await signInOwners(BASE, ORGS);
    const spread: PostingOwner[] = [];
    for (const o of seeded) {
      const m = await api<{ organization: { id: number } }>(o.cookie, "/me");
      spread.push({ cookie: o.cookie, accountIds: o.accounts, orgId: m.organization.id });
    }
    const spreadRun = await postingThroughput(db, spread, server.pid!);
    reportPosting("spread", ORGS, spreadRun);
    if (SQL_SECONDS > 0) {
      const alone = await databaseAlone();
      console.log(
        `database alone (bench/posting-sql, pgbench, ${CLIENTS} clients over ${ORGS} organizations, ${SQL_SECONDS} s): ${alone.line}`,
      );
      console.log(
        `API posting rate / database alone: ${(spreadRun.perSecond / alone.perSecond).toFixed(2)} (${spreadRun.perSecond.toFixed(0)}/s against ${alone.perSecond.toFixed(0)}/s)`,
      );
    }
    const accounts = await api<{ accounts: { id: number }[] }>(cookie, "/accounts");
    const one: PostingOwner = { cookie, accountIds: accounts.accounts.map((a) => a.id), orgId };
    reportPosting("one organization", 1, await postingThroughput(db, [one], server.pid!));
    await reportThroughput(spread, server.pid!);
  } finally {
    await db.end();
    agent.destroy();
    closeAgent();
    server.kill("SIGTERM");
  }
}

await main();
