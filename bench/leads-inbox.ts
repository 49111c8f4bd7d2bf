// npx tsx bench/leads-inbox.ts — the firm's leads inbox at 100,000 leads (decision 070).
// PostgreSQL at BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres; database BENCH_DB_NAME,
// default bench_leads, dropped and recreated), or the embedded database with BENCH_PGLITE=1.
// Knobs: BENCH_LEADS (100000), BENCH_RUNS (9).
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, PGLITE_EXTENSIONS, queryRows, type Database } from "../src/server/db/client.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { leadsAttention } from "../src/features/leads/lead-actions.server.ts";
import { leadListQuerySchema, type LeadListQuery } from "../src/features/leads/leads-inbox.schema.ts";
import { listLeads } from "../src/features/leads/leads-inbox.server.ts";

const N = Number(process.env.BENCH_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

async function open(): Promise<Database> {
  if (process.env.BENCH_PGLITE === "1") return openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
  const admin = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = process.env.BENCH_DB_NAME ?? "bench_leads";
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), poolSize: 4 });
}

async function seed(database: Database) {
  // Five staff members; leads spread over two years, a mix of kinds, statuses and owners, 5% spam.
  await database.exec(`
    insert into users (id, name, email, email_verified, role, created_at, updated_at)
    select 'staff' || i, 'Staff ' || i, 'staff' || i || '@firm.test', true, 'staff', now(), now() from generate_series(1, 5) i;
    insert into leads (kind, source_table, source_id, name, email, company, status, owner_id, spam, spam_reason, fields, created_at)
    select (array['contact', 'consultation', 'calculator', 'newsletter'])[1 + i % 4],
           'bench', i::text,
           (array['Maria', 'Raj', 'Lena', 'Tom', 'Aiko', 'Omar', 'Sofia', 'Jonas'])[1 + i % 8] || ' ' ||
             (array['Gonzalez', 'Patel', 'Okafor', 'Smith', 'Tanaka', 'Haddad', 'Rossi', 'Berg', 'Novak'])[1 + i % 9] || ' ' || i,
           'lead' || i || '@example' || (i % 50) || '.com',
           'Company ' || (i % 5000),
           (array['new', 'contacted', 'meeting_scheduled', 'proposal_sent', 'won', 'lost'])[1 + (i / 7) % 6],
           case when i % 3 = 0 then null else 'staff' || (1 + i % 5) end,
           i % 20 = 0, case when i % 20 = 0 then 'too-fast' end,
           jsonb_build_object('email', 'lead' || i || '@example.com', 'message', 'Hello from lead ' || i),
           now() - (i * interval '10 minutes') * (${(2 * 365 * 24 * 6) / N})
    from generate_series(1, ${N}) i;`);
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
  await database.exec("vacuum analyze leads");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  console.log(
    `${label.padEnd(58)} median ${median(ms).toFixed(1).padStart(7)} ms   max ${Math.max(...ms)
      .toFixed(1)
      .padStart(7)} ms`,
  );
}

const q = (v: Record<string, string>): LeadListQuery => leadListQuerySchema.parse(v);

async function main() {
  const database = await open();
  await migrate(database);
  const t0 = performance.now();
  await seed(database);
  console.log(`${database.kind}: seeded ${N} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const db = database.db;
  // A cursor ~90% of the way down the inbox: the page a firm reaches after clicking Older many times.
  const [deep] = await queryRows<{ cursor: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id as cursor
        from leads where spam = false order by created_at desc, id desc offset ${Math.floor(N * 0.85)} limit 1`,
  );
  await time("first page (newest 25 + total + owners)", () => listLeads(db, q({})));
  await time("filtered: kind=consultation & status=new", () => listLeads(db, q({ kind: "consultation", status: "new" })));
  await time("filtered: owner=none", () => listLeads(db, q({ owner: "none" })));
  await time("filtered: owner=staff2 & last 30 days", () =>
    listLeads(db, q({ owner: "staff2", from: new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10) })),
  );
  await time("search: 'okafor' (1 in 9 leads)", () => listLeads(db, q({ q: "okafor" })));
  await time("search: 'lead4242' (a few leads)", () => listLeads(db, q({ q: "lead4242" })));
  await time("search: 'company 17' (company, prefix)", () => listLeads(db, q({ q: "company 17" })));
  await time("deep page (keyset, ~85% down)", () => listLeads(db, q({ before: deep!.cursor })));
  await time("spam view", () => listLeads(db, q({ view: "spam" })));
  await time("start page counts (new, without owner)", () => leadsAttention(db));
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
