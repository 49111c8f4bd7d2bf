/**
 * Customers and suppliers (issue 42; see bench/README.md), through the API in process like bank-bench.ts, on
 * PostgreSQL with TEST_DATABASE_URL set (a fresh database on that server, dropped after), else the embedded database:
 *
 * 1. loads one organization with BENCH_CONTACTS (10,000) contacts (seven in ten customers), BENCH_DOCUMENTS (200,000)
 *    approved invoices and bills over 22 months, each posted (its revenue or expense line and its receivable or payable
 *    line naming the contact), and 300,000 payments for them (each posted: the bank's line and the contact's line),
 *    each allocated to its document: two in ten documents paid at once, five in ten in two parts, one in ten in two
 *    parts leaving a quarter owed, one in ten half paid, one in ten not at all. 1,000,000 ledger lines, straight in SQL
 *    (set-based, the triggers off for the load, the day totals filled after, as the other benches do). The documents
 *    loaded are numbered with six digits (INV-000001), apart from the series' own numbers (INV-0001), which go on from 1;
 * 2. the aging (GET /aging) of receivables and payables as of two days, 3 warm-ups and BENCH_RUNS (15) rounds, beside
 *    the bare SQL of the same aggregate: the API's own statement (agingSql) run alone as the API runs it, and a plain
 *    aggregate written here (3 rounds, for comparison). Target: ≤ 1.5× the bare SQL and < 300 ms;
 * 3. one contact's statement of a year (GET /contacts/:id/statement), the contact with the most documents. Target: < 100 ms;
 * 4. 10,000 statement lines (half the amount of an open item, some naming its number or its contact): the suggestions
 *    against the open items for all of them at once (openItemSuggestions), BENCH_RUNS_SLOW (3) times, and one line's
 *    GET …/open-items. Target: all 10,000 ≤ 3 s;
 * 5. 1,000 drafts approved at once (POST /documents/approve), BENCH_RUNS_SLOW times, new drafts each time. Target: ≤ 10 s.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sales-bench.ts
 *   BENCH_PLAN=1 prints the plan of the bare SQL; BENCH_STEPS=aging,statement chooses the steps after the load;
 *   BENCH_KEEP=1 keeps the database (for psql).
 */
