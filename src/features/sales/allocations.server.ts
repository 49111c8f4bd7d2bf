import { sql, type SQL } from "drizzle-orm";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict } from "~/server/http/app-error.ts";
import { sqlState } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * Open items and what settles them (decision 116). An open item is a posted journal line on a control account that
 * names a contact; its amount is signed debit positive; what is still owed on it on a day is its amount less the
 * allocations (not undone) dated on or before that day. Nothing else is stored: no paid counter, no status to drift.
 * Here what is allocated and owed, an entry's open item and the one writer of an allocation; payments and allocations
 * made in settlements.server.ts, undone in settlement-undo.server.ts, the open items read in open-items.server.ts.
 */

/** Live allocations of a line dated on or before `asOf` (any date when null), in cents, as SQL. */
export const ALLOCATED = (line: SQL, asOf: SQL | null = null) =>
  sql`(coalesce((select sum(a.amount) from allocations a where a.debit_line_id = ${line} and a.undone_at is null ${asOf ? sql`and a.allocated_on <= ${asOf}` : sql``}), 0)
     + coalesce((select sum(a.amount) from allocations a where a.credit_line_id = ${line} and a.undone_at is null ${asOf ? sql`and a.allocated_on <= ${asOf}` : sql``}), 0))`;

/** What is still owed today on the open item of an entry (its line naming a contact), positive, as SQL. */
export const OWED_OF_ITEM = (entryId: SQL) =>
  sql`select abs(l.debit_amount - l.credit_amount) - ${ALLOCATED(sql`l.id`)} from journal_entry_lines l
       where l.journal_entry_id = ${entryId} and l.contact_id is not null limit 1`;

export interface ItemRow {
  id: number;
  /** Cents, positive. */
  amount: bigint;
  /** Cents, debit positive. */
  signed: bigint;
  /** Cents still open today, positive. */
  open: bigint;
}

/** The open item of an entry (its one line naming a contact). */
export async function itemOfEntry(db: Db, entryId: number): Promise<ItemRow> {
  const [row] = await queryRows<{ id: number; signed: string; allocated: string }>(
    db,
    sql`select l.id, (l.debit_amount - l.credit_amount)::text as signed, (${ALLOCATED(sql`l.id`)})::text as allocated
          from journal_entry_lines l where l.journal_entry_id = ${entryId} and l.contact_id is not null limit 1`,
  );
  if (!row) throw new Error(`entry ${entryId} has no open item`);
  const signed = toCents(row.signed)!;
  const amount = signed < 0n ? -signed : signed;
  return { id: Number(row.id), amount, signed, open: amount - toCents(row.allocated)! };
}

/** Writes an allocation; the database checks it again (sides, account, over-allocation, lock date). */
export async function insertAllocation(
  db: Db,
  m: Pick<Membership, "organizationId" | "userId">,
  debitLineId: number,
  creditLineId: number,
  cents: bigint,
  date: string,
): Promise<number> {
  try {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into allocations (organization_id, debit_line_id, credit_line_id, amount, allocated_on, created_by)
          values (${m.organizationId}, ${debitLineId}, ${creditLineId}, ${centsToDecimal(cents)}::numeric, ${date}::date, ${m.userId})
          returning id`,
    );
    return Number(row!.id);
  } catch (err) {
    if (sqlState(err) === "23514") throw conflict("That allocation is more than is still owed");
    throw err;
  }
}
