import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import { ALL_ACCOUNTS_TOO_LONG, GL_COUNTER_NAMES, GL_PAGE_SIZE, type GeneralLedger, type GeneralLedgerLine } from "./general-ledger.ts";
import { GL_CURSOR, type GeneralLedgerPeriod, type GeneralLedgerQuery } from "./general-ledger.schema.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { MAX_PRINTED_LINES } from "./report-print.ts";
import { balanceCents, type AccountType } from "~/features/ledger/index.ts";

const cents = (s: string) => toCents(s)!;

interface LineRow {
  journal_entry_id: number;
  entry_number: string;
  entry_seq: number;
  entry_date: string;
  description: string;
  line_no: number;
  line_description: string | null;
  tax_code: string | null;
  debit_amount: string;
  credit_amount: string;
}

/**
 * The other accounts of each entry ("code name", by code), read once for the page's entries: every line of a page is on
 * the same account, so a line's counter-accounts are its entry's accounts but that one.
 */
async function counterAccounts(db: Db, organizationId: number, accountId: number, rows: { journal_entry_id: number }[]) {
  const ids = [...new Set(rows.map((r) => Number(r.journal_entry_id)))];
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const others = await queryRows<{ journal_entry_id: number; account_code: string; account_name: string }>(
    db,
    sql`select distinct o.journal_entry_id, a.account_code, a.account_name
          from journal_entry_lines o join chart_of_accounts a on a.id = o.account_id
         where o.organization_id = ${organizationId} and o.journal_entry_id = any(${pgArray(ids)}::int[])
           and o.account_id <> ${accountId}
         order by a.account_code`,
  );
  for (const o of others) {
    const id = Number(o.journal_entry_id);
    out.set(id, [...(out.get(id) ?? []), `${o.account_code} ${o.account_name}`]);
  }
  return out;
}

/**
 * One account's general ledger for a period (decision 097): the balance before the start date, the period's posted
 * lines in date and entry order with the other accounts of each entry and the running balance, and the balance at the
 * end date, which is the trial balance's closing balance (both read the same posted amounts). Balances come from the
 * day totals the database keeps (`account_day_totals_account_idx`); lines are paged by keyset (`after`).
 */
export async function generalLedger(db: Db, m: Membership, q: GeneralLedgerQuery, pageSize = GL_PAGE_SIZE): Promise<GeneralLedger> {
  const [account] = await queryRows<GeneralLedger["account"]>(
    db,
    sql`select id, account_code, account_name, account_type from chart_of_accounts
         where id = ${q.account} and organization_id = ${m.organizationId}`,
  );
  if (!account) throw notFound("Account");
  const cursor = q.after ? GL_CURSOR.exec(q.after) : null;
  const after = cursor ? { date: cursor[1]!, seq: Number(cursor[2]), line: Number(cursor[3]) } : null;
  if (after && (after.date < q.start || after.date > q.end)) {
    const message = "After must be a line within the period";
    throw invalidInput({ after: message }, message);
  }
  // Before the start; within the period; within the period before the page's first day (a later page).
  const pageDay = after?.date ?? q.start;
  const [totals] = await queryRows<Record<"od" | "oc" | "d" | "c" | "pd" | "pc", string>>(
    db,
    sql`select coalesce(sum(debit_total) filter (where day < ${q.start}::date), 0)::text as od,
               coalesce(sum(credit_total) filter (where day < ${q.start}::date), 0)::text as oc,
               coalesce(sum(debit_total) filter (where day >= ${q.start}::date), 0)::text as d,
               coalesce(sum(credit_total) filter (where day >= ${q.start}::date), 0)::text as c,
               coalesce(sum(debit_total) filter (where day >= ${q.start}::date and day < ${pageDay}::date), 0)::text as pd,
               coalesce(sum(credit_total) filter (where day >= ${q.start}::date and day < ${pageDay}::date), 0)::text as pc
          from account_day_totals
         where organization_id = ${m.organizationId} and account_id = ${account.id} and day <= ${q.end}::date`,
  );
  const type: AccountType = account.account_type;
  const t = totals!;
  const opening = balanceCents(type, cents(t.od), cents(t.oc));
  let pageOpening = opening + balanceCents(type, cents(t.pd), cents(t.pc));
  if (after) {
    // The cursor's own day up to and including its line.
    const [day] = await queryRows<{ d: string; c: string }>(
      db,
      sql`select coalesce(sum(l.debit_amount), 0)::text as d, coalesce(sum(l.credit_amount), 0)::text as c
            from journal_entries e
            join journal_entry_lines l on l.organization_id = e.organization_id and l.journal_entry_id = e.id
           where e.organization_id = ${m.organizationId} and e.status = 'posted' and e.entry_date = ${after.date}::date
             and l.account_id = ${account.id} and (e.entry_seq, l.line_no) <= (${after.seq}, ${after.line})`,
    );
    pageOpening += balanceCents(type, cents(day!.d), cents(day!.c));
  }
  const rows = await queryRows<LineRow>(
    db,
    sql`select e.id as journal_entry_id, e.entry_number, e.entry_seq, e.entry_date::text as entry_date, e.description,
               l.line_no, l.description as line_description, l.debit_amount::text as debit_amount, l.credit_amount::text as credit_amount,
               tc.code as tax_code
          from journal_entries e
          join journal_entry_lines l on l.organization_id = e.organization_id and l.journal_entry_id = e.id
          left join tax_codes tc on tc.organization_id = l.organization_id and tc.id = l.tax_code_id
         where e.organization_id = ${m.organizationId} and e.status = 'posted'
           and e.entry_date between ${q.start}::date and ${q.end}::date and l.account_id = ${account.id}
           ${after ? sql`and (e.entry_date, e.entry_seq, l.line_no) > (${after.date}::date, ${after.seq}, ${after.line})` : sql``}
         order by e.entry_date, e.entry_seq, l.line_no
         limit ${pageSize + 1}`,
  );
  const counters = await counterAccounts(db, m.organizationId, account.id, rows);
  const shown = rows.slice(0, pageSize);
  let running = pageOpening;
  const lines: GeneralLedgerLine[] = shown.map((r) => {
    running += balanceCents(type, cents(r.debit_amount), cents(r.credit_amount));
    return {
      journal_entry_id: Number(r.journal_entry_id),
      entry_number: r.entry_number,
      entry_date: r.entry_date,
      description: r.description,
      line_description: r.line_description,
      tax_code: r.tax_code,
      counter_accounts: (counters.get(Number(r.journal_entry_id)) ?? []).slice(0, GL_COUNTER_NAMES),
      counter_count: counters.get(Number(r.journal_entry_id))?.length ?? 0,
      debit_amount: r.debit_amount,
      credit_amount: r.credit_amount,
      balance: centsToDecimal(running),
      cursor: `${r.entry_date}.${r.entry_seq}.${r.line_no}`,
    };
  });
  const closing = opening + balanceCents(type, cents(t.d), cents(t.c));
  return {
    account: { ...account, id: Number(account.id) },
    start: q.start,
    end: q.end,
    opening_balance: centsToDecimal(opening),
    debit_total: centsToDecimal(cents(t.d)),
    credit_total: centsToDecimal(cents(t.c)),
    closing_balance: centsToDecimal(closing),
    page_opening_balance: centsToDecimal(pageOpening),
    lines,
    next: rows.length > pageSize ? (lines.at(-1)?.cursor ?? null) : null,
  };
}

