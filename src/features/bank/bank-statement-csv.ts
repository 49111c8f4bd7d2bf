/**
 * A bank's CSV export read with its settings (`csv-layout.ts`) into one statement: the rows come from the accounting
 * import's `readCsv` (encoding and delimiter already handled); balances from the bank's notes above (or below) the
 * data, from columns repeating them, or from a running balance column.
 */
import { timeSlices } from "~/server/time-slices.ts";
import { StatementReadError, type ParsedFile, type ParsedStatement, type StatedBalance, type StatementLine } from "./bank-statement.ts";
import { bankCsvSettingsSchema, directionOf, type BankCsvSettings } from "./bank-statement-csv-layout.ts";
import { BANK_DATE_FORMATS, joinText, oneLine, parseBankAmount, parseBankDate, type Parsed } from "./bank-statement-values.ts";

export { bankCsvSettingsSchema, guessBankCsv, type BankCsvSettings } from "./bank-statement-csv-layout.ts";

interface Row {
  line: StatementLine;
  balance?: bigint;
}

/** What the bank's notes state: `Saldo;66.331,90;EUR`, `Kontostand vom 09.12.2025: 4.093,32 €`, an IBAN. */
interface Notes {
  opening?: StatedBalance;
  closing?: StatedBalance;
  currency?: string;
  account?: string;
}

const BALANCE = /\b(saldo|kontostand|balance|solde|saldi|beholdning)\b/i;
const OPENING = /\b(start|opening|begin\w*|anfang\w*|alter?|initial|d[ée]but|ouverture|vorherig\w*|previous|inicial|anterior|old)\b/i;
const IBAN = /\b([A-Z]{2}\d{2}[A-Z0-9]{11,30})\b/;

/** The first date among the words of a label, in the file's format or any with a four-digit year. */
function dateIn(label: string, format: BankCsvSettings["dateFormat"]): string | undefined {
  for (const word of label.split(/[\s:;,()]+/)) {
    for (const f of [format, ...BANK_DATE_FORMATS]) {
      const read = parseBankDate(word, f);
      if (read.ok) return read.value;
    }
  }
  return undefined;
}

/** A stated balance in a row of notes: a label naming a balance, then an amount (in a later cell or after a colon). */
function balanceIn(
  row: string[],
  settings: BankCsvSettings,
): { kind: "opening" | "closing"; balance: StatedBalance; currency?: string } | null {
  const tries = row.flatMap((cell, k) => {
    const colon = cell.lastIndexOf(":");
    const inCell = colon > 0 ? [{ label: [...row.slice(0, k), cell.slice(0, colon)].join(" "), text: cell.slice(colon + 1), k }] : [];
    return [{ label: row.slice(0, k).join(" "), text: cell, k }, ...inCell];
  });
  for (const { label, text, k } of tries) {
    if (!BALANCE.test(label)) continue;
    const read = parseBankAmount(text, settings.numberFormat);
    if (!read.ok || read.value === null) continue;
    const date = dateIn(label, settings.dateFormat);
    const rest = [text, ...row.slice(k + 1)].join(" ");
    const currency = /\b([A-Z]{3})\b/.exec(rest)?.[1] ?? (rest.includes("€") ? "EUR" : rest.includes("£") ? "GBP" : undefined);
    return {
      kind: OPENING.test(label) ? "opening" : "closing",
      balance: { cents: read.value, ...(date ? { date } : {}) },
      ...(currency ? { currency } : {}),
    };
  }
  return null;
}

/** Adds what a row of notes states (the first opening and closing found win). */
function note(notes: Notes, row: string[], settings: BankCsvSettings): boolean {
  const found = balanceIn(row, settings);
  if (found) {
    notes[found.kind] ??= found.balance;
    notes.currency ??= found.currency;
  }
  const iban = row.map((c) => IBAN.exec(c.replace(/\s/g, ""))?.[1]).find((x) => x);
  if (iban && !found) notes.account ??= iban;
  return found !== null;
}

/** Reads cells of a row; `describe` gives the description cells (they move when a row lacks a field among them). */
interface View {
  cell: (column: number) => string;
  describe: () => string[];
}

/** The views a row may be read in: as is, and, when it is short, with the missing fields among the description's. */
function viewsOf(row: string[], width: number, settings: BankCsvSettings): View[] {
  const described = settings.mapping.description;
  const plain: View = { cell: (c) => row[c] ?? "", describe: () => described.map((c) => row[c] ?? "") };
  const missing = width - row.length;
  if (missing <= 0 || described.length === 0) return [plain];
  const lo = Math.min(...described);
  const hi = Math.max(...described);
  const others = Object.entries(settings.mapping).filter(([k, v]) => k !== "description" && typeof v === "number" && v >= lo && v <= hi);
  if (others.length > 0 || hi - lo + 1 < missing) return [plain];
  // ING leaves Buchungstext out (6 fields for 7): the columns after the description move left.
  const shifted: View = { cell: (c) => (c > hi ? row[c - missing] : row[c]) ?? "", describe: () => row.slice(lo, hi - missing + 1) };
  return [plain, shifted];
}

