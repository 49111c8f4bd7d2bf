import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { refusingLocked } from "./accounting-errors.server.ts";
import type { EntryInput } from "./accounting.schema.ts";
import { prepareLines } from "./journal-entries.server.ts";
import { insertEntryAudit, insertEntryLines, insertEntryRows } from "./journal-rows.server.ts";
import type { Membership } from "./organizations.server.ts";

/*
 * Many journal entries written at once (an import, the bank's categorizations). One entry at a time:
 * journal-entries.server.ts.
 */

/** Entries written by one statement set of createEntries. */
const BULK_BATCH = 1000;

/**
 * Many new entries at once (an import), set-based: per batch of 1,000, one counter update takes their numbers, one
 * INSERT writes the entries, one their lines, one their audit rows and, with `post`, one UPDATE posts them (the
 * database's triggers check each one's balance and add it to the day totals, as for a typed entry). Runs inside the
 * caller's transaction; the accounts must be active accounts of the organization (the caller checked them).
 * Returns the new entries' ids, in the order given.
 */
export const createEntries = (tx: Db, m: Membership, inputs: EntryInput[], post: boolean): Promise<number[]> =>
  refusingLocked(() => insertEntries(tx, m, inputs, post));

async function insertEntries(tx: Db, m: Membership, inputs: EntryInput[], post: boolean): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < inputs.length; start += BULK_BATCH) {
    const batch = inputs.slice(start, start + BULK_BATCH).map((input, i) => ({ i, input, ...prepareLines(input) }));
    const heads = batch.map(({ i, input, total }) => ({
      i,
      description: input.description,
      entry_date: input.entry_date,
      reference: input.reference || null,
      total,
    }));
    const created = await queryRows<{ id: number; entry_seq: number }>(
      tx,
      sql`with n as (
            update journal_entry_counters set last_number = last_number + ${batch.length}::integer
             where organization_id = ${m.organizationId} returning last_number
          ), x as (
            select * from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb)
              as x(i integer, description text, entry_date date, reference text, total numeric)
          )
          ${insertEntryRows(sql`select ${m.organizationId}, n.last_number - ${batch.length}::integer + 1 + x.i, x.description, x.entry_date,
                                     x.reference, x.total, ${m.userId}, null
                                from n, x order by x.i
                              returning id, entry_seq`)}`,
    );
    if (created.length !== batch.length) throw new Error("organization has no entry counter");
    // The batch's numbers follow on from each other, in the order given.
    const first = Math.min(...created.map((r) => Number(r.entry_seq)));
    const idOf = new Map(created.map((r) => [Number(r.entry_seq) - first, Number(r.id)]));
    const batchIds = batch.map(({ i }) => idOf.get(i)!);
    const lines = batch.flatMap(({ i, lines }) => lines.map((l) => ({ ...l, journal_entry_id: idOf.get(i)! })));
    await tx.execute(
      insertEntryLines(sql`select ${m.organizationId}, x.journal_entry_id, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount
            from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
              as x(journal_entry_id integer, line_no smallint, account_id integer, description text, debit_amount numeric, credit_amount numeric)`),
    );
    const idArray = `{${batchIds.join(",")}}`;
    await tx.execute(
      insertEntryAudit(sql`select ${m.organizationId}, id, 'created', ${m.userId}, null from unnest(${idArray}::integer[]) as id`),
    );
    if (post) {
      await tx.execute(
        sql`update journal_entries set status = 'posted', posted_at = now(), posted_by = ${m.userId}
             where organization_id = ${m.organizationId} and id = any(${idArray}::integer[])`,
      );
      await tx.execute(
        insertEntryAudit(sql`select ${m.organizationId}, id, 'posted', ${m.userId}, null from unnest(${idArray}::integer[]) as id`),
      );
    }
    ids.push(...batchIds);
  }
  return ids;
}
