import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { AppError, conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound, sqlState } from "~/features/ledger/index.server.ts";
import type { CategorizeInput, MatchInput } from "./bank.schema.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { createEntries } from "~/features/ledger/index.server.ts";
import { refusingLocked, reverseEntry } from "~/features/ledger/index.server.ts";
import { cancelSettlements } from "~/features/sales/index.server.ts";
import type { AuditActor } from "~/server/audit.server.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * Statement lines tied to the books: matched to posted ledger lines of the bank's account (amounts agreeing to the
 * cent, one or several on each side), categorized (a posted entry made from the line), or ledger lines marked cleared
 * without a statement line. A reconciled match is locked by the database (migration 0029).
 */

/** The statement lines, locked, checked to be this account's and unmatched; their sum in cents. */
export async function takeBankLines(tx: Db, m: Membership, bankId: number, ids: number[]): Promise<bigint> {
  const rows = await queryRows<{ id: number; amount: string; match_id: number | null; excluded: boolean }>(
    tx,
    sql`select id, amount::text, match_id, excluded_at is not null as excluded from bank_lines
         where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = any(${pgArray(ids)}::bigint[])
         order by id for update`,
  );
  if (rows.length !== ids.length) throw notFound("Statement line");
  if (rows.some((r) => r.match_id !== null)) throw conflict("A statement line is already matched: undo that match first");
  if (rows.some((r) => r.excluded)) throw conflict("A statement line is excluded: bring it back first");
  return rows.reduce((s, r) => s + toCents(r.amount)!, 0n);
}

/** The ledger lines, checked to be posted lines of the bank's ledger account not in a match; their sum in cents. */
async function takeLedgerLines(tx: Db, m: Membership, accountId: number, ids: number[]): Promise<bigint> {
  const rows = await queryRows<{ id: number; amount: string; matched: boolean }>(
    tx,
    sql`select l.id, (l.debit_amount - l.credit_amount)::text as amount,
               exists (select 1 from bank_match_ledger_lines ml where ml.journal_entry_line_id = l.id) as matched
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
         where l.organization_id = ${m.organizationId} and l.account_id = ${accountId} and e.status = 'posted'
           and e.reversed_by is null and e.reversal_of is null
           and l.id = any(${pgArray(ids)}::bigint[])`,
  );
  if (rows.length !== ids.length) throw notFound("Posted ledger line of this bank account");
  if (rows.some((r) => r.matched)) throw conflict("A ledger line is already matched: undo that match first");
  return rows.reduce((s, r) => s + toCents(r.amount)!, 0n);
}

