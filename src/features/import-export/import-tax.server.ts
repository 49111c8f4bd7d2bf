import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { centsToDecimal } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { PostedLineTax } from "~/features/ledger/index.server.ts";
import type { ImportEntry, RowError } from "./import-rows.ts";

/*
 * A journal file's tax codes (decision 112). A line names its code by the code's text; an unknown code is a fault of
 * its line and column, and nothing is written.
 *
 * An entry whose rows carry a tax part (a journal exported by the books: its tax lines are rows of their own, each with
 * its code, part and base) is written as it is, nothing computed again, so importing an exported journal does not add
 * its tax twice. An entry with tax codes and no tax part (another program's journal) has its tax computed, the amounts
 * taken as tax-inclusive: the rows balance as they are, and the tax is taken out of the taxed lines.
 */

/** The organization's codes named in the entries (by their text, any case), and the lines naming a code it lacks. */
export async function resolveTaxCodes(db: Db, m: Membership, entries: ImportEntry[], column: string) {
  const named = [...new Set(entries.flatMap((e) => e.lines.flatMap((l) => (l.taxCode ? [l.taxCode.toLowerCase()] : []))))];
  const idOf = new Map<string, number>();
  const errors: RowError[] = [];
  if (named.length === 0) return { idOf, errors };
  const rows = await queryRows<{ id: number; code: string }>(
    db,
    sql`select id, code from tax_codes where organization_id = ${m.organizationId} and lower(code) = any(${pgArray(named)}::text[])`,
  );
  for (const r of rows) idOf.set(r.code.toLowerCase(), Number(r.id));
  for (const e of entries)
    for (const l of e.lines)
      if (l.taxCode && !idOf.has(l.taxCode.toLowerCase()))
        errors.push({ line: l.line, column, message: `Tax code "${l.taxCode}" is not one of the books' tax codes` });
  return { idOf, errors };
}

/** An entry's tax as written: its lines' code ids (for the tax computed), or the lines' tax as posted (a file with tax parts). */
export function entryTax(e: ImportEntry, idOf: Map<string, number>): { codes: (number | null)[]; posted: PostedLineTax[] | null } {
  const id = (code: string | undefined) => (code ? (idOf.get(code.toLowerCase()) ?? null) : null);
  if (!e.lines.some((l) => l.taxPart !== undefined)) return { codes: e.lines.map((l) => id(l.taxCode)), posted: null };
  // A tax line's base, when the file leaves it out: the sum of the taxed lines' bases of its code.
  const baseOf = new Map<number, bigint>();
  for (const l of e.lines) {
    const code = id(l.taxCode);
    if (code !== null && l.taxPart === undefined) baseOf.set(code, (baseOf.get(code) ?? 0n) + (l.taxBase ?? l.debit - l.credit));
  }
  const posted = e.lines.flatMap((l, i): PostedLineTax[] => {
    const code = id(l.taxCode);
    if (code === null) return [];
    const base = l.taxBase ?? (l.taxPart === undefined ? l.debit - l.credit : (baseOf.get(code) ?? 0n));
    return [{ line_no: i + 1, tax_code_id: code, tax_part_no: l.taxPart ?? null, tax_base: centsToDecimal(base) }];
  });
  return { codes: e.lines.map(() => null), posted };
}
