/**
 * Recurring work's benchmark (see bench/README.md, issue 41): 1,000 client organizations, each with the four recurring
 * shipped templates applied from twelve months back (Close monthly, Estimated taxes and Sales tax return quarterly,
 * Year-end package yearly), as after a year of downtime. Two "processes" (two connection pools, their jobs started
 * together) make every instance; the bench prints the wall time, how many each made, and checks that every
 * (schedule, period) was made exactly once.
 *
 *   npx tsx bench/work-instances-bench.ts        (BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres)
 */
import pg from "pg";
import { makeDueInstances } from "../src/features/work/work-schedules.server.ts";
import { addDays, todayIso } from "../src/lib/format.ts";
import { openDatabase, queryRows } from "../src/server/db/client.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { sql } from "drizzle-orm";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = process.env.BENCH_DB_NAME ?? "bench_work";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME}`);
await admin.query(`create database ${DB_NAME}`);
await admin.end();

const first = await openDatabase({ url, poolSize: 4 });
const second = await openDatabase({ url, poolSize: 4 });
await migrate(first);
const today = todayIso();
const start = `${addDays(today, -365).slice(0, 7)}-01`;
await first.db.execute(
  sql`with orgs as (insert into organizations (name) select 'Client ' || g from generate_series(1, ${CLIENTS}) g returning id)
      insert into work_schedules (template_id, organization_id, first_period, next_period)
      select t.id, orgs.id, ${start}::date, date_trunc(case t.frequency when 'monthly' then 'month' when 'quarterly' then 'quarter' else 'year' end, ${start}::date)::date
        from orgs cross join work_templates t where t.frequency <> 'once'`,
);

const t0 = performance.now();
const [a, b] = await Promise.all([makeDueInstances(first.db, today), makeDueInstances(second.db, today)]);
const ms = performance.now() - t0;
const [check] = await queryRows<{ instances: number; distinct_periods: number; schedules: number }>(
  first.db,
  sql`select count(*)::int as instances, count(distinct (schedule_id, period_start))::int as distinct_periods,
             (select count(*)::int from work_schedules) as schedules from work_instances`,
);
console.log(
  `${CLIENTS} clients × 4 templates from ${start} to ${today} + the horizon: ${check!.instances} instances ` +
    `(${check!.schedules} schedules) in ${(ms / 1000).toFixed(2)} s; made by the first pool ${a}, the second ${b}; ` +
    `distinct (schedule, period): ${check!.distinct_periods}${check!.distinct_periods === check!.instances && a + b === check!.instances ? " — each once" : " — DUPLICATES"}`,
);
await first.close();
await second.close();
