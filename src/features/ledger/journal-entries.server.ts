import { sql } from "drizzle-orm";
import { queryPrepared, queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { AppError, conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { booksLocked, notFound, refusingLocked, sqlState } from "./ledger-errors.server.ts";
import type { EntryInput } from "./ledger.schema.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { answerInsert, storeAnswer, type Idempotency } from "./entry-idempotency.server.ts";
import { summary, summaryColumns } from "./journal-entry-queries.server.ts";
import { getEntry } from "./journal-entry-queries.server.ts";
import { insertEntryAudit, insertEntryLines, insertEntryRows } from "./journal-rows.server.ts";
import { prepareEntryLines, type PreparedLine } from "./line-tax.server.ts";
import type { AuditEvent, EntryDetails, EntryLine, EntryListItem, EntryPage, EntrySummary } from "./ledger.types.ts";

export type { AuditEvent, EntryDetails, EntryLine, EntryListItem, EntryPage, EntrySummary };
export { getEntry, listEntries } from "./journal-entry-queries.server.ts";

/*
 * Changing entries: create, edit or delete a draft, post (also as it is saved), reverse. Many at once (and posting
 * several drafts): journal-entries-bulk; reading: journal-entry-queries.
 */

export type { PreparedLine };

/** Lines numbered from 1 with exact decimal amounts, and the entry's total (its debits); untaxed (a recurring template, an import). */
export function prepareLines(input: Pick<EntryInput, "lines">): { lines: PreparedLine[]; total: string } {
  let total = 0n;
  const lines = input.lines.map((l, i) => {
    const debit = toCents(l.debit_amount)!;
    total += debit;
    return {
      line_no: i + 1,
      account_id: l.account_id,
      description: l.description ? l.description : null,
      contact_id: l.contact_id ?? null,
      debit_amount: centsToDecimal(debit),
      credit_amount: centsToDecimal(toCents(l.credit_amount)!),
    };
  });
  return { lines, total: centsToDecimal(total) };
}

function accountNotFound(lineNo: number): AppError {
  const key = `lines.${lineNo - 1}.account_id`;
  return invalidInput({ [key]: "Account not found or inactive" }, `${key}: Account not found or inactive`);
}

/** Checks the client cannot make: every account belongs to the organization and is active. */
export async function assertAccounts(db: Db, m: Membership, lines: PreparedLine[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.account_id))];
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from chart_of_accounts
         where organization_id = ${m.organizationId} and is_active and id = any(${pgArray(ids)}::integer[])`,
  );
  const ok = new Set(found.map((r) => Number(r.id)));
  const bad = lines.find((l) => !ok.has(l.account_id));
  if (bad) throw accountNotFound(bad.line_no);
}

const linesRecordset = (json: string) =>
  sql`jsonb_to_recordset(${json}::jsonb) as x(line_no smallint, account_id integer, description text, debit_amount numeric, credit_amount numeric,
                                                  tax_code_id integer, tax_part_no smallint, tax_base numeric, contact_id integer)`;

/**
 * A new draft in one statement (one transaction, one round trip): the account check, the number, the
 * entry, its lines, the audit row and, with an idempotency key, the answer stored under it. When a line's
 * account is not an active account of the organization, nothing is written and no number is taken.
 *
 * The commit waits for the WAL flush like every other write (decision 053): a draft the user was told is saved
 * survives a crash. The per-organization counter row stays locked until that flush, so the saves of one
 * organization follow each other one flush apart; different organizations' saves share flushes.
 */
export async function createEntry(db: Db, m: Membership, input: EntryInput, idem: Idempotency | null = null): Promise<EntrySummary> {
  const { lines, total } = await prepareEntryLines(db, m, input);
  const [row] = await refusingLocked(() =>
    queryPrepared<Partial<EntrySummary> & { bad_line: number | null }>(
      db,
      "create_entry",
      sql`with x as (
          select * from ${linesRecordset(JSON.stringify(lines))}
        ), bad as (
          select x.line_no from x
           where not exists (select 1 from chart_of_accounts a
                              where a.organization_id = ${m.organizationId} and a.id = x.account_id and a.is_active)
        ), n as (
          update journal_entry_counters c set last_number = c.last_number + 1
           where c.organization_id = ${m.organizationId} and not exists (select 1 from bad)
          returning c.last_number
        ), e as (
          ${insertEntryRows(sql`select ${m.organizationId}, n.last_number, ${input.description}, ${input.entry_date}::date,
                                     ${input.reference || null}, ${total}::numeric, ${m.userId}, null
                                from n
                              returning ${summaryColumns()}`)}
        ), l as (
          ${insertEntryLines(sql`select ${m.organizationId}, e.id, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount,
                                        x.tax_code_id, x.tax_part_no, x.tax_base, x.contact_id
                                   from e, x`)}
        ), a as (
          ${insertEntryAudit(sql`select ${m.organizationId}, e.id, 'created', ${m.userId}, null from e`)}
        ), k as (
          ${answerInsert(m, idem, 201, sql`json_build_object('entry', row_to_json(e))`, sql`e`)}
        )
        select e.*, b.bad_line
          from (select min(line_no) as bad_line from bad) b left join e on true`,
    ),
  );
  if (row?.bad_line != null) throw accountNotFound(Number(row.bad_line));
  if (!row?.id) throw new Error("organization has no entry counter");
  const { bad_line: _, ...entry } = row;
  return entry as EntrySummary;
}

/**
 * "Save and post": a new entry created and posted in one transaction (the same checks as each alone); with an
 * idempotency key, the posted entry's answer is kept under it in that transaction.
 */
export async function createPostedEntry(db: Db, m: Membership, input: EntryInput, idem: Idempotency | null = null): Promise<EntrySummary> {
  return refusingLocked(() =>
    db.transaction(async (tx) => {
      const entry = await postEntry(tx, m, (await createEntry(tx, m, input)).id);
      if (idem) await storeAnswer(tx, m, idem, 201, { entry });
      return entry;
    }),
  );
}

async function lockEntry(db: Db, m: Membership, id: number): Promise<{ status: string; reversed_by: number | null; entry_number: string }> {
  const [row] = await queryRows<{ status: string; reversed_by: number | null; entry_number: string }>(
    db,
    sql`select status, reversed_by, entry_number from journal_entries
         where id = ${id} and organization_id = ${m.organizationId} for update`,
  );
  if (!row) throw notFound("Journal entry");
  return row;
}

/** Edits a draft: the entry and the replacement of all its lines are one transaction; with `post`, so is its posting. */
export async function updateEntry(
  db: Db,
  m: Membership,
  id: number,
  input: EntryInput,
  idem: Idempotency | null = null,
  post = false,
): Promise<EntrySummary> {
  return refusingLocked(() =>
    db.transaction(async (tx) => {
      const current = await lockEntry(tx, m, id);
      if (current.status !== "draft") throw conflict("Only draft entries can be edited");
      const { lines, total } = await prepareEntryLines(tx, m, input);
      await assertAccounts(tx, m, lines);
      await tx.execute(
        sql`update journal_entries set description = ${input.description}, entry_date = ${input.entry_date}::date,
                 reference = ${input.reference || null}, total_amount = ${total}::numeric
           where id = ${id} and organization_id = ${m.organizationId}`,
      );
      await tx.execute(sql`delete from journal_entry_lines where journal_entry_id = ${id} and organization_id = ${m.organizationId}`);
      await tx.execute(
        insertEntryLines(sql`select ${m.organizationId}, ${id}::integer, x.line_no, x.account_id, x.description, x.debit_amount, x.credit_amount,
                                    x.tax_code_id, x.tax_part_no, x.tax_base, x.contact_id
                               from ${linesRecordset(JSON.stringify(lines))}`),
      );
      await tx.execute(insertEntryAudit(sql`values (${m.organizationId}, ${id}, 'edited', ${m.userId}, null)`));
      const entry = post ? await postEntry(tx, m, id) : await summary(tx, m, id);
      if (idem) await storeAnswer(tx, m, idem, 200, { entry });
      return entry;
    }),
  );
}

/** Draft -> posted, with its audit row, in one statement. The database checks again that debits equal credits. */
export async function postEntry(db: Db, m: Membership, id: number, idem: Idempotency | null = null): Promise<EntrySummary> {
  let rows: EntrySummary[];
  try {
    rows = await queryPrepared<EntrySummary>(
      db,
      "post_entry",
      sql`with e as (
            update journal_entries set status = 'posted', posted_at = now(), posted_by = ${m.userId}
             where id = ${id} and organization_id = ${m.organizationId} and status = 'draft'
            returning ${summaryColumns()}
          ), a as (
            ${insertEntryAudit(sql`select ${m.organizationId}, e.id, 'posted', ${m.userId}, null from e`)}
          ), k as (
            ${answerInsert(m, idem, 200, sql`json_build_object('entry', row_to_json(e))`, sql`e`)}
          )
          select * from e`,
    );
  } catch (err) {
    if (sqlState(err) === "23514") throw conflict("Entry is not balanced. Debits must equal credits.");
    throw booksLocked(err) ?? err;
  }
  if (rows.length === 0) {
    await summary(db, m, id); // 404 when it is not ours
    throw conflict("Only draft entries can be posted");
  }
  return rows[0]!;
}

/** Creates and posts the mirror of a posted entry (sides swapped, dated as chosen), linked both ways. */
export async function reverseEntry(
  db: Db,
  m: Membership,
  id: number,
  entryDate: string,
  idem: Idempotency | null = null,
): Promise<EntrySummary> {
  return refusingLocked(() =>
    db.transaction(async (tx) => {
      const original = await lockEntry(tx, m, id);
      if (original.status !== "posted") throw conflict("Only posted entries can be reversed");
      if (original.reversed_by !== null) throw conflict(`Entry ${original.entry_number} has already been reversed`);
      const [created] = await queryRows<{ id: number; entry_number: string }>(
        tx,
        sql`with n as (
            update journal_entry_counters set last_number = last_number + 1
             where organization_id = ${m.organizationId} returning last_number
          )
          ${insertEntryRows(sql`select o.organization_id, n.last_number, left('Reversal of ' || o.entry_number || ': ' || o.description, 500),
                                     ${entryDate}::date, o.entry_number, o.total_amount, ${m.userId}, o.id
                                from n, journal_entries o where o.id = ${id}
                              returning id, entry_number`)}`,
      );
      const mirror = Number(created!.id);
      await tx.execute(
        insertEntryLines(sql`select organization_id, ${mirror}::integer, line_no, account_id, description, credit_amount, debit_amount,
                                    tax_code_id, tax_part_no, -tax_base, contact_id
                               from journal_entry_lines where journal_entry_id = ${id} order by line_no`),
      );
      await tx.execute(sql`update journal_entries set status = 'posted', posted_at = now(), posted_by = ${m.userId} where id = ${mirror}`);
      try {
        await tx.execute(sql`update journal_entries set reversed_by = ${mirror} where id = ${id}`);
      } catch (err) {
        // The database refuses to reverse an entry reconciled to a bank statement (migration 0029).
        if (sqlState(err) === "23001")
          throw conflict(`Entry ${original.entry_number} is reconciled to a bank statement: undo that reconciliation first`);
        throw err;
      }
      await tx.execute(
        insertEntryAudit(sql`values (${m.organizationId}, ${mirror}, 'created', ${m.userId}, ${`Reversal of ${original.entry_number}`}),
                                    (${m.organizationId}, ${mirror}, 'posted', ${m.userId}, null),
                                    (${m.organizationId}, ${id}, 'reversed', ${m.userId}, ${`Reversed by ${created!.entry_number}`})`),
      );
      const entry = await summary(tx, m, mirror);
      if (idem) await storeAnswer(tx, m, idem, 201, { entry });
      return entry;
    }),
  );
}

/**
 * Deletes a draft and its lines. The firm's audit log keeps what it was (number, date, description, reference and
 * every line), in the same transaction. A posted entry is never deleted (the database refuses it too): reverse it.
 * Its number is not given again: the journal shows the gap, and the audit log says why.
 */
export async function deleteDraft(db: Db, m: Membership, id: number, actor: AuditActor): Promise<{ entry_number: string }> {
  return refusingLocked(() =>
    db.transaction(async (tx) => {
      const current = await lockEntry(tx, m, id);
      if (current.status !== "draft") throw conflict("Only draft entries can be deleted. Reverse a posted entry instead.");
      const entry = await getEntry(tx, m, id);
      await recordAudit(tx, actor, {
        action: "journal_entry.draft_deleted",
        targetType: "organization",
        targetId: m.organizationId,
        before: {
          entry_number: entry.entry_number,
          entry_date: entry.entry_date,
          description: entry.description,
          reference: entry.reference,
          total_amount: entry.total_amount,
          lines: entry.lines.map((l) => ({
            account: `${l.account_code} ${l.account_name}`,
            description: l.description,
            debit_amount: l.debit_amount,
            credit_amount: l.credit_amount,
          })),
        },
      });
      await tx.execute(sql`delete from journal_entry_lines where journal_entry_id = ${id} and organization_id = ${m.organizationId}`);
      await tx.execute(sql`delete from journal_entries where id = ${id} and organization_id = ${m.organizationId} and status = 'draft'`);
      return { entry_number: current.entry_number };
    }),
  );
}
