import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import { applyChanges, planChart, refuseUnsettled, type ChartPlan } from "./import-chart.server.ts";
import { commitOpening, planOpening, type OpeningPlan } from "./import-opening.server.ts";
import { alreadyImported, chartOf, insertAccounts, resolveAccounts, rowErrors } from "./import-plan.server.ts";
import { readImport, rememberSettings, type ReadImport } from "./import-read.server.ts";
import type { ImportEntry } from "./import-rows.ts";
import { HEADER_ROWS, type ImportQuery } from "./import.schema.ts";
import type { ImportPreview, ImportResult } from "./import.types.ts";
import { createEntries, createEntriesAsPosted } from "~/features/ledger/index.server.ts";
import { entryTax, resolveTaxCodes } from "./import-tax.server.ts";
import { centsToDecimal } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/**
 * CSV import: a preview of what a file would add, then the commit of all of it or nothing, in one transaction. A
 * journal goes through the same entry creation and posting as a typed entry; entries already imported (same external
 * reference) are skipped, so importing a file twice adds nothing the second time. A chart's accounts whose code the
 * chart has otherwise are conflicts, each settled by a choice; opening balances are saved by the opening balances service.
 */

type JournalPlan = Awaited<ReturnType<typeof resolveAccounts>> & { done: Set<string>; taxCodes: Map<string, number> };
type Plan = { kind: "chart"; chart: ChartPlan } | { kind: "journal"; journal: JournalPlan } | { kind: "opening"; opening: OpeningPlan };

async function plan(db: Db, m: Membership, read: ReadImport, q: ImportQuery): Promise<Plan> {
  const chart = await chartOf(db, m);
  if (read.kind === "chart") return { kind: "chart", chart: await planChart(db, m, chart, read, q.conflicts ?? {}) };
  if (read.kind === "opening") return { kind: "opening", opening: await planOpening(db, m, chart, read, q.accounts ?? {}) };
  const column = read.sheet.columns[read.sheet.mapping.account ?? -1] ?? "account";
  const resolved = await resolveAccounts(
    chart,
    read.entries.flatMap((e) => e.lines),
    column,
    q.accounts ?? {},
  );
  const done = await alreadyImported(
    db,
    m,
    read.entries.map((e) => e.externalRef),
  );
  const tax = await resolveTaxCodes(db, m, read.entries, read.sheet.columns[read.sheet.mapping.tax_code ?? -1] ?? "tax_code");
  return { kind: "journal", journal: { ...resolved, errors: [...resolved.errors, ...tax.errors], done, taxCodes: tax.idOf } };
}

const errorsOf = (read: ReadImport, p: Plan) =>
  [...read.errors, ...(p.kind === "chart" ? p.chart.errors : p.kind === "journal" ? p.journal.errors : p.opening.errors)].sort(
    (a, b) => a.line - b.line,
  );

/** The entries' line count and totals, in time slices (a file may hold 200,000 lines). */
async function totals(lines: Iterable<{ debit: bigint; credit: bigint }>) {
  const slices = timeSlices();
  let [count, debits, credits] = [0, 0n, 0n];
  for (const l of lines) {
    if (slices.due()) await slices.next();
    count++;
    [debits, credits] = [debits + l.debit, credits + l.credit];
  }
  return { lines: count, debits: centsToDecimal(debits), credits: centsToDecimal(credits) };
}

function summaryOf(read: ReadImport, p: Plan) {
  if (p.kind === "chart") return { new_items: p.chart.create.length, existing_items: p.chart.existing, lines: [] };
  if (p.kind === "opening") return { new_items: read.opening.length, existing_items: 0, lines: read.opening };
  const fresh = read.entries.filter((e) => !p.journal.done.has(e.externalRef));
  return { new_items: fresh.length, existing_items: read.entries.length - fresh.length, lines: fresh.flatMap((e) => e.lines) };
}

export async function previewImport(
  db: Db,
  m: Membership,
  body: ReadableStream<Uint8Array> | null,
  q: ImportQuery,
): Promise<ImportPreview> {
  const read = await readImport(db, m, body, q);
  const p = await plan(db, m, read, q);
  const errors = errorsOf(read, p);
  const { lines, ...counts } = summaryOf(read, p);
  const { sheet } = read;
  const row = (i: number) => ({ line: sheet.lines[i] ?? i + 1, cells: sheet.rows[i]! });
  const first = sheet.headerRow + 1;
  return {
    kind: read.kind,
    settings: read.settings,
    remembered: read.remembered,
    columns: sheet.columns,
    missing_fields: read.missingFields,
    rows: sheet.rows.slice(first, first + 100).map((_, i) => row(first + i)),
    head: sheet.rows.slice(0, HEADER_ROWS).map((_, i) => row(i)),
    errors: errors.slice(0, 500),
    error_count: errors.length,
    summary: { ...counts, ...(await totals(lines)) },
    missing_accounts: p.kind === "journal" ? p.journal.missing : p.kind === "opening" ? p.opening.missing : [],
    conflicts: p.kind === "chart" ? p.chart.conflicts : [],
    opening: p.kind === "opening" ? { as_of: q.as_of ?? null, ...p.opening.summary } : null,
  };
}

