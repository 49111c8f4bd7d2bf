import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { LedgerCandidate } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/* What a statement line could be matched to: the best suggestion, the candidates by hand, and suggestions turned down. */

const MATCH_WINDOW_DAYS = 10;

export const candidateColumns = sql`l.id as ledger_line_id, e.id as entry_id, e.entry_number, e.entry_date::text as date,
  e.description, (l.debit_amount - l.credit_amount)::text as amount`;

export const candidate = (r: LedgerCandidate): LedgerCandidate => ({
  ...r,
  ledger_line_id: Number(r.ledger_line_id),
  entry_id: Number(r.entry_id),
});

/** A statement line and a ledger line that could be the same money: same amount, dates within the window. */
type Pair = LedgerCandidate & {
  bank_line_id: number;
  booked_on: string;
  bank_text: string;
  days: number;
};

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );

/**
 * The best ledger line for each of these statement lines (a page): a posted line of the bank's ledger account with
 * the same amount, dated within 10 days, not matched and not turned down. A ledger line is offered to one statement
 * line at most, over all of the account's unmatched lines and not only the page's: the pairs are taken nearest date
 * first (then the most words shared with the bank's text, payee and reference, then the statement's order), each
 * pair only while both of its lines are still free. So a ledger line goes to the statement line closest to its date,
 * whichever page that line is on, and a page shows the same suggestions as the whole list (decision 092).
 */
export async function suggestions(
  db: Db,
  m: Membership,
  bankId: number,
  accountId: number,
  lines: { id: number }[],
): Promise<Map<number, LedgerCandidate>> {
  const ids = lines.map((l) => l.id);
  if (ids.length === 0) return new Map();
  // Every unmatched line of the account with an amount of the page's: the lines that compete for the same ledger lines.
  const pairs = await queryRows<Pair>(
    db,
    sql`select b.id as bank_line_id, b.booked_on::text as booked_on,
               b.description || ' ' || coalesce(b.payee, '') || ' ' || coalesce(b.reference, '') as bank_text,
               ${candidateColumns}, abs(e.entry_date - b.booked_on) as days
          from bank_lines b
          join journal_entry_lines l on l.organization_id = ${m.organizationId} and l.account_id = ${accountId}
                                    and (l.debit_amount - l.credit_amount) = b.amount
          join journal_entries e on e.id = l.journal_entry_id
         where b.organization_id = ${m.organizationId} and b.bank_account_id = ${bankId} and b.match_id is null and b.excluded_at is null
           and b.amount in (select p.amount from bank_lines p where p.id = any(${pgArray(ids)}::bigint[]) and p.match_id is null)
           and e.status = 'posted' and e.reversed_by is null and e.reversal_of is null
           and e.entry_date between b.booked_on - ${MATCH_WINDOW_DAYS}::integer and b.booked_on + ${MATCH_WINDOW_DAYS}::integer
           and not exists (select 1 from bank_match_ledger_lines ml where ml.journal_entry_line_id = l.id)
           and not exists (select 1 from bank_rejected_suggestions r where r.bank_line_id = b.id and r.journal_entry_line_id = l.id)`,
  );
  const text = new Map<number, Set<string>>();
  const shared = (p: Pair) => {
    const id = Number(p.bank_line_id);
    if (!text.has(id)) text.set(id, words(p.bank_text));
    const bank = text.get(id)!;
    return [...words(p.description)].filter((w) => bank.has(w)).length;
  };
  const ranked = pairs
    .map((p) => ({ p, bank: Number(p.bank_line_id), ledger: Number(p.ledger_line_id), days: Number(p.days), shared: shared(p) }))
    .sort(
      (a, b) =>
        a.days - b.days || b.shared - a.shared || a.p.booked_on.localeCompare(b.p.booked_on) || a.bank - b.bank || a.ledger - b.ledger,
    );
  const taken = new Set<number>();
  const best = new Map<number, LedgerCandidate>();
  for (const { p, bank, ledger } of ranked) {
    if (best.has(bank) || taken.has(ledger)) continue;
    taken.add(ledger);
    const { bank_line_id: _b, booked_on: _o, bank_text: _t, days: _d, ...c } = p;
    best.set(bank, candidate(c));
  }
  const page = new Set(ids);
  return new Map([...best].filter(([id]) => page.has(id)));
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
