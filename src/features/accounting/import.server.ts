import { sql } from "drizzle-orm";
import { insertChartAccounts } from "./chart-rows.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput, type AppError } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import { guessType } from "./import-layout.ts";
import { readImport, rememberSettings, type ReadImport } from "./import-read.server.ts";
import { CODE_PATTERN, type ImportEntry, type RowError } from "./import-rows.ts";
import type { AccountResolution, ImportQuery } from "./import.schema.ts";
import type { ImportPreview, ImportResult, MissingAccount } from "./import.types.ts";
import { createEntries } from "./journal-entries-bulk.server.ts";
import { centsToDecimal } from "./money.ts";
import type { Membership } from "./organizations.server.ts";
import type { AccountType } from "./reports.ts";
import type { AccountDetailType } from "./account-detail-types.ts";
import { resolveParents, type NewChartAccount } from "./import-parents.ts";

/**
 * CSV import: a preview of what a file would add, then the commit of all of it or nothing, in one transaction,
 * through the same entry creation and posting as a typed entry. Entries already imported (same external
 * reference) are skipped, so importing a file twice adds nothing the second time.
 */

interface Known {
  id: number;
  code: string;
  name: string;
  type: AccountType;
  active: boolean;
}
interface NewAccount {
  code: string;
  name: string;
  type: AccountType;
  detailType?: AccountDetailType | null;
  /** The parent's code (in the chart or among the new accounts). */
  parent?: string;
}
interface Plan {
  read: ReadImport;
  accountOf: Map<string, string>;
  create: NewAccount[];
  missing: MissingAccount[];
  errors: RowError[];
  done: Set<string>;
  existingAccounts: number;
}

const TYPE_BASE: Record<AccountType, number> = { Asset: 1000, Liability: 2000, Equity: 3000, Revenue: 4000, Expense: 5000 };

async function chartOf(db: Db, m: Membership) {
  const rows = await queryRows<{ id: number; account_code: string; account_name: string; account_type: AccountType; is_active: boolean }>(
    db,
    sql`select id, account_code, account_name, account_type, is_active from chart_of_accounts where organization_id = ${m.organizationId}`,
  );
  const byCode = new Map<string, Known>();
  const byName = new Map<string, Known | null>();
  for (const r of rows) {
    const known = { id: Number(r.id), code: r.account_code, name: r.account_name, type: r.account_type, active: r.is_active };
    byCode.set(r.account_code, known);
    const name = r.account_name.toLowerCase();
    byName.set(name, byName.has(name) ? null : known);
  }
  const taken = new Set(byCode.keys());
  /** A free code in the type's thousand (1001… for assets), for an account the file gives no usable code. */
  const freeCode = (type: AccountType) => {
    let n = TYPE_BASE[type] + 1;
    while (taken.has(String(n))) n++;
    taken.add(String(n));
    return String(n);
  };
  return { byCode, byName, taken, freeCode };
}

/** External references among these that the organization already has (imported, or its own exported entries). */
async function alreadyImported(db: Db, m: Membership, refs: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In batches, the event loop free between them: one statement over 100,000 references would hold the embedded
  // database (and with it every other request) for long.
  const slices = timeSlices();
  for (let i = 0; i < refs.length; i += 1000) {
    if (slices.due()) await slices.next();
    const list = JSON.stringify(refs.slice(i, i + 1000));
    const rows = await queryRows<{ ref: string }>(
      db,
      sql`with wanted as (select jsonb_array_elements_text(${list}::jsonb) as ref)
          select i.external_ref as ref from imported_entries i join wanted w on w.ref = i.external_ref
           where i.organization_id = ${m.organizationId}
          union
          select w.ref from wanted w join journal_entries e
            on w.ref = 'JE:' || e.organization_id || ':' || e.entry_number
           where e.organization_id = ${m.organizationId}`,
    );
    for (const r of rows) found.add(r.ref);
  }
  return found;
}

