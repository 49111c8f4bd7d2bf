import { todayIso } from "~/lib/format.ts";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { ReconcileInput } from "./bank.schema.ts";
import type { ReconciliationItem, ReconciliationRecord, ReconciliationView } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { broughtForward, defaultStatementDate, reconciliationStart, statedStart, statementCounts } from "./bank-reconcile-start.server.ts";
import { candidateColumns } from "./bank-suggestions.server.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * Reconciliation of a bank account to a statement date: the statement's closing balance against the cleared balance
 * (the opening balance the first statement states, every match reconciled before, and every match whose ledger lines
 * are all dated up to that date). Finishing needs a difference of 0.00 (the database checks it too), keeps who and
 * when, and locks the matches it covers. What the books bring forward in the stated opening is not an item
 * (bank-reconcile-start.server.ts).
 */

const UNCLEARED_LIMIT = 500;

/** An entry and its reversal both dated up to the date cancel out: neither is an item to clear. */
export const reversedPairsOut = (date: string) =>
  sql`and not (e.reversed_by is not null and (select r.entry_date from journal_entries r where r.id = e.reversed_by) <= ${date}::date)
      and not (e.reversal_of is not null and (select o.entry_date from journal_entries o where o.id = e.reversal_of) <= ${date}::date)`;

async function clearedBalance(db: Db, bankId: number, date: string): Promise<{ cents: bigint; count: number }> {
  const start = await statedStart(db, bankId);
  // A ledger line marked cleared by hand up to the start's day is in the stated opening already.
  const opening = start === null ? sql`false` : sql`(m.kind = 'cleared' and e.entry_date <= ${start.date}::date)`;
  const [row] = await queryRows<{ amount: string; n: number }>(
    db,
    sql`with x as (
          select m.id, m.reconciliation_id, max(e.entry_date) as last_date, bool_and(${opening}) as opening,
                 coalesce(sum(l.debit_amount - l.credit_amount) filter (where not ${opening}), 0) as amount
            from bank_matches m
            join bank_match_ledger_lines j on j.match_id = m.id
            join journal_entry_lines l on l.id = j.journal_entry_line_id
            join journal_entries e on e.id = l.journal_entry_id
           where m.bank_account_id = ${bankId}
           group by m.id
        )
        select coalesce(sum(amount) filter (where reconciliation_id is not null or last_date <= ${date}::date), 0)::text as amount,
               (count(*) filter (where reconciliation_id is null and last_date <= ${date}::date and not opening))::integer as n
          from x`,
  );
  return { cents: toCents(start?.balance ?? "0")! + toCents(row!.amount)!, count: Number(row!.n) };
}