function readRow(view: View, line: number, settings: BankCsvSettings, columnName: (c: number) => string): Row {
  const m = settings.mapping;
  const fail = (c: number, why: string) =>
    new StatementReadError(line, `Line ${line}, column ${columnName(c)}: ${view.cell(c).trim() ? `"${view.cell(c).trim()}" ` : ""}${why}`);
  const get = <T>(c: number, read: (text: string) => Parsed<T>): T => {
    const r = read(view.cell(c));
    if (!r.ok) throw fail(c, r.error);
    return r.value;
  };
  const date = get(m.date, (t) => parseBankDate(t, settings.dateFormat));
  const valueText = m.valueDate === undefined ? "" : view.cell(m.valueDate).trim();
  const valueDate = valueText ? get(m.valueDate!, (t) => parseBankDate(t, settings.dateFormat)) : undefined;
  const money = (c: number) => get(c, (t) => parseBankAmount(t, settings.numberFormat));
  let cents: bigint;
  if (m.amount !== undefined) {
    const amount = money(m.amount);
    if (amount === null) throw fail(m.amount, "is empty");
    cents = amount;
    if (m.direction !== undefined) {
      const side = directionOf(view.cell(m.direction));
      if (side === 0) throw fail(m.direction, "is not a debit/credit mark (D/C, DBIT/CRDT, S/H, Debit/Credit, -/+)");
      cents = BigInt(side) * (amount < 0n ? -amount : amount);
    }
  } else {
    const debit = money(m.debit!);
    const credit = money(m.credit!);
    if (debit === null && credit === null) {
      throw new StatementReadError(line, `Line ${line}, columns ${columnName(m.debit!)} and ${columnName(m.credit!)}: both are empty`);
    }
    // A debit is money out whether the bank writes it -50,00 or 50,00.
    cents = (credit ?? 0n) - (debit === null ? 0n : debit < 0n ? -debit : debit);
  }
  const balance = m.balance === undefined ? null : money(m.balance);
  const text = (c: number | undefined) => (c === undefined ? "" : oneLine(view.cell(c)));
  const [payee, reference, bankId] = [text(m.payee), text(m.reference), text(m.bankId)];
  return {
    line: {
      line,
      date,
      ...(valueDate && valueDate !== date ? { valueDate } : {}),
      amountCents: cents,
      description: joinText(view.describe()),
      ...(payee ? { payee } : {}),
      ...(reference ? { reference } : {}),
      ...(bankId ? { bankId } : {}),
    },
    ...(balance !== null ? { balance } : {}),
  };
}

/** Opening and closing from a running balance: the rows in date order (newest-first files turned round). */
function fromRunningBalance(rows: Row[]): Pick<ParsedStatement, "opening" | "closing"> {
  const newestFirst = rows.length > 1 && rows[0]!.line.date > rows.at(-1)!.line.date;
  const chrono = newestFirst ? [...rows].reverse() : rows;
  const first = chrono.findIndex((r) => r.balance !== undefined);
  if (first < 0) return {};
  const last = chrono.findLastIndex((r) => r.balance !== undefined);
  const sum = (part: Row[]) => part.reduce((s, r) => s + r.line.amountCents, 0n);
  return {
    opening: { cents: chrono[first]!.balance! - sum(chrono.slice(0, first + 1)) },
    closing: { cents: chrono[last]!.balance! + sum(chrono.slice(last + 1)), date: chrono.at(-1)!.line.date },
  };
}

/**
 * One statement from a bank CSV's rows, read in time slices (other requests are served meanwhile). A row that cannot
 * be read throws a `StatementReadError` naming its line (the 1-based row as `readCsv` gives them: blank lines are not
 * counted) and its column.
 */
export async function readBankCsv(rows: string[][], settings: BankCsvSettings): Promise<ParsedFile> {
  const valid = bankCsvSettingsSchema.safeParse(settings);
  if (!valid.success) throw new StatementReadError(0, valid.error.issues[0]!.message);
  const { headerRow, mapping } = settings;
  const header = headerRow >= 0 ? rows[headerRow] : undefined;
  if (headerRow >= rows.length) throw new StatementReadError(0, `The file has no row ${headerRow + 1} to be its header`);
  const columnName = (c: number) => header?.[c]?.trim() || String(c + 1);
  const notes: Notes = {};
  for (const row of rows.slice(0, Math.max(0, headerRow))) note(notes, row, settings);
  const body = rows.map((row, i) => ({ row, line: i + 1 })).slice(headerRow + 1);
  const width = header?.length ?? body.reduce((w, b) => Math.max(w, b.row.length), 0);
  const read: Row[] = [];
  const slices = timeSlices();
  for (const { row, line } of body) {
    if (slices.due()) await slices.next();
    if (row.every((c) => c.trim() === "")) continue;
    const views = viewsOf(row, width, settings);
    let error: unknown;
    for (const view of views) {
      try {
        read.push(readRow(view, line, settings, columnName));
        error = undefined;
        break;
      } catch (e) {
        error ??= e;
      }
    }
    if (error === undefined) continue;
    if (note(notes, row, settings)) continue; // "Balance at start of period" below the data
    if (!(error instanceof StatementReadError) || row.length >= width) throw error;
    throw new StatementReadError(line, `${error.message} (the line has ${row.length} fields, the header ${width})`);
  }
  const first = read[0]?.line;
  const columns = (c: number | undefined): StatedBalance | undefined => {
    if (c === undefined || !first) return undefined;
    const r = parseBankAmount(rows[first.line - 1]?.[c] ?? "", settings.numberFormat);
    return r.ok && r.value !== null ? { cents: r.value } : undefined;
  };
  const running = fromRunningBalance(read);
  const opening = columns(mapping.opening) ?? notes.opening ?? running.opening;
  const closing = columns(mapping.closing) ?? notes.closing ?? running.closing;
  const statement: ParsedStatement = {
    ...(notes.account ? { account: notes.account } : {}),
    ...(notes.currency ? { currency: notes.currency } : {}),
    ...(opening ? { opening } : {}),
    ...(closing ? { closing } : {}),
    lines: read.map((r) => r.line),
  };
  return { format: "csv", statements: [statement] };
}