async function plan(db: Db, m: Membership, read: ReadImport, resolutions: Record<string, AccountResolution>): Promise<Plan> {
  const chart = await chartOf(db, m);
  const errors = [...read.errors];
  const accountOf = new Map<string, string>();
  const create: NewAccount[] = [];
  const missing: MissingAccount[] = [];
  let existingAccounts = 0;
  if (read.kind === "chart") {
    const fresh: (NewChartAccount & { detailType: AccountDetailType | null })[] = [];
    for (const row of read.chart) {
      const known = row.code ? chart.byCode.get(row.code) : chart.byName.get(row.name.toLowerCase());
      if (known) existingAccounts++;
      else fresh.push({ ...row, code: row.code ?? chart.freeCode(row.type) });
    }
    const parentColumn = read.sheet.columns[read.sheet.mapping.parent ?? -1] ?? "parent";
    const parents = resolveParents(fresh, [...chart.byCode.values()], parentColumn);
    errors.push(...parents.errors);
    for (const a of fresh)
      create.push({ code: a.code, name: a.name, type: a.type, detailType: a.detailType, parent: parents.parentOf.get(a.code) });
    return { read, accountOf, create, missing, errors, done: new Set(), existingAccounts };
  }
  const seen = new Map<string, MissingAccount & { line: number }>();
  const slices = timeSlices();
  for (const line of read.entries.flatMap((e) => e.lines)) {
    if (slices.due()) await slices.next();
    const known = chart.byCode.get(line.account) ?? chart.byName.get(line.account.toLowerCase());
    if (known) {
      if (!known.active)
        errors.push({
          line: line.line,
          column: read.sheet.columns[read.sheet.mapping.account!]!,
          message: `${known.code} is a deleted account`,
        });
      else accountOf.set(line.account, known.code);
      continue;
    }
    const name = line.accountName || line.account;
    const s = seen.get(line.account) ?? {
      value: line.account,
      name,
      suggested_type: guessType(line.account, name),
      lines: 0,
      line: line.line,
    };
    s.lines++;
    seen.set(line.account, s);
  }
  for (const { line: _, ...s } of seen.values()) {
    missing.push(s);
    const choice = resolutions[s.value] ?? { create: s.suggested_type };
    if ("map" in choice) {
      const target = chart.byCode.get(choice.map);
      if (!target?.active)
        throw invalidInput({ [`accounts.${s.value}`]: `No active account ${choice.map}` }, `accounts: no active account ${choice.map}`);
      accountOf.set(s.value, target.code);
    } else {
      const code = CODE_PATTERN.test(s.value) && !chart.taken.has(s.value) ? s.value : chart.freeCode(choice.create);
      chart.taken.add(code);
      create.push({ code, name: s.name.slice(0, 200), type: choice.create });
      accountOf.set(s.value, code);
    }
  }
  const done = await alreadyImported(
    db,
    m,
    read.entries.map((e) => e.externalRef),
  );
  return { read, accountOf, create, missing, errors, done, existingAccounts };
}

export function rowErrors(errors: RowError[]): AppError {
  const fields: Record<string, string> = {};
  for (const e of errors.slice(0, 200)) fields[`rows.${e.line}.${e.column}`] ??= e.message;
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return invalidInput(fields, `Line ${first!.line}, column ${first!.column}: ${first!.message}${more}`);
}

/** The entries' line count and totals, in time slices (a file may hold 200,000 lines). */
async function totals(entries: ImportEntry[]) {
  const slices = timeSlices();
  let [lines, debits, credits] = [0, 0n, 0n];
  for (const e of entries) {
    if (slices.due()) await slices.next();
    lines += e.lines.length;
    for (const l of e.lines) [debits, credits] = [debits + l.debit, credits + l.credit];
  }
  return { lines, debits: centsToDecimal(debits), credits: centsToDecimal(credits) };
}

export async function previewImport(
  db: Db,
  m: Membership,
  body: ReadableStream<Uint8Array> | null,
  q: ImportQuery,
): Promise<ImportPreview> {
  const read = await readImport(db, m, body, q);
  const p = await plan(db, m, read, q.accounts ?? {});
  const fresh = read.entries.filter((e) => !p.done.has(e.externalRef));
  const first = read.sheet.header ? 1 : 0;
  return {
    kind: read.kind,
    settings: read.settings,
    remembered: read.remembered,
    columns: read.sheet.columns,
    missing_fields: read.missingFields,
    rows: read.sheet.rows.slice(first, first + 100).map((cells, i) => ({ line: first + i + 1, cells })),
    errors: p.errors.slice(0, 500),
    error_count: p.errors.length,
    summary: {
      new_items: read.kind === "chart" ? p.create.length : fresh.length,
      existing_items: read.kind === "chart" ? p.existingAccounts : read.entries.length - fresh.length,
      ...(await totals(fresh)),
    },
    missing_accounts: p.missing,
  };
}

