import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { AppError, conflict } from "~/server/http/app-error.ts";
import { notFound, refusingLocked } from "./ledger-errors.server.ts";
import type { EntryInput } from "./ledger.schema.ts";
import { postEntry } from "./journal-entries.server.ts";
import { prepareEntriesLines } from "./line-tax.server.ts";
import { insertEntryAudit, insertEntryLines, insertEntryRows } from "./journal-rows.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { PostDraftsResult } from "./ledger.types.ts";

/*
 * Many journal entries written at once (an import, the bank's categorizations), posted at once (the chosen drafts)
 * or reversed at once (a batch of the bank rules undone). One entry at a time: journal-entries.server.ts.
 */

/** Entries written by one statement set of createEntries. */
const BULK_BATCH = 1000;

/**
 * Many new entries at once (an import), set-based: per batch of 1,000, one counter update takes their numbers, one
 * INSERT writes the entries, one their lines, with `post` one UPDATE posts them (the database's triggers check each
 * one's balance and add it to the day totals, as for a typed entry), and one INSERT their audit rows. Runs inside the
 * caller's transaction; the accounts must be active accounts of the organization (the caller checked them).
 * Returns the new entries' ids, in the order given.
 */
export const createEntries = (tx: Db, m: Membership, inputs: EntryInput[], post: boolean): Promise<number[]> =>
  refusingLocked(() => insertEntries(tx, m, inputs, post));

async function insertEntries(tx: Db, m: Membership, inputs: EntryInput[], post: boolean): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < inputs.length; start += BULK_BATCH) {
    const slice = inputs.slice(start, start + BULK_BATCH);
    const prepared = await prepareEntriesLines(tx, m, slice);
    const batch = slice.map((input, i) => ({ i, input, ...prepared[i]! }));
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
      insertEntryLines(sql`select ${m.organizationId}, x.journal_entry_id, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount,
                               x.tax_code_id, x.tax_part_no, x.tax_base, x.contact_id
            from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
              as x(journal_entry_id integer, line_no smallint, account_id integer, description text, debit_amount numeric, credit_amount numeric,
                   tax_code_id integer, tax_part_no smallint, tax_base numeric, contact_id integer)`),
    );
    const idArray = pgArray(batchIds);
    // By their ids alone (the entries just written): the primary key whatever the table's statistics say, where the
    // organization's index was chosen after a large batch and read every entry of the organization.
    if (post)
      await tx.execute(
        sql`update journal_entries set status = 'posted', posted_at = now(), posted_by = ${m.userId} where id = any(${idArray}::integer[])`,
      );
    // Each entry's audit rows in the order they happened: created, then (with `post`) posted.
    await tx.execute(
      insertEntryAudit(sql`select ${m.organizationId}, x.id, a.action, ${m.userId}, null
                             from unnest(${idArray}::integer[]) with ordinality as x(id, n)
                            cross join (values (1, 'created'), (2, 'posted')) as a(k, action)
                            where a.k = 1 or ${post}
                            order by x.n, a.k`),
    );
    ids.push(...batchIds);
  }
  return ids;
}

/**
 * Reverses many posted entries at once, set-based, inside the caller's transaction: each gets its mirror (sides
 * swapped, dated as the entry, numbered in date order, posted) linked both ways, with the audit rows a reversal made
 * alone writes. The database refuses an entry reconciled to a bank statement, and a date in the locked period (a
 * BooksLockedError). Returns how many were reversed.
 */
export const reverseEntries = (tx: Db, m: Membership, ids: number[]): Promise<number> =>
  refusingLocked(async () => {
    for (let start = 0; start < ids.length; start += BULK_BATCH) await insertReversals(tx, m, ids.slice(start, start + BULK_BATCH));
    return ids.length;
  });