import os from "node:os";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { findMembership } from "~/features/tenancy/organizations.server.ts";
import { openItemSuggestions } from "~/features/bank/bank-open-items.server.ts";
import { agingSql } from "~/features/sales/aging.server.ts";
import { createSignedInUser, createTestApp } from "../tests/support/test-app.ts";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SLOW_RUNS = Number(process.env.BENCH_RUNS_SLOW ?? 3);
/** Rounds of the plain aggregate (slower: it is there to compare). */
const PLAIN_RUNS = 3;
const BANK_LINES = Number(process.env.BENCH_BANK_LINES ?? 10_000);
const APPROVE = Number(process.env.BENCH_APPROVE ?? 1000);
/** Which of the steps after the load to run (all by default): aging, statement, suggestions, approve. */
const STEPS = new Set((process.env.BENCH_STEPS ?? "aging,statement,suggestions,approve").split(","));
const CUSTOMERS = Math.floor(CONTACTS * 0.7);
const SUPPLIERS = CONTACTS - CUSTOMERS;
/** Documents are dated from 2025-01-01 over DAYS days; payments up to 80 days after their document. */
const DAYS = 669;

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}, load ${load()}] ${msg}`);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

const t = await createTestApp();
const failed: string[] = [];
try {
  log(
    `${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded (PGlite)"}; ${CONTACTS} contacts, ${DOCUMENTS} documents; ${RUNS} rounds`,
  );
  const user = await createSignedInUser(t, { companyName: "Bench Sales" });
  const call = async <T>(p: string, init: RequestInit & { json?: unknown } = {}): Promise<T> => {
    const res = await t.request(p, { ...init, cookie: user.cookie });
    const text = await res.text();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const orgId = (await call<{ organizations: { id: number }[] }>("/api/accounting/orgs")).organizations[0]!.id;
  const books = `/api/accounting/orgs/${orgId}`;
  const { accounts } = await call<{ accounts: { id: number; account_code: string }[] }>(`${books}/accounts`);
  const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
  const [cash, revenue, expense] = [code("1000"), code("4000"), code("6000")];
  const { settings } = await call<{ settings: { receivable_account_id: number; payable_account_id: number } }>(`${books}/sales/settings`);
  const [ar, ap] = [settings.receivable_account_id, settings.payable_account_id];
  const { account: bank } = await call<{ account: { id: number } }>(`/api/bank/${orgId}/accounts`, {
    json: { name: "Bench current account", kind: "bank", account_id: cash },
  });

  // 1. The books, straight in SQL on one connection.
  const t0 = performance.now();
  await t.testDb.database.withConnection(async (query) => {
    const step = async (label: string, text: string) => {
      const s = performance.now();
      for (const part of text.split(/;\s*\n/).filter((x) => x.trim()))
        await query(part.replaceAll("$org", String(orgId)).replaceAll("$user", `'${user.id}'`));
      log(`  ${label}: ${((performance.now() - s) / 1000).toFixed(1)} s`);
    };
    await step(
      "contacts and documents' facts",
      `insert into contacts (organization_id, name, is_customer, is_supplier, email, payment_terms_days)
       select $org, case when i <= ${CUSTOMERS} then '' else 'Supplies ' end ||
              (array['Alder','Birch','Cedar','Dogwood','Elm','Fir','Ginkgo','Hazel','Juniper','Larch'])[1 + i % 10] || ' ' ||
              (array['Farm','Studio','Cafe','Logistics','Dental','Bakery','Builders','Consulting'])[1 + (i / 10) % 8] || ' ' || i,
              i <= ${CUSTOMERS}, i > ${CUSTOMERS}, 'contact' || i || '@bench.test', 30
         from generate_series(1, ${CONTACTS}) i order by i;
       create table bench_contact as select (row_number() over (order by id))::int as i, id from contacts where organization_id = $org;
       create unique index on bench_contact (i);
       create table bench_doc as
       select g, case when g % 10 < 7 then 'invoice' else 'bill' end as kind,
              case when g % 10 < 7 then 1 + (g::bigint * 7919) % ${CUSTOMERS} else ${CUSTOMERS} + 1 + (g::bigint * 104729) % ${SUPPLIERS} end as contact_i,
              (g::bigint * 7919) % 499900 + 100 as cents, date '2025-01-01' + (g::bigint * ${DAYS} / ${DOCUMENTS})::int as d, (g / 10) % 10 as s
         from generate_series(1, ${DOCUMENTS}) g;
       create table bench_payment as
       select (row_number() over (order by p.g, p.part))::int + ${DOCUMENTS} as seq, p.* from (
         select g, 1 as part, case when s in (0, 1) then cents else cents / 2 end as cents, d + 10 + g % 40 as d from bench_doc where s <> 9
         union all
         select g, 2, case when s = 7 then cents / 4 else cents - cents / 2 end, d + 40 + g % 40 from bench_doc where s between 2 and 7) p`,
    );
    await query(`set session_replication_role = replica`);
    try {
      await step(
        "journal entries",
        `insert into journal_entries (organization_id, entry_seq, description, entry_date, reference, total_amount, status, created_by, posted_at, posted_by)
         select $org, g, case when kind = 'invoice' then 'Invoice ' else 'Bill ' end || g, d, null, cents::numeric / 100, 'posted', $user, now(), $user
           from bench_doc
         union all
         select $org, p.seq, case when b.kind = 'invoice' then 'Payment from ' else 'Payment to ' end || p.g, p.d, null, p.cents::numeric / 100, 'posted', $user, now(), $user
           from bench_payment p join bench_doc b on b.g = p.g;
         create table bench_entry as select entry_seq as seq, id from journal_entries where organization_id = $org;
         create unique index on bench_entry (seq);
         update journal_entry_counters set last_number = (select max(seq) from bench_entry) where organization_id = $org`,
      );
      // A document: its revenue (or expense) line first, its receivable (or payable) line second, naming the contact. A
      // payment: the bank's line first, the contact's line second.
      await step(
        "journal lines",
        `insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount, contact_id)
         select $org, e.id, j,
                case when j = 2 then case when b.kind = 'invoice' then ${ar} else ${ap} end when b.kind = 'invoice' then ${revenue} else ${expense} end,
                case when j = 2 then 'Contact ' || b.contact_i end,
                case when (j = 2) = (b.kind = 'invoice') then b.cents::numeric / 100 else 0 end,
                case when (j = 2) = (b.kind = 'invoice') then 0 else b.cents::numeric / 100 end,
                case when j = 2 then c.id end
           from bench_doc b join bench_entry e on e.seq = b.g join bench_contact c on c.i = b.contact_i cross join generate_series(1, 2) j;
         insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, description, debit_amount, credit_amount, contact_id)
         select $org, e.id, j, case when j = 1 then ${cash} when b.kind = 'invoice' then ${ar} else ${ap} end,
                case when j = 2 then 'Contact ' || b.contact_i end,
                case when (j = 1) = (b.kind = 'invoice') then p.cents::numeric / 100 else 0 end,
                case when (j = 1) = (b.kind = 'invoice') then 0 else p.cents::numeric / 100 end,
                case when j = 2 then c.id end
           from bench_payment p join bench_doc b on b.g = p.g join bench_entry e on e.seq = p.seq join bench_contact c on c.i = b.contact_i
          cross join generate_series(1, 2) j`,
      );
      await step(
        "documents, their lines, allocations, day totals",
        `insert into sales_documents (organization_id, kind, contact_id, status, number, issue_date, due_date, subtotal, tax_total, total, journal_entry_id, approved_at)
         select $org, b.kind, c.id, 'approved',
                case when b.kind = 'invoice' then 'INV-' else 'BILL-' end || lpad((row_number() over (partition by b.kind order by b.g))::text, 6, '0'),
                b.d, b.d + 30, b.cents::numeric / 100, 0, b.cents::numeric / 100, e.id, now()
           from bench_doc b join bench_entry e on e.seq = b.g join bench_contact c on c.i = b.contact_i;
         insert into sales_document_lines (document_id, organization_id, line_no, description, quantity, unit_price, account_id, amount)
         select d.id, $org, 1, 'Work', 1, d.total, case when d.kind = 'invoice' then ${revenue} else ${expense} end, d.total
           from sales_documents d where d.organization_id = $org;
         create table bench_item as select e.seq, l.id from bench_entry e join journal_entry_lines l on l.journal_entry_id = e.id and l.line_no = 2;
         create unique index on bench_item (seq);
         insert into allocations (organization_id, debit_line_id, credit_line_id, amount, allocated_on, created_by)
         select $org, case when b.kind = 'invoice' then di.id else pi.id end, case when b.kind = 'invoice' then pi.id else di.id end,
                p.cents::numeric / 100, p.d, $user
           from bench_payment p join bench_doc b on b.g = p.g join bench_item di on di.seq = p.g join bench_item pi on pi.seq = p.seq;
         insert into account_day_totals (organization_id, day, account_id, debit_total, credit_total)
         select l.organization_id, e.entry_date, l.account_id, sum(l.debit_amount), sum(l.credit_amount)
           from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id where l.organization_id = $org group by 1, 2, 3`,
      );
    } finally {
      await query(`set session_replication_role = origin`);
    }
    await step("vacuum analyze", `vacuum analyze`);
  });
  const [counts] = await queryRows<Record<string, number>>(
    t.ctx.db,
    sql`select (select count(*)::int from contacts where organization_id = ${orgId}) as contacts,
               (select count(*)::int from sales_documents where organization_id = ${orgId}) as documents,
               (select count(*)::int from journal_entry_lines where organization_id = ${orgId}) as ledger_lines,
               (select count(*)::int from allocations where organization_id = ${orgId}) as allocations,
               (select count(*)::int from (select journal_entry_id from journal_entry_lines where organization_id = ${orgId}
                                           group by 1 having sum(debit_amount) <> sum(credit_amount)) u) as unbalanced`,
  );
  log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  if (counts!.unbalanced !== 0) throw new Error("the ledger was not loaded as meant");

  // 2. The aging, through the API and as bare SQL: the API's own statement (agingSql) run alone, as the API runs it
  // (without JIT and parallel workers), and a plain aggregate written here, each allocation side summed by hashing.
  const plainAging = (account: number, sign: 1 | -1, asOf: string) =>
    sql`with paid as (
          select x.line_id, sum(x.amount) as amount
            from (select debit_line_id as line_id, amount from allocations where organization_id = ${orgId} and undone_at is null and allocated_on <= ${asOf}::date
                  union all
                  select credit_line_id, amount from allocations where organization_id = ${orgId} and undone_at is null and allocated_on <= ${asOf}::date) x
           group by x.line_id),
        open as (
          select coalesce(c.merged_into, l.contact_id) as contact_id, ${asOf}::date - coalesce(d.due_date, e.entry_date) as days,
                 sign(l.debit_amount - l.credit_amount) * ${sign} * (abs(l.debit_amount - l.credit_amount) - coalesce(p.amount, 0)) as open
            from journal_entry_lines l
            join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted' and e.entry_date <= ${asOf}::date
            left join contacts c on c.id = l.contact_id
            left join sales_documents d on d.journal_entry_id = e.id
            left join paid p on p.line_id = l.id
           where l.organization_id = ${orgId} and l.account_id = ${account})
        select o.contact_id, c.name, case when days <= 0 then 'current' when days <= 30 then '1_30' when days <= 60 then '31_60'
                                          when days <= 90 then '61_90' else 'over_90' end as bucket, sum(o.open)::text as open
          from open o left join contacts c on c.id = o.contact_id
         where o.open <> 0
         group by 1, 2, 3`;
  const asTheApi = <T>(statement: SQL) =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return queryRows<T>(tx, statement);
    });
  console.log(
    `\n${"aging".padEnd(30)} ${"rows".padStart(5)}  ${"API median".padStart(10)}  ${"API p95".padStart(9)}  ${"bare SQL".padStart(9)}  ratio  ${"plain SQL".padStart(9)}`,
  );
  const agings = [
    ["receivable", ar, 1, "2026-11-30"],
    ["receivable", ar, 1, "2026-03-31"],
    ["payable", ap, -1, "2026-11-30"],
  ] as const;
  for (const [side, account, sign, asOf] of STEPS.has("aging") ? agings : []) {
    const get = async () =>
      (
        await call<{ aging: { rows: unknown[]; totals: { total: string }; control_account: { balance: string } } }>(
          `${books}/aging?side=${side}&as_of=${asOf}`,
        )
      ).aging;
    const bare = () => asTheApi<{ contact_id: number; open: string }>(agingSql(orgId, account, side, asOf));
    const plain = () => queryRows<{ contact_id: number; open: string }>(t.ctx.db, plainAging(account, sign, asOf));
    for (let i = 0; i < 3; i++) {
      await get();
      await bare();
    }
    const [api, raw, hand]: [number[], number[], number[]] = [[], [], []];
    let answer: Awaited<ReturnType<typeof get>> | null = null;
    let rows: Awaited<ReturnType<typeof bare>> = [];
    let plainRows: Awaited<ReturnType<typeof plain>> = [];
    for (let i = 0; i < RUNS; i++) {
      const [a, r] = await timed(get);
      const [b, s] = await timed(bare);
      api.push(a);
      raw.push(b);
      answer = r;
      rows = s;
      if (i < PLAIN_RUNS) {
        const [c, p] = await timed(plain);
        hand.push(c);
        plainRows = p;
      }
    }
    const sum = (xs: { open: string }[]) => xs.reduce((total, r) => total + BigInt(r.open.replace(".", "")), 0n);
    const total = answer!.totals.total.replace(".", "");
    if (total !== String(sum(rows)) || total !== String(sum(plainRows)) || answer!.totals.total !== answer!.control_account.balance)
      throw new Error(
        `${side} ${asOf}: the API's total ${answer!.totals.total}, the bare SQL's ${sum(rows)}, the plain SQL's ${sum(plainRows)}, the control account ${answer!.control_account.balance}`,
      );
    const [median, p95, bareMedian] = [quantile(api, 0.5), quantile(api, 0.95), quantile(raw, 0.5)];
    const label = `${side} as of ${asOf}`;
    if (median > 300 || median > 1.5 * bareMedian) failed.push(`aging ${label}`);
    console.log(
      `${label.padEnd(30)} ${String(answer!.rows.length).padStart(5)}  ${ms(median).padStart(10)}  ${ms(p95).padStart(9)}  ${ms(bareMedian).padStart(9)}  ${(median / bareMedian).toFixed(2).padStart(5)}  ${ms(quantile(hand, 0.5)).padStart(9)}`,
    );
    if (process.env.BENCH_PLAN === "1") {
      const plan = await asTheApi<{ "QUERY PLAN": string }>(sql`explain (analyze) ${agingSql(orgId, account, side, asOf)}`);
      console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
    }
  }

  if (STEPS.has("statement")) {
    // 3. One contact's statement of a year: the customer with the most documents.
    const [busiest] = await queryRows<{ id: number; n: number }>(
      t.ctx.db,
      sql`select contact_id as id, count(*)::int as n from sales_documents where organization_id = ${orgId} and kind = 'invoice'
           group by 1 order by 2 desc, 1 limit 1`,
    );
    const statementPath = `${books}/contacts/${busiest!.id}/statement?from=2026-01-01&to=2026-12-31&side=receivable`;
    for (let i = 0; i < 3; i++) await call(statementPath);
    const st: number[] = [];
    let statementLines = 0;
    for (let i = 0; i < RUNS; i++) {
      const [x, r] = await timed(() => call<{ statement: { lines: unknown[] } }>(statementPath));
      st.push(x);
      statementLines = r.statement.lines.length;
    }
    console.log(
      `\nstatement of a year (${busiest!.n} invoices in all, ${statementLines} lines in the year): median ${ms(quantile(st, 0.5))}, p95 ${ms(quantile(st, 0.95))}`,
    );
    if (quantile(st, 0.5) >= 100) failed.push("statement");
  }

  if (STEPS.has("suggestions")) {
    // 4. 10,000 statement lines against the open items.
    await t.testDb.database.withConnection(async (query) => {
      await query(
        `insert into bank_statements (organization_id, bank_account_id, file_name, format, file_sha256, lines_total, line_count, new_count)
         values ($1, $2, 'bench.csv', 'csv', 'bench', 0, ${BANK_LINES}, ${BANK_LINES})`,
        [orgId, bank.id],
      );
      // Half the lines: an open item's amount (what is open on it, or half of that), the text naming its number, its
      // contact, both or neither; the other half an amount at random and a card payment's text.
      await query(
        `insert into bank_lines (organization_id, bank_account_id, statement_id, file_line, booked_on, amount, description, dedupe_key)
         select $1, $2, (select max(id) from bank_statements where bank_account_id = $2), i, date '2026-11-01' + i % 28,
                case when o.item is null then ((i::bigint * 7907) % 200000 - 100000 + 1)::numeric / 100
                     else (case when o.kind = 'invoice' then 1 else -1 end) * (case when i % 8 = 0 then round(o.open / 2, 2) else o.open end) end,
                case when o.item is null then 'CARD PAYMENT ' || i
                     else (case when i % 3 <> 2 then o.name || ' ' else '' end) || 'PAYMENT' || (case when i % 3 <> 1 then ' ' || o.number else '' end) end,
                'bench-' || i
           from generate_series(1, ${BANK_LINES}) i
           left join lateral (
             select l.id as item, d.kind, d.number, c.name,
                    d.total - coalesce((select sum(a.amount) from allocations a where a.debit_line_id = l.id and a.undone_at is null), 0)
                    - coalesce((select sum(a.amount) from allocations a where a.credit_line_id = l.id and a.undone_at is null), 0) as open
               from bench_entry e join sales_documents d on d.journal_entry_id = e.id
               join journal_entry_lines l on l.journal_entry_id = e.id and l.line_no = 2
               join contacts c on c.id = d.contact_id
              where i % 2 = 0 and e.seq = ((i::bigint * 4099) % ${Math.floor(DOCUMENTS / 100)}) * 100 + 70 + i % 30) o on true`,
        [orgId, bank.id],
      );
      await query(`analyze bank_lines`);
    });
    const m = (await findMembership(t.ctx.db, user.id, orgId))!;
    const lineIds = (
      await queryRows<{ id: number }>(t.ctx.db, sql`select id from bank_lines where bank_account_id = ${bank.id} order by id`)
    ).map((r) => Number(r.id));
    const sugg: number[] = [];
    let withSuggestion = 0;
    let named = 0;
    for (let i = 0; i < SLOW_RUNS; i++) {
      const [x, r] = await timed(() => openItemSuggestions(t.ctx.db, m, bank.id, lineIds));
      sugg.push(x);
      withSuggestion = [...r.values()].filter((s) => s.length > 0).length;
      named = [...r.values()].filter((s) => s[0]?.reasons.includes("reference")).length;
      log(`suggestions for ${lineIds.length} lines, run ${i + 1}: ${ms(x)}`);
    }
    console.log(
      `\nsuggestions for ${lineIds.length} statement lines: median ${ms(quantile(sugg, 0.5))}; ${withSuggestion} lines with a suggestion, ${named} led by a reference`,
    );
    if (quantile(sugg, 0.5) > 3000) failed.push("suggestions");
    const one = `/api/bank/${orgId}/accounts/${bank.id}/lines/${lineIds[1]}/open-items`;
    for (let i = 0; i < 3; i++) await call(one);
    const ones: number[] = [];
    for (let i = 0; i < RUNS; i++) ones.push((await timed(() => call(one)))[0]);
    console.log(`one line's open items (GET …/open-items): median ${ms(quantile(ones, 0.5))}, p95 ${ms(quantile(ones, 0.95))}`);
  }

  if (STEPS.has("approve")) {
    // 5. 1,000 drafts approved at once.
    const approvals: number[] = [];
    for (let run = 0; run < SLOW_RUNS; run++) {
      const ids = await t.ctx.db.transaction(async (tx) => {
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`insert into sales_documents (organization_id, kind, contact_id, status, issue_date, due_date, subtotal, tax_total, total)
              select ${orgId}, 'invoice', c.id, 'draft', date '2026-11-20', date '2026-12-20', 100 + n, 0, 100 + n
                from generate_series(1, ${APPROVE}) n join bench_contact b on b.i = 1 + (n * 7) % ${CUSTOMERS} join contacts c on c.id = b.id
              returning id`,
        );
        await tx.execute(
          sql`insert into sales_document_lines (document_id, organization_id, line_no, description, quantity, unit_price, account_id, amount)
              select d.id, ${orgId}, 1, 'Bench work', 1, d.total, ${revenue}, d.total from sales_documents d
               where d.organization_id = ${orgId} and d.status = 'draft'`,
        );
        return rows.map((r) => Number(r.id));
      });
      const [x, r] = await timed(() => call<{ approved: number }>(`${books}/documents/approve`, { json: { ids } }));
      if (r.approved !== APPROVE) throw new Error(`approved ${r.approved}`);
      approvals.push(x);
      log(`approved ${APPROVE} drafts at once, run ${run + 1}: ${ms(x)}`);
    }
    console.log(`\n${APPROVE} drafts approved at once: median ${ms(quantile(approvals, 0.5))}`);
    if (quantile(approvals, 0.5) > 10_000) failed.push("approve");
  }

  log(failed.length ? `over target: ${failed.join("; ")}` : "every target met");
} finally {
  if (process.env.BENCH_KEEP === "1" && t.testDb.url) {
    await t.ctx.mail.stop();
    await t.testDb.database.close();
    log(`database kept: ${t.testDb.url}`);
  } else await t.close();
}
