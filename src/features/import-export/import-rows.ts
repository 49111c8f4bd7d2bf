import { csvTextBack } from "~/lib/csv.ts";
import { timeSlices } from "~/server/time-slices.ts";
import { EARLIEST_ENTRY_DATE, latestEntryDate, MAX_LINES } from "~/features/ledger/ledger.schema.ts";
import type { ColumnMapping, ImportField } from "./import.schema.ts";
import { detailFromType, guessType, typeFrom } from "./import-layout.ts";
import {
  DETAIL_TYPE_LABELS,
  DETAIL_TYPES_BY_ACCOUNT_TYPE,
  detailTypeFits,
  parseDetailType,
  type AccountDetailType,
} from "~/features/ledger/index.ts";
import { parseAmount, parseDate, type DateFormat, type NumberFormat } from "./import-values.ts";
import { centsToDecimal } from "~/lib/money.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/**
 * A file's rows read as accounts or as journal entries, every fault named by line and column. Pure, and in time
 * slices: a file of 200,000 rows does not hold up other requests while it is read.
 */

export interface Sheet {
  rows: string[][];
  /** The file's line of each row. */
  lines: number[];
  /** The row that names the columns, -1 when none does; rows above it are a title or notes, not read. */
  headerRow: number;
  columns: string[];
  mapping: ColumnMapping;
  dateFormat: DateFormat;
  numberFormat: NumberFormat;
}

export interface RowError {
  line: number;
  column: string;
  message: string;
}

export interface ChartRow {
  line: number;
  /** Null when the file has no codes: one is given at import. */
  code: string | null;
  name: string;
  type: AccountType;
  /** Null: the file says none (the account takes its type's default by name). */
  detailType: AccountDetailType | null;
  /** The parent's code (or name) as the file writes it, or null. */
  parent: string | null;
}

export interface ImportLine {
  line: number;
  account: string;
  accountName: string;
  description: string | null;
  debit: bigint;
  credit: bigint;
  /** The line's tax code as the file writes it (decision 112); resolved in the organization's codes at import. */
  taxCode?: string;
  /** The code's part a tax line posts: the file carries its tax as posted (an exported journal). */
  taxPart?: number;
  /** The taxable base (signed, debit positive), when the file gives it. */
  taxBase?: bigint;
}

export interface ImportEntry {
  key: string;
  line: number;
  date: string;
  reference: string | null;
  description: string;
  lines: ImportLine[];
  /** Names the entry across imports: from the file's column, or a digest of its rows. */
  externalRef: string;
}

export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/;

/**
 * Text as the database keeps it: control characters become spaces, the ends are trimmed. The apostrophes our export
 * puts before a part a spreadsheet would run as a formula ('=…, a;'-…) are taken off again (src/lib/csv.ts).
 */
const clean = (s: string) =>
  csvTextBack(s)
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim();

export function reader(sheet: Sheet, errors: RowError[]) {
  const columnOf = (field: ImportField) => sheet.columns[sheet.mapping[field] ?? -1] ?? field;
  const cell = (row: string[], field: ImportField) => {
    const i = sheet.mapping[field];
    return i === undefined ? "" : clean(row[i] ?? "");
  };
  const fail = (line: number, field: ImportField, message: string) => errors.push({ line, column: columnOf(field), message });
  const each = async (fn: (row: string[], line: number) => void) => {
    const slices = timeSlices();
    for (let i = sheet.headerRow + 1; i < sheet.rows.length; i++) {
      fn(sheet.rows[i]!, sheet.lines[i] ?? i + 1);
      if (slices.due()) await slices.next();
    }
  };
  return { cell, fail, each };
}

