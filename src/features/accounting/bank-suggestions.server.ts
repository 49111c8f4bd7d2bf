import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "./accounting-errors.server.ts";
import type { LedgerCandidate } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import type { Membership } from "./organizations.server.ts";

/* What a statement line could be matched to: the best suggestion, the candidates by hand, and suggestions turned down. */

const MATCH_WINDOW_DAYS = 10;

export const candidateColumns = sql`l.id as ledger_line_id, e.id as entry_id, e.entry_number, e.entry_date::text as date,
  e.description, (l.debit_amount - l.credit_amount)::text as amount`;

export const candidate = (r: LedgerCandidate): LedgerCandidate => ({
  ...r,
  ledger_line_id: Number(r.ledger_line_id),
  entry_id: Number(r.entry_id),
});

type Scored = LedgerCandidate & { bank_line_id: number; days: number };

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );

/**
 * The best ledger line for each unmatched statement line: a posted line of the bank's ledger account with the same
 * amount, dated within 10 days, not matched and not turned down; the nearest date first, then the most words shared
 * with the bank's text, payee and reference. A ledger line is offered to one statement line at most.
 */
export async function suggestions(
  db: Db,
  m: Membership,
  accountId: number,
  lines: { id: number; description: string; payee: string | null; reference: string | null }[],
): Promise<Map<number, LedgerCandidate>> {
  const ids = lines.map((l) => l.id);
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Scored>(
    db,
    sql`select b.id as bank_line_id, c.*
          from bank_lines b
          cross join lateral (
            select ${candidateColumns}, abs(e.entry_date - b.booked_on) as days
              from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
             where l.organization_id = ${m.organizationId} and l.account_id = ${accountId}
               and (l.debit_amount - l.credit_amount) = b.amount
               and e.status = 'posted' and e.reversed_by is null and e.reversal_of is null
               and e.entry_date between b.booked_on - ${MATCH_WINDOW_DAYS}::integer and b.booked_on + ${MATCH_WINDOW_DAYS}::integer
               and not exists (select 1 from bank_match_ledger_lines ml where ml.journal_entry_line_id = l.id)
               and not exists (select 1 from bank_rejected_suggestions r where r.bank_line_id = b.id and r.journal_entry_line_id = l.id)
             order by abs(e.entry_date - b.booked_on), l.id
             limit 5
          ) c
         where b.organization_id = ${m.organizationId} and b.match_id is null and b.id = any(${`{${ids.join(",")}}`}::bigint[])`,
  );
  const text = new Map(lines.map((l) => [l.id, words(`${l.description} ${l.payee ?? ""} ${l.reference ?? ""}`)]));
  const shared = (r: Scored) => [...words(r.description)].filter((w) => text.get(Number(r.bank_line_id))!.has(w)).length;
  const ranked = rows
    .map((r) => ({ r, days: Number(r.days), shared: shared(r) }))
    .sort((a, b) => a.days - b.days || b.shared - a.shared || a.r.ledger_line_id - b.r.ledger_line_id);
  const taken = new Set<number>();
  const best = new Map<number, LedgerCandidate>();
  for (const { r } of ranked) {
    const bankLine = Number(r.bank_line_id);
    const ledgerLine = Number(r.ledger_line_id);
    if (best.has(bankLine) || taken.has(ledgerLine)) continue;
    taken.add(ledgerLine);
    const { bank_line_id: _b, days: _d, ...c } = r;
    best.set(bankLine, candidate(c));
  }
  return best;
}

/** A suggestion turned down: not offered again for that statement line. */
export async function rejectSuggestion(db: Db, m: Membership, bankId: number, bankLineId: number, ledgerLineId: number): Promise<void> {
  const [line] = await queryRows(
    db,
    sql`select 1 from bank_lines where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = ${bankLineId}`,
  );
  if (!line) throw notFound("Statement line");
  const [ledger] = await queryRows(
    db,
    sql`select 1 from journal_entry_lines where organization_id = ${m.organizationId} and id = ${ledgerLineId}`,
  );
  if (!ledger) throw notFound("Ledger line");
  await db.execute(
    sql`insert into bank_rejected_suggestions (bank_line_id, journal_entry_line_id) values (${bankLineId}, ${ledgerLineId}) on conflict do nothing`,
  );
}

/** Ledger lines a statement line could be matched to by hand: unmatched posted lines of the account within a month. */
export async function matchCandidates(db: Db, m: Membership, bankId: number, bankLineId: number): Promise<LedgerCandidate[]> {
  const account = await getBankAccount(db, m, bankId);
  const [line] = await queryRows<{ booked_on: string; amount: string }>(
    db,
    sql`select booked_on::text, amount::text from bank_lines where organization_id = ${m.organizationId} and bank_account_id = ${bankId} and id = ${bankLineId}`,
  );
  if (!line) throw notFound("Statement line");
  const rows = await queryRows<LedgerCandidate>(
    db,
    sql`select ${candidateColumns}
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
         where l.organization_id = ${m.organizationId} and l.account_id = ${account.account_id} and e.status = 'posted'
           and e.reversed_by is null and e.reversal_of is null
           and e.entry_date between ${line.booked_on}::date - 31 and ${line.booked_on}::date + 31
           and not exists (select 1 from bank_match_ledger_lines ml where ml.journal_entry_line_id = l.id)
         order by abs((l.debit_amount - l.credit_amount) - ${line.amount}::numeric), abs(e.entry_date - ${line.booked_on}::date), l.id
         limit 50`,
  );
  return rows.map(candidate);
}
