import { sql } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { StatementQuery } from "./bank.schema.ts";
import type { BankAccount, StatementPreview, StatementResult } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { accountCheck, assertAccountConfirmed, LIKELY_LISTED, likelyDuplicates } from "./bank-import-checks.server.ts";
import { checkStatement, dedupeKeys, readStatement, type ReadStatement } from "./bank-statement-read.server.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { displayAccount } from "./bank-statement-account.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { StatementLine } from "./bank-statement.ts";

/* Statement files into a bank account: a preview, then the import, all of it or nothing (decision 092). */

type Account = BankAccount & { csv_settings: unknown };

async function accountWithLayout(db: Db, m: Membership, id: number): Promise<Account> {
  const account = await getBankAccount(db, m, id);
  const [row] = await queryRows<{ csv_settings: unknown }>(db, sql`select csv_settings from bank_accounts where id = ${id}`);
  const raw = row?.csv_settings;
  return { ...account, csv_settings: typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw };
}

/**
 * The keys of this file's lines already in the account: in batches short enough not to hold the embedded database
 * long, the event loop free between them (a file may have 100,000 lines).
 */
async function existingKeys(db: Db, bankId: number, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const slices = timeSlices();
  for (let i = 0; i < keys.length; i += 1000) {
    if (slices.due()) await slices.next();
    const rows = await queryRows<{ dedupe_key: string }>(
      db,
      sql`select dedupe_key from bank_lines where bank_account_id = ${bankId} and dedupe_key = any(${pgArray(keys.slice(i, i + 1000))}::text[])`,
    );
    for (const r of rows) found.add(r.dedupe_key);
  }
  return found;
}

const dates = (lines: readonly StatementLine[]) => {
  const sorted = lines.map((l) => l.date).sort();
  return { first: sorted[0] ?? null, last: sorted.at(-1) ?? null };
};

export async function previewStatement(
  db: Db,
  m: Membership,
  bankId: number,
  body: ReadableStream<Uint8Array> | null,
  q: StatementQuery,
): Promise<StatementPreview> {
  const account = await accountWithLayout(db, m, bankId);
  const read = await readStatement(account, body, { ...q, lenient: true });
  const keys = await dedupeKeys(read.lines);
  const known = await existingKeys(db, bankId, keys);
  const likely = await likelyDuplicates(db, bankId, read.lines, keys, known);
  const { first, last } = dates(read.lines);
  return {
    format: read.format,
    file_name: read.fileName,
    statements: read.statements.map(checkStatement),
    chosen: read.chosen,
    new_lines: keys.filter((k, i) => !known.has(k) && !likely.has(i)).length,
    duplicates: keys.filter((k) => known.has(k)).length,
    likely_count: likely.size,
    likely_duplicates: [...likely]
      .sort(([a], [b]) => a - b)
      .slice(0, LIKELY_LISTED)
      .map(([i, existing]) => {
        const l = read.lines[i]!;
        return { index: i, line: l.line, date: l.date, amount: centsToDecimal(l.amountCents), description: l.description, existing };
      }),
    account_check: accountCheck(account, read.statements),
    first_date: first,
    last_date: last,
    lines: read.lines.slice(0, 200).map((l, i) => ({
      line: l.line,
      date: l.date,
      amount: centsToDecimal(l.amountCents),
      description: l.description,
      reference: l.reference ?? null,
      duplicate: known.has(keys[i]!),
      index: i,
      likely: likely.has(i),
    })),
    csv: read.csv,
    error: read.error,
  };
}

/** OFX corrections: a line that replaces or deletes an earlier one removes it first, unless it is matched. */
async function applyCorrections(
  tx: Db,
  bankId: number,
  read: ReadStatement,
  keys: string[],
): Promise<{ replaced: number; skip: Set<number> }> {
  let replaced = 0;
  const skip = new Set<number>();
  for (const [i, l] of read.lines.entries()) {
    if (!l.correction) continue;
    const [old] = await queryRows<{ id: number; match_id: number | null }>(
      tx,
      sql`select id, match_id from bank_lines
           where bank_account_id = ${bankId} and bank_ref = ${l.correction.bankId} and dedupe_key <> ${keys[i]!} for update`,
    );
    if (old?.match_id != null)
      throw conflict(`${read.fileName}, line ${l.line}: it corrects a transaction that is already matched: undo that match first`);
    if (old) {
      await tx.execute(sql`delete from bank_lines where id = ${old.id}`);
      replaced += 1;
    }
    if (l.correction.action === "delete") skip.add(i);
  }
  return { replaced, skip };
}