/** The journal's new entries, posted (or drafts), each with its external reference kept. */
async function commitJournal(tx: Db, m: Membership, read: ReadImport, p: JournalPlan, drafts: boolean) {
  const created = await insertAccounts(tx, m, p.create);
  const chart = await chartOf(tx, m);
  const idOf = (value: string) => chart.byCode.get(p.accountOf.get(value)!)!.id;
  const fresh = read.entries.filter((e) => !p.done.has(e.externalRef));
  // A line's tax: computed from its code, or as the file posted it (import-tax.server.ts).
  const entry = (e: ImportEntry) => {
    const tax = entryTax(e, p.taxCodes);
    const input = {
      description: e.description,
      entry_date: e.date,
      reference: e.reference,
      lines: e.lines.map((l, i) => ({
        account_id: idOf(l.account),
        description: l.description,
        debit_amount: centsToDecimal(l.debit),
        credit_amount: centsToDecimal(l.credit),
        tax_code_id: tax.codes[i] ?? null,
      })),
      ...(tax.codes.some((c) => c !== null) ? { tax_amounts: "inclusive" as const } : {}),
    };
    return { input, tax: tax.posted ?? [] };
  };
  // 1,000 entries at a time (createEntries' batch), the event loop free between them: the embedded database
  // answers a statement without giving way, and 100,000 entries in one go would hold every other request throughout.
  const ids: number[] = [];
  const slices = timeSlices();
  for (let i = 0; i < fresh.length; i += 1000) {
    if (slices.due()) await slices.next();
    const batch = fresh.slice(i, i + 1000).map(entry);
    ids.push(
      ...(batch.some((b) => b.tax.length > 0)
        ? await createEntriesAsPosted(tx, m, batch, !drafts)
        : await createEntries(
            tx,
            m,
            batch.map((b) => b.input),
            !drafts,
          )),
    );
  }
  const refs: [string, number][] = fresh.map((e, i) => [e.externalRef, ids[i]!]);
  for (let i = 0; i < refs.length; i += 1000) {
    if (slices.due()) await slices.next();
    const values = refs.slice(i, i + 1000).map(([ref, id]) => sql`(${m.organizationId}::integer, ${ref}, ${id}::integer)`);
    await tx.execute(
      sql`insert into imported_entries (organization_id, external_ref, journal_entry_id) values ${sql.join(values, sql`, `)}`,
    );
  }
  const already = read.entries.length - fresh.length;
  return {
    imported: fresh.length,
    already_imported: already,
    accounts_created: created.size,
    accounts_updated: 0,
    message: `${fresh.length} entries imported, ${already} already imported`,
  };
}

async function commitChart(tx: Db, m: Membership, p: ChartPlan) {
  refuseUnsettled(p.unsettled);
  // Ours renamed and retyped first: a new account may take one of them as its parent.
  await applyChanges(tx, m, p.updates);
  const created = await insertAccounts(tx, m, p.create);
  const updated = p.updates.length;
  return {
    imported: created.size,
    already_imported: p.existing,
    accounts_created: created.size,
    accounts_updated: updated,
    message:
      `${created.size} accounts created, ${p.existing} already in the chart` +
      (updated > 0 ? ` (${updated} of them renamed or retyped as the file says)` : ""),
  };
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
    const p = await plan(tx, m, read, q);
    const errors = errorsOf(read, p);
    if (errors.length > 0) throw rowErrors(errors);
    const done =
      p.kind === "chart"
        ? await commitChart(tx, m, p.chart)
        : p.kind === "journal"
          ? await commitJournal(tx, m, read, p.journal, q.drafts === "true")
          : await openingResult(tx, m, read, p.opening, q.as_of);
    await rememberSettings(tx, m, read);
    return { kind: read.kind, ...done };
  });
  // The embedded database runs no autovacuum: after many new lines its planner would still see the tables as small
  // and pick plans that take minutes on the reports (as the bank import does after its lines).
  if (read.kind === "journal" && result.imported >= 1000) await db.execute(sql`analyze journal_entries, journal_entry_lines`);
  return result;
}

async function openingResult(tx: Db, m: Membership, read: ReadImport, p: OpeningPlan, asOf: string | undefined) {
  const { entry, replaced } = await commitOpening(tx, m, read, p, asOf);
  return {
    imported: read.opening.length,
    already_imported: 0,
    accounts_created: p.create.length,
    accounts_updated: 0,
    message:
      `Opening balances of ${read.opening.length} accounts posted as ${entry.entry_number}` +
      (replaced ? `, replacing ${replaced} (reversed)` : ""),
  };
}