async function insertMatch(
  tx: Db,
  m: Membership,
  bankId: number,
  kind: string,
  bankLines: number[],
  ledgerLines: number[],
): Promise<number> {
  // A reconciliation being finished holds the account (FOR UPDATE): a match waits for it, so that it is counted in
  // the reconciliation or left out of it whole.
  await tx.execute(sql`select 1 from bank_accounts where id = ${bankId} for share`);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into bank_matches (organization_id, bank_account_id, kind, created_by)
        values (${m.organizationId}, ${bankId}, ${kind}, ${m.userId}) returning id`,
  );
  const id = Number(row!.id);
  if (bankLines.length > 0) await tx.execute(sql`update bank_lines set match_id = ${id} where id = any(${pgArray(bankLines)}::bigint[])`);
  try {
    await tx.execute(
      sql`insert into bank_match_ledger_lines (match_id, organization_id, journal_entry_line_id)
          select ${id}, ${m.organizationId}, x from unnest(${pgArray(ledgerLines)}::bigint[]) as x`,
    );
  } catch (err) {
    if (sqlState(err) === "23505") throw conflict("A ledger line is already matched: undo that match first");
    throw err;
  }
  return id;
}

/** Statement lines and ledger lines that are the same money, tied together: their sums must agree to the cent. */
export async function matchLines(db: Db, m: Membership, bankId: number, input: MatchInput): Promise<{ match_id: number }> {
  const account = await getBankAccount(db, m, bankId);
  return db.transaction(async (tx) => {
    const bank = await takeBankLines(tx, m, bankId, input.bank_line_ids);
    const ledger = await takeLedgerLines(tx, m, account.account_id, input.ledger_line_ids);
    if (bank !== ledger) {
      const message = `The statement lines add up to ${centsToDecimal(bank)} and the ledger lines to ${centsToDecimal(ledger)}: they must agree to the cent`;
      throw invalidInput({ ledger_line_ids: message }, message);
    }
    return { match_id: await insertMatch(tx, m, bankId, "matched", input.bank_line_ids, input.ledger_line_ids) };
  });
}

/** Ledger lines marked cleared with no statement line (an opening balance, a line from before the first statement). */
export async function clearLedgerLines(db: Db, m: Membership, bankId: number, ledgerLineIds: number[]): Promise<{ match_id: number }> {
  const account = await getBankAccount(db, m, bankId);
  return db.transaction(async (tx) => {
    await takeLedgerLines(tx, m, account.account_id, ledgerLineIds);
    return { match_id: await insertMatch(tx, m, bankId, "cleared", [], ledgerLineIds) };
  });
}

interface LineToPost {
  id: number;
  booked_on: string;
  amount: string;
  description: string;
  payee: string | null;
  reference: string | null;
}

/** A share of a statement line's money: gross, in cents, counted in the line's direction (positive: the same way). */
export interface PostPart {
  accountId: number;
  cents: bigint;
  taxCodeId: number | null;
  description?: string;
}

/** A statement line to post: to one account (its whole amount, with a tax code or none), or split into parts. */
export interface LineItem {
  id: number;
  accountId: number;
  taxCodeId?: number | null;
  description?: string;
  parts?: PostPart[];
}

/** The request's field a refusal of the entry's line (numbered as the entry's lines, the bank side first) is about. */
export type PartField = (part: number, field: "tax_code_id" | "amount") => string;
const wholeLine: PartField = (_, field) => (field === "amount" ? "bank_line_ids" : "tax_code_id");

/** A 400 of the journal about `lines.N.…` told on the request's own fields. */
function renamed(err: unknown, field: PartField): unknown {
  if (!(err instanceof AppError) || !err.fields) return err;
  const fields: Record<string, string> = {};
  let message = err.message;
  for (const [key, text] of Object.entries(err.fields)) {
    const m = /^lines\.(\d+)\.(tax_code_id|debit_amount|credit_amount)$/.exec(key);
    const name = m && Number(m[1]) > 0 ? field(Number(m[1]) - 1, m[2] === "tax_code_id" ? "tax_code_id" : "amount") : key;
    fields[name] = text;
    message = message.replace(key, name);
  }
  return new AppError(err.status, err.code, message, fields);
}

/**
 * Posts one entry per statement line, between the bank's ledger account and the account (or the parts) given for it,
 * and matches the line to the entry's bank side (line 1: the typed lines come first, the tax lines after them),
 * inside the caller's transaction; the lines were taken by takeBankLines. With a tax code the amount is the gross: the
 * journal takes the tax out of it (tax-inclusive) and adds the tax lines. Returns the new matches and entries, one of
 * each per statement line.
 */
export async function postLines(
  tx: Db,
  m: Membership,
  bank: { id: number; account_id: number },
  items: LineItem[],
  field = wholeLine,
): Promise<{ matchIds: number[]; entryIds: number[] }> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines = await queryRows<LineToPost>(
    tx,
    sql`select id, booked_on::text, amount::text, description, payee, reference from bank_lines
         where id = any(${pgArray(items.map((i) => i.id))}::bigint[]) order by booked_on, id`,
  );
  if (lines.some((l) => toCents(l.amount) === 0n))
    throw invalidInput({ bank_line_ids: "A line of 0.00 has nothing to post: match it instead" });
  const side = (account_id: number, cents: bigint, extra: { tax_code_id?: number | null; description?: string } = {}) => ({
    account_id,
    debit_amount: centsToDecimal(cents > 0n ? cents : 0n),
    credit_amount: centsToDecimal(cents < 0n ? -cents : 0n),
    ...extra,
  });
  const inputs = lines.map((l) => {
    const item = byId.get(Number(l.id))!;
    const cents = toCents(l.amount)!;
    const sign = cents > 0n ? 1n : -1n;
    const parts = item.parts ?? [{ accountId: item.accountId, cents: sign * cents, taxCodeId: item.taxCodeId ?? null }];
    const others = parts.map((p) => side(p.accountId, -sign * p.cents, { tax_code_id: p.taxCodeId, description: p.description }));
    const text = (item.description || l.description || l.payee || "Bank transaction").slice(0, 500);
    const taxed = parts.some((p) => p.taxCodeId !== null);
    return {
      description: text,
      entry_date: l.booked_on,
      reference: l.reference?.slice(0, 100) ?? "",
      lines: [side(bank.account_id, cents), ...others],
      ...(taxed ? { tax_amounts: "inclusive" as const } : {}),
    };
  });
  let entryIds: number[];
  try {
    entryIds = await createEntries(tx, m, inputs, true);
  } catch (err) {
    throw renamed(err, field);
  }
  const bankSides = await queryRows<{ id: number; journal_entry_id: number }>(
    tx,
    sql`select id, journal_entry_id from journal_entry_lines where journal_entry_id = any(${pgArray(entryIds)}::integer[]) and line_no = 1`,
  );
  const lineOf = new Map(bankSides.map((r) => [Number(r.journal_entry_id), Number(r.id)]));
  const matchIds = await insertCategorized(
    tx,
    m,
    bank.id,
    lines.map((l, i) => [Number(l.id), lineOf.get(entryIds[i]!)!]),
  );
  return { matchIds, entryIds };
}

/** One "categorized" match per pair of statement line and ledger line, written set-based (a rules' batch holds hundreds). */
export async function insertCategorized(
  tx: Db,
  m: Membership,
  bankId: number,
  pairs: [bankLine: number, ledgerLine: number][],
): Promise<number[]> {
  await tx.execute(sql`select 1 from bank_accounts where id = ${bankId} for share`); // as insertMatch
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into bank_matches (organization_id, bank_account_id, kind, created_by)
        select ${m.organizationId}, ${bankId}, 'categorized', ${m.userId} from generate_series(1, ${pairs.length}::integer) returning id`,
  );
  // Identities are given in the order the rows are written.
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const bankLines = pgArray(pairs.map(([b]) => b));
  const ledgerLines = pgArray(pairs.map(([, l]) => l));
  await tx.execute(
    sql`update bank_lines b set match_id = x.match_id
          from unnest(${bankLines}::bigint[], ${pgArray(ids)}::integer[]) as x(line_id, match_id) where b.id = x.line_id`,
  );
  try {
    await tx.execute(
      sql`insert into bank_match_ledger_lines (match_id, organization_id, journal_entry_line_id)
          select x.match_id, ${m.organizationId}, x.line_id from unnest(${pgArray(ids)}::integer[], ${ledgerLines}::bigint[]) as x(match_id, line_id)`,
    );
  } catch (err) {
    if (sqlState(err) === "23505") throw conflict("A ledger line is already matched: undo that match first");
    throw err;
  }
  return ids;
}

