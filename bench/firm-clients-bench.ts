/**
 * The firm's clients at a glance (issue 41; see bench/README.md), through the API in process like bank-bench.ts, on
 * PostgreSQL with TEST_DATABASE_URL set (a fresh database on that server, dropped after), else the embedded database:
 *
 * 1. loads BENCH_CLIENTS (1,000) client organizations with 5 bank accounts each and BENCH_LEDGER_LINES (2,000,000)
 *    posted ledger lines in all, straight in SQL (set-based, triggers off for the ledger's and the bank's rows, as
 *    accounting-bench.ts does): one bank line per entry, matched except in the last weeks; monthly reconciliations
 *    (most accounts through last month, some two months behind, one in twenty never, a few undone); 30 questions per
 *    client (the recent ones open, half answered); a request a month (the last one open for half the clients);
 *    40 messages each; a year of packs for two thirds; two years of monthly and quarterly work, the recent open;
 * 2. times GET /api/firm/clients for a staff member on a fifth of the clients: the first page with every column, each
 *    filter, each order and a later page, BENCH_RUNS (15) times after 3 warm-ups (median, p95), each beside its bare
 *    SQL (the same statement under EXPLAIN ANALYZE, median execution time). Target: every one ≤ 300 ms.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/firm-clients-bench.ts
 *   BENCH_SQL=1 also prints each case's SQL; BENCH_PLAN=<case> prints that case's plan; BENCH_KEEP=1 keeps the database.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { clientGlanceSql } from "~/features/tenancy/client-glance.server.ts";
import { clientGlanceQuerySchema } from "~/features/tenancy/client-glance.schema.ts";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ENTRIES = Math.floor(LINES / 2 / CLIENTS);
const TARGET_MS = 300;

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}, load ${load()}] ${msg}`);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const t = await createTestApp();
try {
  const viewer = await createSignedInUser(t, { role: "staff", firstName: "Bench", lastName: "Viewer" });
  const admin = await createSignedInUser(t, { role: "admin", firstName: "Bench", lastName: "Admin" });
  const t0 = performance.now();
  await t.testDb.database.withConnection(async (query) => {
    const step = async (label: string, text: string, params: unknown[] = []) => {
      const s = performance.now();
      // One statement at a time: a statement with parameters is sent alone.
      for (const part of text.split(/;\s*\n/).filter((x) => x.trim())) await query(part, part.includes("$1") ? params : []);
      log(`  ${label}: ${((performance.now() - s) / 1000).toFixed(1)} s`);
    };
    await step(
      "people, organizations, members",
      `insert into users (id, name, email, email_verified, role)
       select 'bench-staff-' || i, 'Staff ' || i, 'bench-staff-' || i || '@firm.test', true, 'staff' from generate_series(1, 8) i;
       insert into users (id, name, email, email_verified, role)
       select 'bench-owner-' || i, 'Owner ' || i, 'bench-owner-' || i || '@client.test', true, 'client' from generate_series(1, ${CLIENTS}) i;
       create table bench_org (i integer primary key, id integer not null);
       with made as (
         insert into organizations (name, lock_date)
         select (array['Alder','Birch','Cedar','Dogwood','Elm','Fir','Ginkgo','Hazel','Juniper','Larch'])[1 + i % 10] || ' ' ||
                (array['Farm','Studio','Cafe','Logistics','Dental','Bakery','Builders','Consulting'])[1 + (i / 10) % 8] || ' ' || i,
                case when i % 10 < 5 then (date_trunc('month', current_date) - interval '1 day')::date
                     when i % 10 < 8 then (date_trunc('month', current_date) - interval '2 months 1 day')::date end
           from generate_series(1, ${CLIENTS}) i
         returning id, name)
       insert into bench_org select split_part(name, ' ', 3)::int, id from made;
       insert into organization_memberships (organization_id, user_id, role)
       select id, 'bench-owner-' || i, 'owner' from bench_org
       union all select id, $1, 'accountant' from bench_org where i % 5 = 0
       union all select id, 'bench-staff-' || (1 + i % 8), 'accountant' from bench_org where i % 5 <> 0;
       insert into journal_entry_counters (organization_id, last_number) select id, ${ENTRIES} from bench_org
         on conflict (organization_id) do update set last_number = excluded.last_number;
       insert into chart_of_accounts (organization_id, account_code, account_name, account_type, detail_type)
       select b.id, c.code, c.name, c.type, account_default_detail_type(c.type, c.name)
         from bench_org b cross join (values ('1010', 'Checking', 'Asset'), ('1020', 'Savings', 'Asset'), ('1030', 'Payroll', 'Asset'),
                                             ('1040', 'Tax reserve', 'Asset'), ('1050', 'Card clearing', 'Asset'), ('4000', 'Sales', 'Revenue')) c (code, name, type);
       insert into bank_accounts (organization_id, name, kind, account_id, currency)
       select organization_id, account_name, 'bank', id, 'USD' from chart_of_accounts
        where account_type = 'Asset' and organization_id in (select id from bench_org);`,
      [viewer.id],
    );
    await query(`set session_replication_role = replica`);
    try {
      // Two lines an entry: one on a bank account's ledger account, one on Sales, over the last two years.
      await step(
        "journal entries",
        `insert into journal_entries (organization_id, entry_seq, description, entry_date, total_amount, status, created_by, posted_at, posted_by)
         select b.id, g, 'Bench entry ' || g, current_date - 730 + (g * 730 / ${ENTRIES}), ((g * 7919) % 99999 + 1)::numeric / 100, 'posted', $1, now(), $1
           from bench_org b cross join generate_series(1, ${ENTRIES}) g`,
        [viewer.id],
      );
      await step(
        "journal lines",
        `insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, debit_amount, credit_amount)
         select e.organization_id, e.id, j, case when j = 1 then ba.account_id else s.id end,
                case when (j = 1) = (e.entry_seq % 3 <> 0) then e.total_amount else 0 end,
                case when (j = 1) = (e.entry_seq % 3 <> 0) then 0 else e.total_amount end
           from journal_entries e
           join bench_org b on b.id = e.organization_id
           join lateral (select a.account_id from bank_accounts a where a.organization_id = e.organization_id order by a.id
                          offset e.entry_seq % 5 limit 1) ba on true
           join chart_of_accounts s on s.organization_id = e.organization_id and s.account_code = '4000'
          cross join generate_series(1, 2) j`,
      );
      await step(
        "day totals",
        `insert into account_day_totals (organization_id, day, account_id, debit_total, credit_total)
         select l.organization_id, e.entry_date, l.account_id, sum(l.debit_amount), sum(l.credit_amount)
           from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
          where l.organization_id in (select id from bench_org) group by 1, 2, 3`,
      );
      // The bank: a statement per account, a match per account and month, a bank line per entry (the last weeks' open).
      await step(
        "bank statements, matches, lines",
        `insert into bank_statements (organization_id, bank_account_id, file_name, format, file_sha256, lines_total, line_count, new_count)
         select organization_id, id, 'bench.csv', 'csv', md5(id::text), 0, 0, 0 from bank_accounts where organization_id in (select id from bench_org);
         create table bench_match as
         with made as (
           insert into bank_matches (organization_id, bank_account_id, kind)
           select a.organization_id, a.id, 'categorized' from bank_accounts a cross join generate_series(0, 24) m
            where a.organization_id in (select id from bench_org) returning id, bank_account_id)
         select bank_account_id, (row_number() over (partition by bank_account_id order by id) - 1)::int as m, id from made;
         create index on bench_match (bank_account_id, m);
         insert into bank_lines (organization_id, bank_account_id, statement_id, file_line, booked_on, amount, description, dedupe_key, match_id)
         select l.organization_id, a.id, st.id, e.entry_seq, e.entry_date, l.debit_amount - l.credit_amount, 'Bench line ' || e.entry_seq,
                'b' || e.id,
                case when e.entry_date > current_date - 40 and e.entry_seq % 3 <> 0 then null
                     else (select bm.id from bench_match bm where bm.bank_account_id = a.id
                             and bm.m = ((extract(year from age(e.entry_date, current_date - 731)) * 12 + extract(month from age(e.entry_date, current_date - 731)))::int)) end
           from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
           join bank_accounts a on a.account_id = l.account_id and a.organization_id = l.organization_id
           join bank_statements st on st.bank_account_id = a.id
          where l.line_no = 1 and l.organization_id in (select id from bench_org);`,
      );
      await step(
        "reconciliations, questions, requests, messages, packs, work",
        `insert into bank_reconciliations (organization_id, bank_account_id, statement_date, statement_balance, book_balance, cleared_balance, finished_at, undone_at)
         select a.organization_id, a.id, (m - interval '1 day')::date, 0, 0, 0, m + interval '5 days', null
           from bank_accounts a
          cross join generate_series(date_trunc('month', current_date) - interval '24 months', date_trunc('month', current_date), interval '1 month') m
          where a.organization_id in (select id from bench_org) and a.id % 20 <> 0
            and m <= date_trunc('month', current_date) - case when a.id % 10 in (1, 2, 3) then interval '2 months' else interval '0 months' end;
         update bank_reconciliations set undone_at = finished_at + interval '1 hour'
          where bank_account_id % 7 = 0 and statement_date = (date_trunc('month', current_date) - interval '1 day')::date;
         insert into bank_questions (organization_id, bank_line_id, question, asked_by, asked_at, answer_note, answered_by, answered_at)
         select bl.organization_id, bl.id, 'What is this?', $1, q.asked, case when q.answered then 'Supplies' end,
                case when q.answered then 'bench-owner-1' end, case when q.answered then q.asked + interval '2 days' end
           from bank_lines bl
          cross join lateral (select case when bl.match_id is null then now() - (bl.file_line % 20) * interval '1 day'
                                          else bl.booked_on + interval '3 days' end as asked,
                                     bl.match_id is not null or bl.file_line % 2 = 0 as answered) q
          where bl.organization_id in (select id from bench_org) and bl.file_line % 33 = 0;
         insert into document_requests (organization_id, title, status, created_at)
         select b.id, 'Documents ' || m, case when m = 23 and b.i % 4 = 0 then 'waiting_client' when m = 23 and b.i % 4 = 1 then 'waiting_firm' else 'complete' end,
                now() - (23 - m) * interval '30 days' - (b.i % 17) * interval '1 day'
           from bench_org b cross join generate_series(0, 23) m;
         insert into document_request_items (organization_id, request_id, position, label, due_on, status, answered_at)
         select r.organization_id, r.id, p, 'Item ' || p, (r.created_at + interval '10 days')::date,
                case r.status when 'complete' then 'accepted'
                              when 'waiting_client' then (array['open', 'open', 'uploaded'])[p]
                              else (array['accepted', 'uploaded', 'unavailable'])[p] end,
                case when r.status <> 'waiting_client' or p = 3 then r.created_at + interval '2 days' end
           from document_requests r cross join generate_series(1, 3) p where r.organization_id in (select id from bench_org);
         insert into message_conversations (organization_id, last_seq, last_message_at) select id, 40, now() from bench_org;
         insert into messages (organization_id, seq, author_id, author_name, body, created_at)
         select b.id, s, case when s % 2 = 0 then $1 else 'bench-owner-' || b.i end, 'Someone', 'Message ' || s, now() - (40 - s) * interval '1 day'
           from bench_org b cross join generate_series(1, 40) s;
         insert into message_reads (organization_id, user_id, last_read_seq) select id, $1, case when i % 2 = 0 then 40 else 30 end from bench_org where i % 5 = 0;
         insert into month_end_packs (organization_id, month, file_name, size_bytes, sha256, pdf, prepared_by)
         select b.id, (date_trunc('month', current_date) - m * interval '1 month')::date, 'pack.pdf', 1, 'x', '\\x25'::bytea, $1
           from bench_org b cross join generate_series(case when b.i % 3 = 0 then 1 else 2 end, 12) m where b.i % 3 <> 1;
         insert into work_instances (template_id, organization_id, period_start, period_end, name, due_on, assignee_id, status, done_at, snoozed_until)
         select t.id, b.id, p.start, p.finish, t.title || ' — ' || to_char(p.start, 'FMMonth YYYY'), p.due,
                case when b.i % 5 = 0 then $1 else 'bench-staff-' || (1 + b.i % 8) end,
                case when p.due < current_date - 10 then 'done' else (array['not_started', 'in_progress', 'waiting_client', 'review'])[1 + b.i % 4] end,
                case when p.due < current_date - 10 then p.due::timestamptz end,
                case when p.due >= current_date - 10 and b.i % 11 = 0 then current_date + 5 end
           from bench_org b
           join work_templates t on t.frequency in ('monthly', 'quarterly')
          cross join lateral (
            select m::date as start, (m + case t.frequency when 'monthly' then interval '1 month' else interval '3 months' end - interval '1 day')::date as finish,
                   (m + case t.frequency when 'monthly' then interval '1 month' else interval '3 months' end + (t.due_day - 1) * interval '1 day')::date as due
              from generate_series(date_trunc('quarter', current_date) - interval '24 months', date_trunc('month', current_date),
                                   case t.frequency when 'monthly' then interval '1 month' else interval '3 months' end) m) p
          where t.frequency = 'monthly' or b.i % 2 = 0;`,
        [viewer.id],
      );
    } finally {
      await query(`set session_replication_role = origin`);
    }
    await step("vacuum analyze", `vacuum analyze`);
  });
  const [counts] = await queryRows<Record<string, number>>(
    t.ctx.db,
    sql`select (select count(*)::int from organizations) as organizations, (select count(*)::int from bank_accounts) as bank_accounts,
               (select count(*)::int from journal_entry_lines) as ledger_lines, (select count(*)::int from bank_lines) as bank_lines,
               (select count(*)::int from bank_lines where match_id is null) as unmatched,
               (select count(*)::int from bank_reconciliations) as reconciliations, (select count(*)::int from bank_questions) as questions,
               (select count(*)::int from document_request_items) as request_items, (select count(*)::int from messages) as messages,
               (select count(*)::int from month_end_packs) as packs, (select count(*)::int from work_instances) as work_instances,
               (select count(*)::int from work_instances where status <> 'done') as open_work`,
  );
  log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);

  const dialect = new PgDialect();
  const cases: [string, string, typeof viewer][] = [
    ["first page (by name)", "", viewer],
    ["not reconciled through last month", "unreconciled=1", viewer],
    ["not locked through last month", "unlocked=1", viewer],
    ["waiting on client over 7 days", "waiting=client", viewer],
    ["waiting on the firm", "waiting=firm", viewer],
    ["mine", "mine=1", viewer],
    ["unread messages", "unread=1", viewer],
    ["unread messages (admin: every client)", "unread=1", admin],
    ["search 'alder'", "q=alder", viewer],
    ["sort: next work due", "sort=next_due", viewer],
    ["sort: waiting on client longest", "sort=waiting", viewer],
    ["sort: lock date", "sort=lock", viewer],
    ["sort: reconciled through", "sort=reconciled", viewer],
    ["all filters but search, by next due", "unreconciled=1&unlocked=1&waiting=client&days=0&mine=1&sort=next_due", viewer],
  ];
  const first = (await (await t.request("/api/firm/clients?sort=reconciled", { cookie: viewer.cookie })).json()) as { next: string | null };
  if (first.next) cases.push(["sort: reconciled through, page 2", `sort=reconciled&after=${encodeURIComponent(first.next)}`, viewer]);

  console.log(
    `\n${"case".padEnd(48)} ${"rows".padStart(4)}  ${"API median".padStart(10)}  ${"API p95".padStart(8)}  ${"bare SQL".padStart(8)}`,
  );
  const failed: string[] = [];
  for (const [label, qs, who] of cases) {
    const path = `/api/firm/clients${qs ? `?${qs}` : ""}`;
    const get = async () => {
      const res = await t.request(path, { cookie: who.cookie });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { clients: unknown[] };
    };
    for (let i = 0; i < 3; i++) await get();
    const api: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      rows = (await get()).clients.length;
      api.push(performance.now() - s);
    }
    const query = clientGlanceQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    const statement = clientGlanceSql({ id: who.id, readsAllMessages: who === admin }, query, 51);
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      // As the API runs it: without JIT (client-glance.server.ts, readGlance).
      const [plan] = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return queryRows<{ "QUERY PLAN": [{ "Execution Time": number; Plan: unknown }] }>(
          tx,
          sql`explain (analyze, format json) ${statement}`,
        );
      });
      bare.push(plan!["QUERY PLAN"][0]["Execution Time"]);
      if (i === 0 && process.env.BENCH_PLAN === label) console.log(JSON.stringify(plan!["QUERY PLAN"][0].Plan, null, 1));
    }
    const [median, p95] = [quantile(api, 0.5), quantile(api, 0.95)];
    if (median > TARGET_MS || p95 > TARGET_MS) failed.push(label);
    console.log(
      `${label.padEnd(48)} ${String(rows).padStart(4)}  ${median.toFixed(1).padStart(7)} ms  ${p95.toFixed(1).padStart(5)} ms  ${quantile(
        bare,
        0.5,
      )
        .toFixed(1)
        .padStart(5)} ms`,
    );
    if (process.env.BENCH_SQL === "1" || label.startsWith("first page")) {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      console.log(`  -- ${label}: the bare SQL (params ${JSON.stringify(params)})\n${text.replace(/^\s+/gm, "  ")}\n`);
    }
  }
  log(failed.length ? `over ${TARGET_MS} ms: ${failed.join("; ")}` : `every case ≤ ${TARGET_MS} ms (median and p95)`);
} finally {
  if (process.env.BENCH_KEEP === "1" && t.testDb.url) {
    // Kept for psql (EXPLAIN of a variant); drop it by hand afterwards.
    await t.ctx.mail.stop();
    await t.testDb.database.close();
    log(`database kept: ${t.testDb.url}`);
  } else await t.close();
}