/**
 * How many posted lines the period has, on one account or (without `account`) on all of them: counted before a
 * document of them all is made. With `upTo`, counting stops there (a long period of all accounts costs no more than
 * the cap; past it the exact number does not matter).
 */
export async function generalLedgerLineCount(
  db: Db,
  m: Membership,
  q: { account?: number; start: string; end: string },
  upTo?: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::integer as n from (
          select 1
            from journal_entries e
            join journal_entry_lines l on l.organization_id = e.organization_id and l.journal_entry_id = e.id
           where e.organization_id = ${m.organizationId} and e.status = 'posted'
             and e.entry_date between ${q.start}::date and ${q.end}::date
             ${q.account === undefined ? sql`` : sql`and l.account_id = ${q.account}`}
           ${upTo === undefined ? sql`` : sql`limit ${upTo}`}) x`,
  );
  return Number(row?.n ?? 0);
}

/** Lines read at a time for a whole period (the CSV, the PDF). */
const ALL_PAGE_SIZE = 5000;

/**
 * Every line of the period, read a large page at a time (the CSV, the PDF). On the embedded database a page's
 * statements hold the event loop while they run, so other requests are let in between pages.
 */
export async function generalLedgerAll(
  db: Db,
  m: Membership,
  q: GeneralLedgerQuery,
): Promise<{ ledger: GeneralLedger; lines: GeneralLedgerLine[] }> {
  const slices = timeSlices();
  let ledger: GeneralLedger | undefined;
  const lines: GeneralLedgerLine[] = [];
  let after: string | undefined;
  do {
    if (slices.due()) await slices.next();
    const page = await generalLedger(db, m, { ...q, after }, ALL_PAGE_SIZE);
    ledger ??= page;
    for (const line of page.lines) lines.push(line);
    after = page.next ?? undefined;
  } while (after);
  return { ledger: ledger!, lines };
}

/**
 * The general ledger of every account with posted lines in the period, by code: each account's opening balance, lines
 * and closing balance (the all-accounts PDF and CSV). The lines are counted first, up to the cap: more than
 * MAX_PRINTED_LINES is a 400 before any is read.
 */
export async function generalLedgerEveryAccount(
  db: Db,
  m: Membership,
  period: GeneralLedgerPeriod,
): Promise<{ ledger: GeneralLedger; lines: GeneralLedgerLine[] }[]> {
  if ((await generalLedgerLineCount(db, m, period, MAX_PRINTED_LINES + 1)) > MAX_PRINTED_LINES)
    throw invalidInput({ start: ALL_ACCOUNTS_TOO_LONG }, ALL_ACCOUNTS_TOO_LONG);
  const accounts = await queryRows<{ id: number }>(
    db,
    sql`select a.id from chart_of_accounts a
         where a.organization_id = ${m.organizationId}
           and exists (select 1 from journal_entry_lines l join journal_entries e on e.organization_id = l.organization_id and e.id = l.journal_entry_id
                        where l.organization_id = a.organization_id and l.account_id = a.id and e.status = 'posted'
                          and e.entry_date between ${period.start}::date and ${period.end}::date)
         order by a.account_code, a.id`,
  );
  const ledgers = [];
  for (const a of accounts) ledgers.push(await generalLedgerAll(db, m, { account: Number(a.id), start: period.start, end: period.end }));
  return ledgers;
}