async function history(db: Db, bankId: number, id?: number): Promise<ReconciliationRecord[]> {
  const rows = await queryRows<ReconciliationRecord>(
    db,
    sql`select r.id, r.statement_date::text, r.statement_balance::text, r.book_balance::text,
               coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as finished_by,
               r.finished_at::text, r.undone_at::text
          from bank_reconciliations r left join users u on u.id = r.finished_by
         where r.bank_account_id = ${bankId} ${id === undefined ? sql`` : sql`and r.id = ${id}`}
         order by r.finished_at desc limit 50`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** A ledger line in a reconciliation's report. */
export interface ReconciledItem {
  date: string;
  entry_number: string;
  description: string;
  amount: string;
  statement_text: string | null;
}

export interface ReconciledItems {
  cleared: ReconciledItem[];
  uncleared: ReconciledItem[];
  /** The balance it starts from: the reconciliation before it, else the first statement's stated opening (else none). */
  opening?: { date: string; balance: string } | null;
}

const itemColumns = sql`e.entry_date::text as date, e.entry_number, e.description, (l.debit_amount - l.credit_amount)::text as amount`;

/** What a reconciliation cleared and what stayed uncleared up to its date: kept with it when it is finished. */
export async function reconciliationItems(
  tx: Db,
  m: Membership,
  bank: { id: number; account_id: number },
  id: number,
  date: string,
): Promise<ReconciledItems> {
  const start = await statedStart(tx, bank.id);
  const inOpening = start === null ? sql`false` : sql`(x.kind = 'cleared' and e.entry_date <= ${start.date}::date)`;
  const cleared = await queryRows<ReconciledItem>(
    tx,
    sql`select ${itemColumns},
               (select string_agg(b.description, ' / ' order by b.id) from bank_lines b where b.match_id = x.id) as statement_text
          from bank_matches x
          join bank_match_ledger_lines j on j.match_id = x.id
          join journal_entry_lines l on l.id = j.journal_entry_line_id
          join journal_entries e on e.id = l.journal_entry_id
         where x.bank_account_id = ${bank.id} and x.reconciliation_id = ${id} and not ${inOpening}
         order by e.entry_date, l.id`,
  );
  const uncleared = await queryRows<ReconciledItem>(
    tx,
    sql`select ${itemColumns}, null as statement_text
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
         where l.organization_id = ${m.organizationId} and l.account_id = ${bank.account_id} and e.status = 'posted'
           and e.entry_date <= ${date}::date
           and not exists (select 1 from bank_match_ledger_lines j join bank_matches x on x.id = j.match_id
                            where j.journal_entry_line_id = l.id and x.reconciliation_id is not null)
           and not ${broughtForward(start)}
           ${reversedPairsOut(date)}
         order by e.entry_date, l.id`,
  );
  const [previous] = await queryRows<{ date: string; balance: string }>(
    tx,
    sql`select statement_date::text as date, statement_balance::text as balance from bank_reconciliations
         where bank_account_id = ${bank.id} and undone_at is null and id <> ${id} and statement_date < ${date}::date
         order by statement_date desc limit 1`,
  );
  const opening = previous ?? (start ? { date: start.date, balance: start.balance } : null);
  return { cleared, uncleared, opening };
}

/** One reconciliation of the account, or null. */
export async function reconciliationRecord(db: Db, bankId: number, id: number): Promise<ReconciliationRecord | null> {
  return (await history(db, bankId, id))[0] ?? null;
}

/** The reconciliation to a date; without one, to the end of the latest statement imported (else today). */
export async function reconciliationView(db: Db, m: Membership, bankId: number, asked: string | undefined): Promise<ReconciliationView> {
  const account = await getBankAccount(db, m, bankId);
  const date = asked ?? (await defaultStatementDate(db, bankId, todayIso()));
  const start = await reconciliationStart(db, m.organizationId, account.account_id, bankId);
  const [stated] = await queryRows<{ balance: string }>(
    db,
    sql`select closing_balance::text as balance from bank_statements
         where bank_account_id = ${bankId} and closing_balance is not null and coalesce(closing_date, last_date) <= ${date}::date
           and ${statementCounts}
         order by coalesce(closing_date, last_date) desc, imported_at desc limit 1`,
  );
  const [book] = await queryRows<{ balance: string }>(
    db,
    sql`select coalesce(sum(debit_total - credit_total), 0)::text as balance from account_day_totals
         where organization_id = ${m.organizationId} and account_id = ${account.account_id} and day <= ${date}::date`,
  );
  const cleared = await clearedBalance(db, bankId, date);
  const uncleared = await queryRows<ReconciliationItem>(
    db,
    sql`select ${candidateColumns}, null::integer as match_id
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
         where l.organization_id = ${m.organizationId} and l.account_id = ${account.account_id}
           and e.status = 'posted' and e.entry_date <= ${date}::date
           and not exists (select 1 from bank_match_ledger_lines j where j.journal_entry_line_id = l.id)
           and not ${broughtForward(start)}
           ${reversedPairsOut(date)}
         order by e.entry_date, l.id limit ${UNCLEARED_LIMIT}`,
  );
  const [open] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::integer as n from bank_lines
         where bank_account_id = ${bankId} and match_id is null and excluded_at is null and booked_on <= ${date}::date`,
  );
  const bookCents = toCents(book!.balance)!;
  const statementBalance = stated?.balance ?? null;
  return {
    statement_date: date,
    start,
    statement_balance: statementBalance,
    book_balance: centsToDecimal(bookCents),
    cleared_balance: centsToDecimal(cleared.cents),
    uncleared: uncleared.map((u) => ({ ...u, ledger_line_id: Number(u.ledger_line_id), entry_id: Number(u.entry_id) })),
    uncleared_total: centsToDecimal(bookCents - cleared.cents),
    cleared_count: cleared.count,
    unmatched_lines: Number(open!.n),
    difference: statementBalance === null ? null : centsToDecimal(toCents(statementBalance)! - cleared.cents),
    history: await history(db, bankId),
  };
}

/** Finishes a reconciliation: the statement balance must equal the cleared balance to the cent. */
export async function finishReconciliation(
  db: Db,
  m: Membership,
  actor: AuditActor,
  bankId: number,
  input: ReconcileInput,
): Promise<ReconciliationRecord> {
  const account = await getBankAccount(db, m, bankId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from bank_accounts where id = ${bankId} for update`);
    const [latest] = await queryRows<{ d: string | null }>(
      tx,
      sql`select max(statement_date)::text as d from bank_reconciliations where bank_account_id = ${bankId} and undone_at is null`,
    );
    if (latest?.d && input.statement_date <= latest.d)
      throw invalidInput({ statement_date: `This account is reconciled to ${latest.d}: choose a later date` });
    const cleared = await clearedBalance(tx, bankId, input.statement_date);
    const difference = toCents(input.statement_balance)! - cleared.cents;
    if (difference !== 0n) {
      const message = `The difference is ${centsToDecimal(difference)}: it must be 0.00 to finish`;
      throw invalidInput({ statement_balance: message }, message);
    }
    const [book] = await queryRows<{ balance: string }>(
      tx,
      sql`select coalesce(sum(debit_total - credit_total), 0)::text as balance from account_day_totals
           where organization_id = ${m.organizationId} and account_id = ${account.account_id} and day <= ${input.statement_date}::date`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into bank_reconciliations (organization_id, bank_account_id, statement_date, statement_balance, book_balance, cleared_balance, finished_by)
          values (${m.organizationId}, ${bankId}, ${input.statement_date}::date, ${input.statement_balance}::numeric, ${book!.balance}::numeric,
                  ${centsToDecimal(cleared.cents)}::numeric, ${m.userId})
          returning id`,
    );
    const id = Number(row!.id);
    await tx.execute(
      sql`update bank_matches m set reconciliation_id = ${id}
           where m.bank_account_id = ${bankId} and m.reconciliation_id is null
             and (select max(e.entry_date) from bank_match_ledger_lines j
                    join journal_entry_lines l on l.id = j.journal_entry_line_id
                    join journal_entries e on e.id = l.journal_entry_id
                   where j.match_id = m.id) <= ${input.statement_date}::date`,
    );
    const items = await reconciliationItems(tx, m, { id: bankId, account_id: account.account_id }, id, input.statement_date);
    await tx.execute(sql`update bank_reconciliations set items = ${JSON.stringify(items)}::jsonb where id = ${id}`);
    await recordAudit(tx, actor, {
      action: "bank_reconciliation.finished",
      targetType: "bank_account",
      targetId: bankId,
      after: { reconciliation_id: id, statement_date: input.statement_date, statement_balance: input.statement_balance },
    });
    return (await reconciliationRecord(tx, bankId, id))!;
  });
}

/** Undoes the latest reconciliation of the account: its matches can be changed again. */
export async function undoReconciliation(db: Db, m: Membership, actor: AuditActor, bankId: number, id: number): Promise<void> {
  await getBankAccount(db, m, bankId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from bank_accounts where id = ${bankId} for update`);
    const [r] = await queryRows<{ statement_date: string; undone_at: string | null; latest: boolean }>(
      tx,
      sql`select statement_date::text, undone_at::text,
                 statement_date = (select max(statement_date) from bank_reconciliations x where x.bank_account_id = ${bankId} and x.undone_at is null) as latest
            from bank_reconciliations where bank_account_id = ${bankId} and id = ${id}`,
    );
    if (!r) throw notFound("Reconciliation");
    if (r.undone_at) throw conflict("This reconciliation was undone already");
    if (!r.latest) throw conflict("Only the latest reconciliation can be undone");
    await tx.execute(sql`update bank_matches set reconciliation_id = null where reconciliation_id = ${id}`);
    await tx.execute(sql`update bank_reconciliations set undone_at = now(), undone_by = ${m.userId} where id = ${id}`);
    await recordAudit(tx, actor, {
      action: "bank_reconciliation.undone",
      targetType: "bank_account",
      targetId: bankId,
      before: { reconciliation_id: id, statement_date: r.statement_date },
    });
  });
}
