/**
 * Quicken Interchange Format: `!Type:Bank` / `CCard` / `Cash` sections of records (D date, T or U amount, P payee,
 * M memo, N number, `^` ends one). QIF names no date format: the user says day first or month first.
 */
import { timeSlices } from "~/server/time-slices.ts";
import { MAX_STATEMENT_LINES } from "./bank.schema.ts";
import { quoted, StatementReadError, textLines, type ParsedFile, type ParsedStatement, type StatementLine } from "./bank-statement.ts";
import { formatCount } from "~/lib/format.ts";
import {
  decodeText,
  detectNumberFormat,
  expandYear,
  joinText,
  oneLine,
  parseBankAmount,
  toIsoDate,
  type NumberFormat,
  type Parsed,
} from "./bank-statement-values.ts";

export type QifDateOrder = "mdy" | "dmy";

/** Sections that hold a bank account's transactions (investment, category and class lists are skipped). */
const BANK_TYPES = /^!Type:(Bank|CCard|Cash|Oth\s?A|Oth\s?L)\s*$/i;
/** `8/12/13`, `8/12'13`, `12.01.2025`, `1- 5-04`, `12/31' 9`: two numbers, then the year after `/ . - '`. */
const DATE = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*['/.-]\s*(\d{1,4})$/;

interface Line {
  no: number;
  text: string;
}

/** The file's lines, trimmed and numbered, one at a time. */
function* linesOf(bytes: Uint8Array): Generator<Line> {
  let no = 0;
  for (const text of textLines(decodeText(bytes))) yield { no: ++no, text: text.trim() };
}

/** YYYY-MM-DD of a QIF date in the given order; a year of one or two digits is in 1969-2068. */
export function parseQifDate(text: string, order: QifDateOrder): Parsed<string> {
  const m = DATE.exec(text.trim());
  if (!m) return { ok: false, error: "is not a QIF date (such as 8/12/13, 8/12'13 or 12.08.2013)" };
  const [first, second] = [Number(m[1]), Number(m[2])];
  const year = m[3]!.length <= 2 ? expandYear(Number(m[3])) : Number(m[3]);
  const read = order === "dmy" ? toIsoDate(year, second, first) : toIsoDate(year, first, second);
  return read.ok ? read : { ok: false, error: `is not a real date (${order === "dmy" ? "day first" : "month first"})` };
}

/**
 * Day first or month first, from the dates: a first number above 12 means day first, a second one month first.
 * Dates written with dots are day first. Null when the dates do not tell (or contradict each other).
 */
export async function qifDateOrderGuess(bytes: Uint8Array): Promise<QifDateOrder | null> {
  let [dayFirst, monthFirst, dates, dotted] = [false, false, 0, 0];
  const slices = timeSlices();
  for (const { text } of linesOf(bytes)) {
    if (slices.due()) await slices.next();
    if (!text.startsWith("D")) continue;
    const m = DATE.exec(text.slice(1).trim());
    if (!m) continue;
    dates++;
    if (m[0].includes(".")) dotted++;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? "dmy" : "mdy";
  if (!dayFirst && dates > 0 && dotted === dates) return "dmy";
  return null;
}

interface Record_ {
  line: number;
  fields: Map<string, { text: string; line: number }>;
}

/** The records of each bank section, with the account name an `!Account` block gave it. */
async function readSections(lines: Iterable<Line>): Promise<{ account?: string; records: Record_[] }[]> {
  const sections: { account?: string; records: Record_[] }[] = [];
  let section: { account?: string; records: Record_[] } | undefined;
  let inAccount = false;
  let account: string | undefined;
  let record: Record_ | undefined;
  let records = 0;
  const slices = timeSlices();
  for (const { no, text } of lines) {
    if (slices.due()) await slices.next();
    if (text.startsWith("!")) {
      if (record && section) section.records.push(record);
      record = undefined;
      inAccount = /^!Account/i.test(text);
      section = BANK_TYPES.test(text) ? { ...(account ? { account } : {}), records: [] } : undefined;
      if (section) sections.push(section);
      if (!/^!(Option|Clear)/i.test(text) && !inAccount) account = undefined;
      continue;
    }
    if (text === "") continue;
    if (text.startsWith("^")) {
      if (record && section) section.records.push(record);
      record = undefined;
      continue;
    }
    if (inAccount) {
      if (text.startsWith("N")) account = text.slice(1).trim();
      continue;
    }
    if (!section) continue;
    if (!record && ++records > MAX_STATEMENT_LINES) {
      throw new StatementReadError(no, `Line ${no}: the file holds more than ${formatCount(MAX_STATEMENT_LINES)} transactions`);
    }
    record ??= { line: no, fields: new Map() };
    const code = text[0]!;
    if (!record.fields.has(code)) record.fields.set(code, { text: text.slice(1).trim(), line: no });
  }
  if (record && section) section.records.push(record);
  return sections;
}

function readRecord(r: Record_, order: QifDateOrder, numberFormat: NumberFormat): StatementLine {
  const date = r.fields.get("D");
  const amount = r.fields.get("T") ?? r.fields.get("U");
  if (!date) throw new StatementReadError(r.line, `Line ${r.line}: the transaction has no date (D)`);
  if (!amount) throw new StatementReadError(r.line, `Line ${r.line}: the transaction has no amount (T)`);
  const day = parseQifDate(date.text, order);
  if (!day.ok) throw new StatementReadError(date.line, `Line ${date.line}: the date ${quoted(date.text)} ${day.error}`);
  const cents = parseBankAmount(amount.text, numberFormat);
  if (!cents.ok || cents.value === null) {
    const why = cents.ok ? "is empty" : cents.error;
    throw new StatementReadError(amount.line, `Line ${amount.line}: the amount ${quoted(amount.text)} ${why}`);
  }
  const payeeText = oneLine(r.fields.get("P")?.text ?? "");
  // Targobank packs "type ; name ; IBAN ; text ; …" into P: the name is the second part.
  const packed = payeeText.split(/\s+;\s+/);
  const payee = packed.length >= 3 ? packed[1]! : payeeText;
  const reference = oneLine(r.fields.get("N")?.text ?? "");
  return {
    line: r.line,
    date: day.value,
    amountCents: cents.value,
    description: joinText([payeeText, r.fields.get("M")?.text]),
    ...(payee ? { payee } : {}),
    ...(reference ? { reference } : {}),
  };
}

/** The bank, card and cash sections of a QIF file, one statement each (QIF states no balances). */
export async function parseQif(bytes: Uint8Array, dateOrder: QifDateOrder): Promise<ParsedFile> {
  const sections = await readSections(linesOf(bytes));
  if (sections.length === 0) {
    throw new StatementReadError(0, "The file is not a QIF bank statement: it has no !Type:Bank, !Type:CCard or !Type:Cash line");
  }
  // One number format for the file: `-1,000.00` is a thousands comma, `-62,30` a decimal comma.
  const amounts = sections.flatMap((s) => s.records.map((r) => (r.fields.get("T") ?? r.fields.get("U"))?.text ?? ""));
  const numberFormat = detectNumberFormat(amounts);
  const statements: ParsedStatement[] = [];
  const slices = timeSlices();
  for (const s of sections) {
    const lines: StatementLine[] = [];
    for (const r of s.records) {
      lines.push(readRecord(r, dateOrder, numberFormat));
      if (slices.due()) await slices.next();
    }
    statements.push({ ...(s.account ? { account: s.account } : {}), lines });
  }
  return { format: "qif", statements };
}