export async function importStatement(
  db: Db,
  m: Membership,
  actor: AuditActor,
  bankId: number,
  body: ReadableStream<Uint8Array> | null,
  q: StatementQuery,
): Promise<StatementResult> {
  const account = await accountWithLayout(db, m, bankId);
  const read = await readStatement(account, body, q);
  const check = accountCheck(account, read.statements);
  assertAccountConfirmed(check, q.confirm_account === "true");
  const keys = await dedupeKeys(read.lines);
  const kept = (i: number) => q.likely === "import" || (q.keep?.has(i) ?? false);
  const result = await db.transaction(async (tx) => {
    const [locked] = await queryRows(
      tx,
      sql`select id from bank_accounts where id = ${bankId} and organization_id = ${m.organizationId} for update`,
    );
    if (!locked) throw notFound("Bank account");
    const { replaced, skip } = await applyCorrections(tx, bankId, read, keys);
    const known = await existingKeys(tx, bankId, keys);
    // Likely duplicates are left out unless kept: the one already imported stays the account's (decision 092).
    const likely = await likelyDuplicates(tx, bankId, read.lines, keys, known);
    const likelySkipped = [...likely.keys()].filter((i) => !kept(i)).length;
    const fresh = read.lines
      .map((l, i) => ({ l, key: keys[i]!, i }))
      .filter(({ key, i }) => !known.has(key) && !skip.has(i) && !(likely.has(i) && !kept(i)));
    if (read.csv)
      await tx.execute(sql`update bank_accounts set csv_settings = ${JSON.stringify(read.csv.settings)}::jsonb where id = ${bankId}`);
    const duplicates = read.lines.length - fresh.length - skip.size - likelySkipped;
    const none = { statement_id: null, imported: 0, duplicates, replaced: 0, likely_skipped: likelySkipped, number_stored: null };
    if (fresh.length === 0 && replaced === 0) {
      const message =
        likelySkipped === 0
          ? `Nothing new: all ${read.lines.length} transactions of ${read.fileName} were imported before`
          : `Nothing imported from ${read.fileName}: ${duplicates} imported before, ${likelySkipped} skipped as likely duplicates`;
      return { ...none, message };
    }
    const first = read.statements[0];
    const last = read.statements.at(-1);
    const { first: firstDate, last: lastDate } = dates(read.lines);
    const total = read.lines.reduce((s, l) => s + l.amountCents, 0n);
    const [statement] = await queryRows<{ id: number }>(
      tx,
      sql`insert into bank_statements (organization_id, bank_account_id, file_name, format, file_sha256, opening_balance, opening_date,
                                        closing_balance, closing_date, lines_total, line_count, new_count, first_date, last_date, imported_by)
          values (${m.organizationId}, ${bankId}, ${read.fileName}, ${read.format}, ${read.sha256},
                  ${first?.opening ? centsToDecimal(first.opening.cents) : null}::numeric, ${first?.opening?.date ?? null}::date,
                  ${last?.closing ? centsToDecimal(last.closing.cents) : null}::numeric, ${last?.closing?.date ?? null}::date,
                  ${centsToDecimal(total)}::numeric, ${read.lines.length}, ${fresh.length}, ${firstDate}::date, ${lastDate}::date, ${m.userId})
          returning id`,
    );
    const statementId = Number(statement!.id);
    // A bank account without a number keeps the one its first statement names.
    const stored =
      check.status === "stored"
        ? ((
            await queryRows<{ number: string }>(
              tx,
              sql`update bank_accounts set number = ${check.file} where id = ${bankId} and coalesce(number, '') = '' returning number`,
            )
          )[0]?.number ?? null)
        : null;
    const slices = timeSlices();
    for (let i = 0; i < fresh.length; i += 1000) {
      if (slices.due()) await slices.next();
      const rows = fresh.slice(i, i + 1000).map(({ l, key }) => ({
        file_line: l.line,
        booked_on: l.date,
        value_on: l.valueDate ?? null,
        amount: centsToDecimal(l.amountCents),
        description: l.description.slice(0, 1000),
        payee: l.payee?.slice(0, 300) ?? null,
        reference: l.reference?.slice(0, 200) ?? null,
        bank_ref: l.bankId?.slice(0, 200) ?? null,
        dedupe_key: key,
      }));
      await tx.execute(
        sql`insert into bank_lines (organization_id, bank_account_id, statement_id, file_line, booked_on, value_on, amount,
                                    description, payee, reference, bank_ref, dedupe_key)
            select ${m.organizationId}, ${bankId}, ${statementId}, x.file_line, x.booked_on, x.value_on, x.amount,
                   x.description, x.payee, x.reference, x.bank_ref, x.dedupe_key
              from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                as x(file_line integer, booked_on date, value_on date, amount numeric, description text, payee text,
                     reference text, bank_ref text, dedupe_key text)`,
      );
    }
    await recordAudit(tx, actor, {
      action: "bank_statement.imported",
      targetType: "bank_account",
      targetId: bankId,
      after: {
        statement_id: statementId,
        file_name: read.fileName,
        format: read.format,
        lines: read.lines.length,
        imported: fresh.length,
        duplicates,
        replaced,
        likely_skipped: likelySkipped,
        likely_kept: likely.size - likelySkipped,
        ...(check.status === "different" ? { account_confirmed: { file: check.file, bank: check.bank } } : {}),
        ...(stored ? { number_stored: stored } : {}),
      },
    });
    const message =
      `${fresh.length} transaction${fresh.length === 1 ? "" : "s"} imported` +
      (duplicates > 0 ? `, ${duplicates} already imported` : "") +
      (likelySkipped > 0 ? `, ${likelySkipped} skipped as likely duplicate${likelySkipped === 1 ? "" : "s"}` : "") +
      (replaced > 0 ? `, ${replaced} corrected` : "") +
      (stored ? `; account number ${displayAccount(stored)} kept for this bank account` : "");
    return { ...none, statement_id: statementId, imported: fresh.length, replaced, number_stored: stored, message };
  });
  // The planner's figures for the new lines at once (the embedded database runs no autovacuum): the lines' pages
  // and their suggestions are read by index from the first request.
  if (result.imported > 0) await db.execute(sql`analyze bank_lines`);
  return result;
}
