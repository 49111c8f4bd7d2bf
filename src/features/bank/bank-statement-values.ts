/**
 * Dates, amounts and texts as bank files write them, on top of the accounting import's readers
 * (`import-values.ts`): two-digit years, `dd-mm-yyyy`, `07 Nov 2013`, SWIFT amounts (`9,`), currency codes after an
 * amount, and the decoding of a file's bytes. Pure functions, shared by the bank parsers and their tests.
 */
import {
  DATE_FORMATS,
  detectNumberFormat,
  NUMBER_FORMATS,
  parseAmount,
  parseDate,
  type DateFormat,
  type NumberFormat,
  type Parsed,
} from "~/features/import-export/index.ts";

// The one place the bank parsers reach into the accounting import's readers: the others take them from here.
export { detectNumberFormat, NUMBER_FORMATS, type NumberFormat, type Parsed };

/** The date formats a bank CSV may use: the import's four, then two-digit years, dashes and month names. */
export const BANK_DATE_FORMATS = [...DATE_FORMATS, "01.03.26", "03/01/26", "01/03/26", "01-03-2026", "1 Mar 2026"] as const;
export type BankDateFormat = (typeof BANK_DATE_FORMATS)[number];

const fail = (error: string): Parsed<never> => ({ ok: false, error });

/** The four-digit year of a two-digit one: 69-99 are 1969-1999, 00-68 are 2000-2068 (as POSIX `%y`). */
export const expandYear = (yy: number) => (yy >= 69 ? 1900 + yy : 2000 + yy);

/** YYYY-MM-DD of a year, month and day; a day that does not exist is refused. */
export function toIsoDate(year: number, month: number, day: number): Parsed<string> {
  const read = parseDate(`${day}.${month}.${String(year).padStart(4, "0")}`, "01.03.2026");
  return read.ok ? read : fail("is not a real date");
}

/** Month numbers by the first three letters of their English, German, French, Dutch, Danish or Spanish name. */
const MONTHS: Record<string, number> = {
  jan: 1, ene: 1, feb: 2, fév: 2, fev: 2, mar: 3, mär: 3, mrz: 3, maa: 3, apr: 4, avr: 4, abr: 4, may: 5, mai: 5, mei: 5,
  jun: 6, jui: 6, jul: 7, aug: 8, aoû: 8, aou: 8, ago: 8, sep: 9, oct: 10, okt: 10, nov: 11, dec: 12, dez: 12, déc: 12, dic: 12,
}; // prettier-ignore

/** The formats that are not the import's: a pattern and where the day, month and year are in it. */
const EXTRA: Record<Exclude<BankDateFormat, DateFormat>, { re: RegExp; day: number; month: number }> = {
  "01.03.26": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, day: 1, month: 2 },
  "03/01/26": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, day: 2, month: 1 },
  "01/03/26": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, day: 1, month: 2 },
  "01-03-2026": { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, day: 1, month: 2 },
  "1 Mar 2026": { re: /^(\d{1,2})[ .-]+(\p{L}{3,9})\.?[ .-]+(\d{4}|\d{2})$/u, day: 1, month: 2 },
};

const isImportFormat = (f: BankDateFormat): f is DateFormat => (DATE_FORMATS as readonly string[]).includes(f);

/** YYYY-MM-DD of a date written in the given format (two-digit years as `expandYear`). */
export function parseBankDate(text: string, format: BankDateFormat): Parsed<string> {
  if (isImportFormat(format)) return parseDate(text, format);
  const { re, day, month } = EXTRA[format];
  const m = re.exec(text.trim());
  if (!m) return fail(`is not a date in the format ${format}`);
  const monthText = m[month]!;
  const monthNumber = /^\d+$/.test(monthText) ? Number(monthText) : MONTHS[monthText.slice(0, 3).toLowerCase()];
  if (monthNumber === undefined) return fail(`is not a date in the format ${format} (unknown month)`);
  const year = m[3]!.length === 2 ? expandYear(Number(m[3])) : Number(m[3]);
  const read = toIsoDate(year, monthNumber, Number(m[day]));
  return read.ok ? read : fail(`is not a real date (format ${format})`);
}

/** True when the text reads as a date in some bank date format. */
export const looksLikeBankDate = (text: string) => text.trim() !== "" && BANK_DATE_FORMATS.some((f) => parseBankDate(text, f).ok);

const monthFirst = (f: BankDateFormat) => f === "03/01/2026" || f === "03/01/26";

/**
 * The date format that reads the most of the samples. A tie between day first and month first (every day at most
 * 12) goes to month first, unless `dayFirst` says the file is European (a decimal comma, a German header).
 */
export function detectBankDateFormat(samples: string[], dayFirst = false): BankDateFormat {
  const filled = samples.map((s) => s.trim()).filter((s) => s !== "");
  const order = dayFirst ? [...BANK_DATE_FORMATS].sort((a, b) => Number(monthFirst(a)) - Number(monthFirst(b))) : BANK_DATE_FORMATS;
  let chosen: BankDateFormat = order[0]!;
  let score = -1;
  for (const f of order) {
    const n = filled.filter((s) => parseBankDate(s, f).ok).length;
    if (n > score) [chosen, score] = [f, n];
  }
  return chosen;
}

/** Cents of an amount cell: as `parseAmount`, also with a currency code after it (`4.093,32 EUR`). */
export function parseBankAmount(text: string, format: NumberFormat): Parsed<bigint | null> {
  // Not `/\s+[A-Z]{3}\s*$/`: on a long run of spaces it goes back over the run from each of its spaces.
  const trimmed = text.trimEnd();
  return parseAmount(/^\s[A-Z]{3}$/.test(trimmed.slice(-4)) ? trimmed.slice(0, -3).trimEnd() : text, format);
}

/** Cents of a SWIFT amount: digits, a decimal comma, at most 2 decimals (`1234,5`, `9,`). */
export function parseSwiftAmount(text: string): Parsed<bigint> {
  if (!/^\d{1,15},\d*$/.test(text)) return fail("is not a SWIFT amount (digits and a decimal comma)");
  const read = parseAmount(text, "1.234,56");
  return read.ok ? { ok: true, value: read.value ?? 0n } : read;
}

/** YYYY-MM-DD of a SWIFT date, YYMMDD. */
export function parseSwiftDate(text: string): Parsed<string> {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return fail("is not a date (YYMMDD)");
  return toIsoDate(expandYear(Number(m[1])), Number(m[2]), Number(m[3]));
}

const startsWith = (b: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => b[i] === byte);

/**
 * A file's text: UTF-8 (or UTF-16 with a byte order mark) when the bytes are valid as such, else Windows-1252,
 * whatever the file declares (OFX 1.x files say `CHARSET:1252` and hold UTF-8, or `USASCII` and hold Latin-1).
 */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xff, 0xfe)) return new TextDecoder("utf-16le").decode(bytes);
  if (startsWith(bytes, 0xfe, 0xff)) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** One line of text: runs of white space made one space, trimmed. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The non-empty parts, each made one line, joined by " — ". */
export const joinText = (parts: readonly (string | undefined)[]) =>
  parts
    .map((p) => oneLine(p ?? ""))
    .filter((p) => p !== "")
    .join(" — ");