async function insertReversals(tx: Db, m: Membership, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const idArray = pgArray(ids);
  const originals = await queryRows<{ id: number; entry_number: string; status: string; reversed_by: number | null }>(
    tx,
    sql`select id, entry_number, status, reversed_by from journal_entries
         where organization_id = ${m.organizationId} and id = any(${idArray}::integer[]) order by id for update`,
  );
  if (originals.length !== new Set(ids).size) throw notFound("Journal entry");
  const notPosted = originals.find((o) => o.status !== "posted");
  if (notPosted) throw conflict(`Only posted entries can be reversed: ${notPosted.entry_number} is a draft`);
  const reversed = originals.find((o) => o.reversed_by !== null);
  if (reversed) throw conflict(`Entry ${reversed.entry_number} has already been reversed`);
  const mirrors = await queryRows<{ id: number }>(
    tx,
    sql`with n as (
          update journal_entry_counters set last_number = last_number + ${originals.length}::integer
           where organization_id = ${m.organizationId} returning last_number
        ), o as (
          select e.*, row_number() over (order by e.entry_date, e.id) - 1 as i
            from journal_entries e where e.organization_id = ${m.organizationId} and e.id = any(${idArray}::integer[])
        )
        ${insertEntryRows(sql`select o.organization_id, n.last_number - ${originals.length}::integer + 1 + o.i,
                                   left('Reversal of ' || o.entry_number || ': ' || o.description, 500), o.entry_date, o.entry_number,
                                   o.total_amount, ${m.userId}, o.id
                              from n, o order by o.i
                            returning id`)}`,
  );
  if (mirrors.length !== originals.length) throw new Error("organization has no entry counter");
  const mirrorArray = pgArray(mirrors.map((r) => Number(r.id)));
  await tx.execute(
    insertEntryLines(sql`select l.organization_id, r.id, l.line_no, l.account_id, l.description, l.credit_amount, l.debit_amount,
                                l.tax_code_id, l.tax_part_no, -l.tax_base, l.contact_id
                           from journal_entries r join journal_entry_lines l on l.journal_entry_id = r.reversal_of
                          where r.id = any(${mirrorArray}::integer[]) order by r.id, l.line_no`),
  );
  await tx.execute(
    sql`update journal_entries set status = 'posted', posted_at = now(), posted_by = ${m.userId}
         where organization_id = ${m.organizationId} and id = any(${mirrorArray}::integer[])`,
  );
  await tx.execute(
    sql`update journal_entries o set reversed_by = r.id from journal_entries r
         where r.id = any(${mirrorArray}::integer[]) and o.id = r.reversal_of and o.organization_id = ${m.organizationId}`,
  );
  await tx.execute(
    insertEntryAudit(sql`select r.organization_id, r.id, a.action, ${m.userId}, case a.action when 'created' then 'Reversal of ' || o.entry_number end
                           from journal_entries r join journal_entries o on o.id = r.reversal_of
                          cross join (values (1, 'created'), (2, 'posted')) as a(n, action)
                          where r.id = any(${mirrorArray}::integer[]) order by r.id, a.n`),
  );
  await tx.execute(
    insertEntryAudit(sql`select o.organization_id, o.id, 'reversed', ${m.userId}, 'Reversed by ' || r.entry_number
                           from journal_entries r join journal_entries o on o.id = r.reversal_of
                          where r.id = any(${mirrorArray}::integer[]) order by r.id`),
  );
}

/**
 * Posts the chosen drafts, each in its own transaction and checked exactly as when it is posted alone: those that
 * cannot be posted (not found, no longer a draft, not balanced) are answered with the reason, the others are posted.
 */
export async function postDrafts(db: Db, m: Membership, ids: number[]): Promise<PostDraftsResult> {
  const result: PostDraftsResult = { posted: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      result.posted.push(await postEntry(db, m, id));
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const [row] = await queryRows<{ entry_number: string }>(
        db,
        sql`select entry_number from journal_entries where id = ${id} and organization_id = ${m.organizationId}`,
      );
      result.failed.push({ id, entry_number: row?.entry_number ?? null, reason: err.message });
    }
  }
  return result;
}
