/**
 * Bank statement benchmark (issue 29; see bench/README.md), through the API in process like import-bench.ts, on the
 * embedded database, or on PostgreSQL with TEST_DATABASE_URL set (a fresh database on that server, dropped after):
 *
 * 1. loads BENCH_LEDGER_LINES (1,000,000) posted ledger lines straight in SQL (triggers off for the load, the day
 *    totals filled in one statement, as accounting-bench.ts does): entries of 4 lines over 2025, three of them on the
 *    bank's ledger account 1000 Cash (75 % of the lines) and one on Sales Revenue or Rent Expense;
 * 2. builds a CSV statement of BENCH_STATEMENT_LINES (10,000) lines (`Date,Description,Amount`): half copy the amount
 *    of a Cash ledger line and fall within 3 days of its date, half have an amount drawn at random;
 * 3. imports it BENCH_RUNS (3) times: preview, import (all new), the same file again (nothing new); the statement is
 *    deleted in SQL between runs, and the table vacuumed. Target: the import under 3 s;
 * 4. lists every page of the unmatched lines (`GET /lines?show=unmatched&page=N`, 100 lines a page, each with its
 *    suggestion) BENCH_RUNS times right after the import, then BENCH_RUNS times after `analyze bank_lines`; target: all
 *    pages under 3 s. After each, times the suggestion function alone for page 1 and a middle page (BENCH_SUGGESTIONS=0
 *    leaves this step out);
 * 5. a bank rule with a 21 % tax code that fits every line, applied to all of them as one batch (each entry posted
 *    tax-inclusive, with its tax line), then the batch undone, BENCH_RUNS times. Target: the batch posted under 3 s.
 *    Beside its wall time, the CPU time the post took in this process and (PostgreSQL on this machine) in the database.
 *
 *   npx tsx bench/bank-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bank-bench.ts
 *   BENCH_LEDGER_LINES=200000 npx tsx bench/bank-bench.ts
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { findMembership } from "~/features/tenancy/organizations.server.ts";
import { suggestions } from "~/features/bank/bank-suggestions.server.ts";
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const STATEMENT_LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 10_000);
const LEDGER_LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SUGGESTIONS = process.env.BENCH_SUGGESTIONS !== "0";
/** BENCH_RULE_TAX=0: the rule of step 5 names no tax code (the same batch without tax, to compare). */
const RULE_TAX = process.env.BENCH_RULE_TAX !== "0";
/** BENCH_SAMPLE=1 (PostgreSQL only): what the database is busy with while a rule's batch posts, sampled every 5 ms. */
const SAMPLE = process.env.BENCH_SAMPLE === "1" && Boolean(process.env.TEST_DATABASE_URL);