/** Active accounts of the organization among these ids, other than the bank's own; a 400 naming the first that is not. */
export async function assertCounterAccounts(tx: Db, m: Membership, bankAccountId: number, ids: number[]): Promise<void> {
  if (ids.includes(bankAccountId))
    throw invalidInput({ account_id: "Choose the other side of the transaction, not the bank's own account" });
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from chart_of_accounts where organization_id = ${m.organizationId} and is_active and id = any(${pgArray(ids)}::integer[])`,
  );
  if (found.length !== new Set(ids).size) throw invalidInput({ account_id: "Account not found or inactive" });
}

/** Each statement line becomes a posted entry between the bank's account and the chosen one, matched to it at once. */
export async function categorizeLines(
  db: Db,
  m: Membership,
  bankId: number,
  input: CategorizeInput,
): Promise<{ entries: number; match_ids: number[] }> {
  const account = await getBankAccount(db, m, bankId);
  return db.transaction(async (tx) => {
    await assertCounterAccounts(tx, m, account.account_id, [input.account_id]);
    await takeBankLines(tx, m, bankId, input.bank_line_ids);
    const taxCodeId = input.tax_code_id ?? null;
    const items = input.bank_line_ids.map((id) => ({ id, accountId: input.account_id, taxCodeId, description: input.description }));
    const { matchIds } = await postLines(tx, m, account, items);
    return { entries: matchIds.length, match_ids: matchIds };
  });
}

/**
 * Undoes a match. A categorization is undone whole: the entry it posted is reversed on its own date (the journal keeps
 * both), so the line is to match again and the books are as before. A payment that settled invoices or bills (the line
 * matched to open items) is cancelled with its reversal: what it settled is owed again (cancelSettlements).
 */
export async function undoMatch(db: Db, m: Membership, actor: AuditActor, bankId: number, matchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [match] = await queryRows<{ kind: string; reconciliation_id: number | null }>(
      tx,
      sql`select kind, reconciliation_id from bank_matches
           where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = ${matchId} for update`,
    );
    if (!match) throw notFound("Match");
    if (match.reconciliation_id !== null) throw conflict("This match is part of a finished reconciliation: undo the reconciliation first");
    const entries = await queryRows<{ id: number; entry_date: string }>(
      tx,
      sql`select distinct e.id, e.entry_date::text from bank_match_ledger_lines j
            join journal_entry_lines l on l.id = j.journal_entry_line_id join journal_entries e on e.id = l.journal_entry_id
           where j.match_id = ${matchId}`,
    );
    await tx.execute(sql`delete from bank_matches where id = ${matchId}`);
    if (match.kind === "categorized")
      for (const e of entries) {
        const mirror = await reverseEntry(tx, m, Number(e.id), e.entry_date);
        await refusingLocked(() => cancelSettlements(tx, m, actor, Number(e.id), mirror.id), "allocated_on");
      }
  });
}