/** Accounts of a chart file; codes repeated in the file are refused. */
export async function buildChart(sheet: Sheet): Promise<{ accounts: ChartRow[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const { cell, fail, each } = reader(sheet, errors);
  const accounts: ChartRow[] = [];
  const seen = new Map<string, number>();
  await each((row, line) => {
    const code = cell(row, "code");
    const name = cell(row, "name") || code;
    const typeText = cell(row, "type");
    let ok = true;
    if (code && !CODE_PATTERN.test(code)) ok = !fail(line, "code", "must be at most 20 letters, digits, dots or dashes");
    else if (code && seen.has(code.toLowerCase())) ok = !fail(line, "code", `repeats the code of line ${seen.get(code.toLowerCase())}`);
    if (!name) ok = !fail(line, sheet.mapping.name !== undefined ? "name" : "code", "is required");
    else if (name.length > 200) ok = !fail(line, "name", "must be at most 200 characters");
    const type = sheet.mapping.type !== undefined ? typeFrom(typeText) : guessType(code, name);
    if (!type) ok = !fail(line, "type", `"${typeText}" is not an account type (Asset, Liability, Equity, Revenue, Expense)`);
    const detailText = cell(row, "detail_type");
    let detailType = detailText ? parseDetailType(detailText) : sheet.mapping.type !== undefined ? detailFromType(typeText) : null;
    if (detailText && !detailType) ok = !fail(line, "detail_type", `"${detailText}" is not a detail type`);
    else if (type && detailType && !detailTypeFits(type, detailType)) {
      const allowed = DETAIL_TYPES_BY_ACCOUNT_TYPE[type].map((d) => DETAIL_TYPE_LABELS[d]).join(", ");
      ok = !fail(line, "detail_type", `${DETAIL_TYPE_LABELS[detailType]} is not a detail type of ${type} (${allowed})`);
      detailType = null;
    }
    const parent = cell(row, "parent");
    if (parent && parent.toLowerCase() === (code || name).toLowerCase()) ok = !fail(line, "parent", "an account cannot be its own parent");
    if (code) seen.set(code.toLowerCase(), line);
    if (ok) accounts.push({ line, code: code || null, name, type: type!, detailType, parent: parent || null });
  });
  return { accounts, errors };
}

/** The amount of a row: debit minus credit plus a signed amount; null when a cell is not an amount. */
export function rowAmount(
  row: string[],
  sheet: Sheet,
  r: ReturnType<typeof reader>,
  line: number,
  bothSides = "A line holds either a debit or a credit",
): bigint | null {
  let net = 0n;
  const sides: bigint[] = [];
  for (const field of ["debit", "credit", "amount"] as const) {
    const parsed = parseAmount(r.cell(row, field), sheet.numberFormat);
    if (!parsed.ok) {
      r.fail(line, field, parsed.error);
      return null;
    }
    const v = parsed.value ?? 0n;
    if (field !== "amount" && v !== 0n) sides.push(v);
    net += field === "credit" ? -v : v;
  }
  if (sides.length === 2) {
    r.fail(line, "debit", bothSides);
    return null;
  }
  return net;
}

/**
 * A journal row's tax (decision 112): its code, the part a tax line posts (1 to 9) and the taxable base; null when a
 * cell is refused (the fault named).
 */
function rowTax(
  row: string[],
  sheet: Sheet,
  r: ReturnType<typeof reader>,
  line: number,
): Pick<ImportLine, "taxCode" | "taxPart" | "taxBase"> | null {
  const code = r.cell(row, "tax_code");
  const part = r.cell(row, "tax_part");
  const base = parseAmount(r.cell(row, "tax_base"), sheet.numberFormat);
  if (code.length > 20) return (r.fail(line, "tax_code", "must be at most 20 characters"), null);
  if (part && !/^[1-9]$/.test(part)) return (r.fail(line, "tax_part", "must be a part number from 1 to 9"), null);
  if (part && !code) return (r.fail(line, "tax_code", "is required on a tax line (one with a tax part)"), null);
  if (!base.ok) return (r.fail(line, "tax_base", base.error), null);
  if (!code) return {};
  return { taxCode: code, ...(part ? { taxPart: Number(part) } : {}), ...(base.value != null ? { taxBase: base.value } : {}) };
}

/** Journal entries of a journal file: rows grouped by the entry column, else by date and reference. */
export async function buildJournal(
  sheet: Sheet,
  digest: (text: string) => string,
): Promise<{ entries: ImportEntry[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const r = reader(sheet, errors);
  const groups = new Map<string, { key: string; line: number; date: string; reference: string; rows: ImportLine[]; texts: string[] }>();
  const byKey = sheet.mapping.entry !== undefined;
  const latest = latestEntryDate();
  const refs = new Map<string, string>();
  await r.each((row, line) => {
    const date = parseDate(r.cell(row, "date"), sheet.dateFormat);
    if (!date.ok) return r.fail(line, "date", r.cell(row, "date") === "" ? "is required" : date.error);
    if (date.value < EARLIEST_ENTRY_DATE) return r.fail(line, "date", "must not be before 1900-01-01");
    if (date.value > latest) return r.fail(line, "date", "must not be more than one year ahead");
    const account = r.cell(row, "account");
    if (!account) return r.fail(line, "account", "is required");
    const reference = r.cell(row, "reference");
    if (reference.length > 100) return r.fail(line, "reference", "must be at most 100 characters");
    const description = r.cell(row, "description");
    if (description.length > 500) return r.fail(line, "description", "must be at most 500 characters");
    const net = rowAmount(row, sheet, r, line);
    if (net === null) return;
    const key = byKey ? r.cell(row, "entry") : `${date.value}\u0000${reference}`;
    if (byKey && !key) return r.fail(line, "entry", "is required");
    let group = groups.get(key);
    if (!group) {
      group = { key: byKey ? key : reference || date.value, line, date: date.value, reference, rows: [], texts: [] };
      groups.set(key, group);
    } else if (group.date !== date.value) return r.fail(line, "date", `differs from the date of line ${group.line} (same entry)`);
    const external = r.cell(row, "external_ref");
    if (external) refs.set(key, external.slice(0, 200));
    const tax = rowTax(row, sheet, r, line);
    if (tax === null) return;
    group.texts.push([account, net, description].join("\u0001"));
    if (net === 0n) return; // a line of nothing moves no balance
    group.rows.push({
      line,
      account,
      accountName: r.cell(row, "account_name").slice(0, 200),
      description: description || null,
      debit: net > 0n ? net : 0n,
      credit: net < 0n ? -net : 0n,
      ...tax,
    });
  });

  const entries: ImportEntry[] = [];
  const seen = new Map<string, number>();
  const slices = timeSlices();
  for (const [k, g] of groups) {
    if (slices.due()) await slices.next();
    const debits = g.rows.reduce((s, l) => s + l.debit, 0n);
    const credits = g.rows.reduce((s, l) => s + l.credit, 0n);
    const firstLine = g.rows[0]?.line ?? g.line;
    if (g.rows.length < 2) r.fail(firstLine, "account", `Entry ${g.key} needs at least two lines with an amount`);
    else if (g.rows.length > MAX_LINES) r.fail(firstLine, "account", `Entry ${g.key} has more than ${MAX_LINES} lines`);
    else if (debits !== credits) {
      r.fail(firstLine, "debit", `Entry ${g.key} is not balanced: debits ${centsToDecimal(debits)}, credits ${centsToDecimal(credits)}`);
    } else {
      const description = g.rows.find((l) => l.description)?.description ?? (g.reference || `Imported entry ${g.key}`);
      let externalRef = refs.get(k);
      if (!externalRef) {
        const base = digest([byKey ? g.key : "", g.date, g.reference, ...g.texts].join("\u0002"));
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        externalRef = n === 1 ? base : `${base}#${n}`;
      }
      entries.push({
        key: g.key,
        line: g.line,
        date: g.date,
        reference: g.reference || null,
        description,
        lines: g.rows.map((l) => ({ ...l, description: l.description === description ? null : l.description })),
        externalRef,
      });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { entries, errors };
}
