import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { ReconciliationStart } from "./bank.types.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";

/*
 * Where an account's reconciliation starts (decision 092): the opening balance its earliest statement states (camt.053
 * OPBD, MT940 :60F:, a CSV's opening or running balance), for the day it is stated for. What the books hold for the
 * account up to that day, not tied to a statement line, is brought forward in it: neither an item to clear nor counted
 * twice in the cleared balance. Without a stated opening the reconciliation starts from 0.00 and every ledger line is
 * an item, as before.
 */

interface Start {
  date: string;
  balance: string;
  file_name: string;
}

/**
 * Whether the statement `bank_statements` row (no alias) still counts: a statement whose every line is excluded (a
 * file imported into the wrong account, or twice in two formats) states nothing for the account (decision 092).
 */
export const statementCounts = sql`(exists (select 1 from bank_lines sl where sl.statement_id = bank_statements.id and sl.excluded_at is null)
  or not exists (select 1 from bank_lines sl where sl.statement_id = bank_statements.id))`;

/** The stated opening of the account's earliest statement that counts, or null when that statement states none. */
export async function statedStart(db: Db, bankId: number): Promise<Start | null> {
  const [s] = await queryRows<{ date: string | null; balance: string | null; file_name: string }>(
    db,
    sql`select coalesce(opening_date, first_date)::text as date, opening_balance::text as balance, file_name
          from bank_statements where bank_account_id = ${bankId} and ${statementCounts}
         order by coalesce(opening_date, first_date) nulls last, opening_balance is null, id
         limit 1`,
  );
  return s && s.balance !== null && s.date !== null ? { date: s.date, balance: s.balance, file_name: s.file_name } : null;
}

/**
 * Whether the ledger line `l` (of journal entry `e`) is brought forward in the stated opening: dated up to its day and
 * not tied to a statement line (unmatched, or marked cleared by hand as an opening used to be).
 */
export const broughtForward = (start: Start | null): SQL =>
  start === null
    ? sql`false`
    : sql`(e.entry_date <= ${start.date}::date and not exists (
             select 1 from bank_match_ledger_lines bj join bank_matches bx on bx.id = bj.match_id
              where bj.journal_entry_line_id = l.id and bx.kind <> 'cleared'))`;

/** The start with what the books bring forward to its day and the difference (books less statement). */
export async function reconciliationStart(
  db: Db,
  organizationId: number,
  accountId: number,
  bankId: number,
): Promise<ReconciliationStart | null> {
  const start = await statedStart(db, bankId);
  if (!start) return null;
  const [row] = await queryRows<{ books: string }>(
    db,
    sql`select coalesce(sum(l.debit_amount - l.credit_amount), 0)::text as books
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
         where l.organization_id = ${organizationId} and l.account_id = ${accountId} and e.status = 'posted'
           and ${broughtForward(start)}`,
  );
  const books = toCents(row!.books)!;
  return { ...start, books: centsToDecimal(books), difference: centsToDecimal(books - toCents(start.balance)!) };
}

/** The day a reconciliation is shown for when none is asked: the end of the latest statement imported, else today. */
export async function defaultStatementDate(db: Db, bankId: number, today: string): Promise<string> {
  const [row] = await queryRows<{ d: string | null }>(
    db,
    sql`select max(coalesce(closing_date, last_date))::text as d from bank_statements where bank_account_id = ${bankId} and ${statementCounts}`,
  );
  return row?.d ?? today;
}