async function insertAccounts(tx: Db, m: Membership, accounts: NewAccount[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < accounts.length; i += 500) {
    const values = accounts
      .slice(i, i + 500)
      .map(
        (a) => sql`(${m.organizationId}::integer, ${a.code}, ${a.name}, ${a.type}, ${a.detailType ?? null}, null::integer, ${m.userId})`,
      );
    const rows = await queryRows<{ id: number; account_code: string }>(
      tx,
      insertChartAccounts(sql`values ${sql.join(values, sql`, `)} returning id, account_code`),
    );
    for (const r of rows) ids.set(r.account_code, Number(r.id));
  }
  const withParent = accounts.filter((a) => a.parent);
  for (let i = 0; i < withParent.length; i += 500) {
    const pairs = withParent.slice(i, i + 500).map((a) => sql`(${a.code}, ${a.parent!})`);
    await tx.execute(
      sql`update chart_of_accounts c set parent_id = p.id
            from (values ${sql.join(pairs, sql`, `)}) v(code, parent)
            join chart_of_accounts p on p.organization_id = ${m.organizationId} and p.account_code = v.parent
           where c.organization_id = ${m.organizationId} and c.account_code = v.code`,
    );
  }
  return ids;
}

/** Imports the file, all of it or nothing. A file with any error is a 400 naming its first line and column. */
export async function commitImport(db: Db, m: Membership, body: ReadableStream<Uint8Array> | null, q: ImportQuery): Promise<ImportResult> {
  const read = await readImport(db, m, body, q);
  if (read.missingFields.length > 0) {
    const field = read.missingFields[0]!;
    throw invalidInput({ [`mapping.${field}`]: "Choose the column that holds it" }, `mapping.${field}: choose the column that holds it`);
  }
  if (read.errors.length > 0) throw rowErrors(read.errors);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`books-import:${m.organizationId}`}))`);
    const p = await plan(tx, m, read, q.accounts ?? {});
    if (p.errors.length > 0) throw rowErrors(p.errors);
    const created = await insertAccounts(tx, m, p.create);
    const chart = await chartOf(tx, m);
    const idOf = (value: string) => chart.byCode.get(p.accountOf.get(value)!)!.id;
    const fresh = read.entries.filter((e) => !p.done.has(e.externalRef));
    const input = (e: ImportEntry) => ({
      description: e.description,
      entry_date: e.date,
      reference: e.reference,
      lines: e.lines.map((l) => ({
        account_id: idOf(l.account),
        description: l.description,
        debit_amount: centsToDecimal(l.debit),
        credit_amount: centsToDecimal(l.credit),
      })),
    });
    // 1,000 entries at a time (createEntries' batch), the event loop free between them: the embedded database
    // answers a statement without giving way, and 100,000 entries in one go would hold every other request throughout.
    const ids: number[] = [];
    const slices = timeSlices();
    for (let i = 0; i < fresh.length; i += 1000) {
      if (slices.due()) await slices.next();
      ids.push(...(await createEntries(tx, m, fresh.slice(i, i + 1000).map(input), q.drafts !== "true")));
    }
    const refs: [string, number][] = fresh.map((e, i) => [e.externalRef, ids[i]!]);
    for (let i = 0; i < refs.length; i += 1000) {
      if (slices.due()) await slices.next();
      const values = refs.slice(i, i + 1000).map(([ref, id]) => sql`(${m.organizationId}::integer, ${ref}, ${id}::integer)`);
      await tx.execute(
        sql`insert into imported_entries (organization_id, external_ref, journal_entry_id) values ${sql.join(values, sql`, `)}`,
      );
    }
    await rememberSettings(tx, m, read);
    const imported = read.kind === "chart" ? created.size : fresh.length;
    const already = read.kind === "chart" ? p.existingAccounts : read.entries.length - fresh.length;
    const message =
      read.kind === "chart"
        ? `${imported} accounts created, ${already} already in the chart`
        : `${imported} entries imported, ${already} already imported`;
    return { kind: read.kind, imported, already_imported: already, accounts_created: created.size, message };
  });
  // The embedded database runs no autovacuum: after many new lines its planner would still see the tables as small
  // and pick plans that take minutes on the reports (as the bank import does after its lines).
  if (read.kind === "journal" && result.imported >= 1000) await db.execute(sql`analyze journal_entries, journal_entry_lines`);
  return result;
}