/** Samples the statements the test database runs until stopped; the busiest first. */
async function sampler(database: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const seen = new Map<string, number>();
  let samples = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      const { rows } = await client.query<{ q: string }>(
        `select left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      samples++;
      for (const r of rows) seen.set(r.q, (seen.get(r.q) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    on = false;
    await loop;
    await client.end();
    return { samples, busiest: [...seen.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12) };
  };
}
/** Prints EXPLAIN ANALYZE of a copy of the suggestion query for one page. */
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const ENTRIES = Math.floor(LEDGER_LINES / 4);
const TARGET_S = 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}
/**
 * CPU seconds spent (user + system) by this process and by the PostgreSQL server processes of the bench's database since
 * `start` was called: on a shared machine the wall time of a step follows the others' load, its CPU time much less.
 * The server's processes are read from /proc (a server on this machine only); the database's figure is null otherwise.
 */
async function cpuMeter(backends: () => Promise<number[]>) {
  const ticks = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime and stime, in 1/100 s
    } catch {
      return null;
    }
  };
  const read = async () => new Map((await backends()).map((pid) => [pid, ticks(pid)]));
  const before = await read();
  const node = process.cpuUsage();
  return async () => {
    const used = process.cpuUsage(node);
    const after = await read();
    const db = [...after].reduce<number | null>(
      (sum, [pid, t]) => (sum === null || t === null ? null : sum + t - (before.get(pid) ?? 0)),
      0,
    );
    return { node: (used.user + used.system) / 1e6, db: db === null ? null : db / 100 };
  };
}
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}, load ${load()}] ${msg}`);

/** A small seeded generator (mulberry32): the same statement on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const cents = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;

const t = await createTestApp();
const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded (PGlite)";
try {
  log(`${database}; statement ${STATEMENT_LINES} lines, ledger ${ENTRIES * 4} lines (${ENTRIES} entries); ${RUNS} runs, medians`);
  const user = await createSignedInUser(t, { companyName: "Bench Bank" });
  const call = async <T>(p: string, init: RequestInit & { json?: unknown } = {}): Promise<T> => {
    const res = await t.request(p, { ...init, cookie: user.cookie });
    const text = await res.text();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const orgs = await call<{ organizations: { id: number }[] }>("/api/accounting/orgs");
  const orgId = orgs.organizations[0]!.id;
  const { accounts } = await call<{ accounts: { id: number; account_code: string }[] }>(`/api/accounting/orgs/${orgId}/accounts`);
  const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
  const [cash, revenue, rent] = [code("1000"), code("4000"), code("6000")];

  // 1. The ledger, straight in SQL on one connection (triggers off there only, and back on before it returns to the pool).
  const [loadMs] = await timed(() =>
    t.testDb.database.withConnection(async (query) => {
      if (ENTRIES === 0) return;
      await query(`set session_replication_role = replica`);
      try {
        await query(
          `insert into journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, status, created_by, posted_at, posted_by)
           select $1::integer, g, 'Bench entry ' || g, date '2025-01-01' + (g % 365), 'B-' || g,
                  (((g::bigint * 7919) % 99999 + 1) + ((g::bigint * 104729) % 99999 + 1))::numeric / 100, 'posted', $2::text, now(), $2::text
             from generate_series(1, ${ENTRIES}) g`,
          [orgId, user.id],
        );
        // In cents: x, y and z on Cash, w = x + y - z on Sales Revenue (receipts, even entries) or Rent Expense (payments).
        await query(
          `insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, debit_amount, credit_amount)
           select e.organization_id, e.id, j, case when j < 4 then $2::integer when e.entry_seq % 2 = 0 then $3::integer else $4::integer end,
                  case when (e.entry_seq % 2 = 0) = (j < 3) then v else 0 end, case when (e.entry_seq % 2 = 0) = (j < 3) then 0 else v end
             from journal_entries e
            cross join lateral (select (e.entry_seq::bigint * 7919) % 99999 + 1 as x, (e.entry_seq::bigint * 104729) % 99999 + 1 as y) a
            cross join generate_series(1, 4) j
            cross join lateral (select (case j when 1 then x when 2 then y when 3 then (x + y) * 2 / 5 + 1 else x + y - (x + y) * 2 / 5 - 1 end)::numeric / 100 as v) b
            where e.organization_id = $1::integer`,
          [orgId, cash, revenue, rent],
        );
        await query(
          `insert into account_day_totals (organization_id, day, account_id, debit_total, credit_total)
           select l.organization_id, e.entry_date, l.account_id, sum(l.debit_amount), sum(l.credit_amount)
             from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
            where l.organization_id = $1::integer group by 1, 2, 3`,
          [orgId],
        );
        await query(`update journal_entry_counters set last_number = ${ENTRIES} where organization_id = $1::integer`, [orgId]);
      } finally {
        await query(`set session_replication_role = origin`);
      }
      await query(`vacuum analyze`);
    }),
  );
  const sqlRows = async <T>(text: string, params: unknown[] = []) =>
    (await t.testDb.database.withConnection((query) => query(text, params))).rows as T[];
  const [ledger] = await sqlRows<{ lines: number; cash: number; unbalanced: number }>(
    `select count(*)::integer as lines, count(*) filter (where account_id = $2::integer)::integer as cash,
            (select count(*)::integer from (select journal_entry_id from journal_entry_lines where organization_id = $1::integer
               group by 1 having sum(debit_amount) <> sum(credit_amount)) u) as unbalanced
       from journal_entry_lines where organization_id = $1::integer`,
    [orgId, cash],
  );
  log(`ledger loaded in ${secs(loadMs)}: ${ledger!.lines} lines, ${ledger!.cash} on 1000 Cash, ${ledger!.unbalanced} entries unbalanced`);
  if (ledger!.lines !== ENTRIES * 4 || ledger!.unbalanced !== 0) throw new Error("the ledger was not loaded as meant");

  // 2. The statement: half the lines the amount of a Cash ledger line (spread over the ledger) within 3 days of its date.
  const half = Math.floor(STATEMENT_LINES / 2);
  const step = Math.max(1, Math.floor(ledger!.cash / Math.max(1, half)));
  const picked = await sqlRows<{ amount: string; date: string }>(
    `select amount, date from (
       select (l.debit_amount - l.credit_amount)::text as amount, e.entry_date::text as date, row_number() over (order by l.id) as n
         from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
        where l.organization_id = $1::integer and l.account_id = $2::integer) x
      where n % ${step} = 0 order by n limit ${half}`,
    [orgId, cash],
  );
  const rnd = random(29);
  const rows: { date: string; description: string; amount: string }[] = [];
  for (let i = 0; i < STATEMENT_LINES; i++) {
    const copy = i % 2 === 0 ? picked[i / 2] : undefined;
    const date = copy ? addDays(copy.date, (i % 7) - 3) : addDays("2025-01-01", Math.floor(rnd() * 365));
    const amount = copy ? copy.amount : cents((rnd() < 0.5 ? -1 : 1) * (1 + Math.floor(rnd() * 99_999)));
    rows.push({
      date,
      description: `${amount.startsWith("-") ? "Card payment" : "Transfer from"} Customer ${i % 997} ref ${i + 1}`,
      amount,
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  const file = ["Date,Description,Amount", ...rows.map((r) => `${r.date},${r.description},${r.amount}`)].join("\n") + "\n";

  const { account } = await call<{ account: { id: number } }>(`/api/bank/${orgId}/accounts`, {
    json: { name: "Bench checking", kind: "bank", account_id: cash, currency: "USD" },
  });
  const bank = `/api/bank/${orgId}/accounts/${account.id}`;
  const upload = <T>(p: string) => call<T>(p, { method: "POST", body: file, headers: { "content-type": "text/csv" } });

  // 3. Preview, import, the same file again; RUNS times (the statement deleted in SQL between runs).
  const times = { preview: [] as number[], import: [] as number[], again: [] as number[] };
  let answers = "";
  for (let run = 1; run <= RUNS; run++) {
    const [p, preview] = await timed(() => upload<{ new_lines: number; duplicates: number }>(`${bank}/statements/preview?name=bench.csv`));
    const [i, first] = await timed(() => upload<{ imported: number; message: string }>(`${bank}/statements?name=bench.csv`));
    const [a, again] = await timed(() => upload<{ imported: number; message: string }>(`${bank}/statements?name=bench.csv`));
    if (preview.new_lines !== STATEMENT_LINES || first.imported !== STATEMENT_LINES || again.imported !== 0)
      throw new Error(`run ${run}: preview ${preview.new_lines} new, import ${first.message}; again ${again.message}`);
    times.preview.push(p);
    times.import.push(i);
    times.again.push(a);
    answers = `"${first.message}"; then "${again.message}"`;
    log(`import run ${run}: preview ${secs(p)}, import ${secs(i)}, again ${secs(a)}`);
    if (run < RUNS) {
      await sqlRows(`delete from bank_statements where bank_account_id = $1::integer`, [account.id]);
      await sqlRows(`vacuum bank_lines, bank_statements`);
    }
  }

  // 4. Every page of the unmatched lines, each with its suggestion.
  const [{ n: withCandidate }] = (await sqlRows<{ n: number }>(
    // A lateral lookup per statement line (not `exists`, which without statistics may be planned as a join of all lines).
    `select count(*)::integer as n from bank_lines b cross join lateral (
       select 1 from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
        where l.organization_id = $1::integer and l.account_id = $2::integer and (l.debit_amount - l.credit_amount) = b.amount
          and e.status = 'posted' and e.entry_date between b.booked_on - 10 and b.booked_on + 10 limit 1) c
      where b.bank_account_id = $3::integer`,
    [orgId, cash, account.id],
  )) as [{ n: number }];
  const m = (await findMembership(t.ctx.db, user.id, orgId))!;
  /** Every page, RUNS times; then the suggestion function alone (its query and the ranking) for page 1 and a middle page. */
  async function listing(label: string) {
    const rounds: { total: number; pages: number[]; suggested: number; lines: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const pages: number[] = [];
      let suggested = 0;
      let lines = 0;
      const t0 = performance.now();
      for (let page = 1, last = 1; page <= last; page++) {
        const [ms, body] = await timed(() =>
          call<{ lines: { suggestion: unknown }[]; pages: number; page: number }>(`${bank}/lines?show=unmatched&page=${page}`),
        );
        if (body.page !== page) throw new Error(`page ${page} answered as page ${body.page}`);
        last = body.pages;
        pages.push(ms);
        lines += body.lines.length;
        suggested += body.lines.filter((l) => l.suggestion !== null).length;
      }
      const total = performance.now() - t0;
      rounds.push({ total, pages, suggested, lines });
      log(
        `suggestions ${label}, run ${run}: ${pages.length} pages, ${lines} lines in ${secs(total)} (page median ${median(pages).toFixed(1)} ms, max ${Math.max(...pages).toFixed(1)} ms); ${suggested} with a suggestion`,
      );
    }
    const suggested = rounds[0]!.suggested;
    if (rounds.some((r) => r.lines !== STATEMENT_LINES || r.suggested !== suggested)) throw new Error("the pages differ between runs");
    if (suggested === 0 || suggested > withCandidate)
      throw new Error(`${suggested} suggestions for ${withCandidate} lines with a candidate`);
    const direct: string[] = [];
    for (const page of [1, Math.ceil(STATEMENT_LINES / 200)]) {
      const open = (
        await sqlRows<{ id: string }>(
          `select id::text from bank_lines where bank_account_id = $1::integer and match_id is null
            order by booked_on, id limit 100 offset ${(page - 1) * 100}`,
          [account.id],
        )
      ).map((r) => ({ id: Number(r.id) }));
      const runs: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const [ms] = await timed(() => suggestions(t.ctx.db, m, account.id, cash, open));
        if (i >= 2) runs.push(ms);
      }
      direct.push(`page ${page} ${median(runs).toFixed(1)} ms`);
      if (EXPLAIN) {
        const plan = await sqlRows<{ "QUERY PLAN": string }>(
          `explain (analyze, buffers) select b.id as bank_line_id, l.id, abs(e.entry_date - b.booked_on) as days
             from bank_lines b
             join journal_entry_lines l on l.organization_id = $1::integer and l.account_id = $2::integer
                                       and (l.debit_amount - l.credit_amount) = b.amount
             join journal_entries e on e.id = l.journal_entry_id
            where b.organization_id = $1::integer and b.bank_account_id = $4::integer and b.match_id is null
              and b.amount in (select p.amount from bank_lines p where p.id = any($3::bigint[]) and p.match_id is null)
              and e.status = 'posted' and e.reversed_by is null and e.reversal_of is null
              and e.entry_date between b.booked_on - 10 and b.booked_on + 10
              and not exists (select 1 from bank_match_ledger_lines ml where ml.journal_entry_line_id = l.id)
              and not exists (select 1 from bank_rejected_suggestions r where r.bank_line_id = b.id and r.journal_entry_line_id = l.id)`,
          [orgId, cash, `{${open.map((l) => l.id).join(",")}}`, account.id],
        );
        console.log(`EXPLAIN ANALYZE, ${label}, page ${page} (a copy of the query in bank-suggestions.server.ts):`);
        console.log(plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n"));
      }
    }
    const totals = rounds.map((r) => r.total);
    const pages = rounds.flatMap((r) => r.pages);
    return { label, totals, pages, count: rounds[0]!.pages.length, suggested, direct: direct.join(", ") };
  }
  // Right after the import the new lines have no statistics: PostgreSQL's autovacuum analyzes them within a minute or
  // so; the embedded database has no autovacuum and nothing in the app analyzes, so there they stay so.
  const fresh = SUGGESTIONS ? await listing("right after the import") : null;
  const [analyzeMs] = await timed(() => sqlRows(`analyze bank_lines`));
  const analyzed = SUGGESTIONS ? await listing("after ANALYZE bank_lines") : null;
  const suggested = fresh?.suggested ?? 0;

  // 5. A rule with a tax code fitting every line, applied as one batch (tax-inclusive entries), then undone.
  const { account: vat } = await call<{ account: { id: number } }>(`/api/accounting/orgs/${orgId}/accounts`, {
    json: { account_code: "1400", account_name: "VAT receivable", account_type: "Asset" },
  });
  const [taxCode] = await sqlRows<{ id: number }>(
    `insert into tax_codes (organization_id, code, name, kind, applies_to) values ($1::integer, 'V21', 'Input VAT 21%', 'input', 'purchases') returning id`,
    [orgId],
  );
  await sqlRows(
    `insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id) values ($1::integer, $2::integer, 1, 'VAT', 21, 'deductible', $3::integer)`,
    [orgId, taxCode!.id, vat.id],
  );
  await call(`/api/bank/${orgId}/rules`, {
    json: {
      name: "Customers",
      field: "text",
      operator: "contains",
      value: "Customer",
      direction: "any",
      account_id: rent,
      tax_code_id: RULE_TAX ? Number(taxCode!.id) : null,
    },
  });
  const rules = { preview: [] as number[], post: [] as number[], undo: [] as number[], nodeCpu: [] as number[], dbCpu: [] as number[] };
  const backends = async () =>
    process.env.TEST_DATABASE_URL
      ? (await sqlRows<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database()`)).map((r) => Number(r.pid))
      : [];
  let taxLines = 0;
  for (let run = 1; run <= RUNS; run++) {
    const [p, preview] = await timed(() => call<{ lines: number; fingerprint: string }>(`${bank}/apply-rules`));
    const stop = SAMPLE ? await sampler((await sqlRows<{ d: string }>(`select current_database() as d`))[0]!.d) : null;
    const cpu = await cpuMeter(backends);
    const [ms, posted] = await timed(() =>
      call<{ batch_id: number; entries: number }>(`${bank}/apply-rules?fingerprint=${preview.fingerprint}`, { method: "POST" }),
    );
    const used = await cpu();
    if (stop) {
      const { samples, busiest } = await stop();
      log(`database while posting, ${samples} samples (one every 5 ms and its query):`);
      for (const [q, n] of busiest) console.log(`  ${String(n).padStart(5)}  ${q}`);
    }
    if (preview.lines !== STATEMENT_LINES || posted.entries !== STATEMENT_LINES)
      throw new Error(`run ${run}: the rule fitted ${preview.lines} lines and posted ${posted.entries} entries`);
    const [counted] = await sqlRows<{ n: number }>(
      `select count(*)::integer as n from bank_rule_batch_entries be join journal_entry_lines l on l.journal_entry_id = be.journal_entry_id
        where be.batch_id = $1::integer and l.tax_part_no is not null`,
      [posted.batch_id],
    );
    taxLines = counted!.n;
    const [u] = await timed(() => call(`/api/bank/${orgId}/rule-batches/${posted.batch_id}/undo`, { method: "POST" }));
    rules.preview.push(p);
    rules.post.push(ms);
    rules.undo.push(u);
    rules.nodeCpu.push(used.node * 1000);
    if (used.db !== null) rules.dbCpu.push(used.db * 1000);
    log(
      `rule${RULE_TAX ? " with a tax code" : ""}, run ${run}: preview ${secs(p)}, post ${secs(ms)} (${posted.entries} entries, ${taxLines} tax lines; CPU: this process ${used.node.toFixed(2)} s, the database ${used.db === null ? "not measured" : `${used.db.toFixed(2)} s`}), undo ${secs(u)}`,
    );
  }

  const met = (ms: number) => (ms < TARGET_S * 1000 ? "yes" : "NO");
  console.log(
    `\n${database}; ${STATEMENT_LINES} statement lines (${(Buffer.byteLength(file) / 1024).toFixed(0)} KB CSV), ${ENTRIES * 4} ledger lines (${ledger!.cash} on Cash); median of ${RUNS}; load average ${load()}`,
  );
  const row = (step: string, xs: number[], target = false) => ({
    step,
    median: secs(median(xs)),
    runs: xs.map(secs).join(", "),
    target: target ? `< ${TARGET_S} s` : "",
    met: target ? met(median(xs)) : "",
  });
  console.table([
    row("preview", times.preview),
    row("import (all new)", times.import, true),
    row("same file again", times.again),
    ...[fresh, analyzed].flatMap((x) =>
      x === null
        ? []
        : [
            row(`all ${x.count} pages, ${x.label}`, x.totals, true),
            {
              step: "  one page",
              median: `${median(x.pages).toFixed(1)} ms`,
              runs: `max ${Math.max(...x.pages).toFixed(1)} ms; suggestions() alone: ${x.direct}`,
              target: "",
              met: "",
            },
          ],
    ),
    row(`rule${RULE_TAX ? " with a tax code" : ""}: preview`, rules.preview),
    row(`rule${RULE_TAX ? " with a tax code" : ""}: post ${STATEMENT_LINES} lines`, rules.post, true),
    row(`rule${RULE_TAX ? " with a tax code" : ""}: post, CPU of this process`, rules.nodeCpu),
    ...(rules.dbCpu.length > 0 ? [row(`rule${RULE_TAX ? " with a tax code" : ""}: post, CPU of the database`, rules.dbCpu)] : []),
    row(`rule${RULE_TAX ? " with a tax code" : ""}: undo the batch`, rules.undo),
  ]);
  console.log(
    `answers: ${answers}; tax lines in a rule's batch: ${taxLines}; lines with a suggestion: ${suggested} of ${STATEMENT_LINES} (${withCandidate} have a ledger line of the same amount within 10 days); ANALYZE bank_lines ${secs(analyzeMs)}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
} finally {
  await t.close();
}
