import Papa from "papaparse";

/**
 * The one CSV writer of the product (leads export, report CSV, the account's data export): RFC 4180 with CRLF line
 * ends, written by papaparse, made safe to open in a spreadsheet whatever its list separator (decision 082).
 *
 * - Text is never read as a formula: a cell, or any part of it after a `,` `;` tab, CR or LF, that starts with
 *   `=` `+` `-` `@` tab or CR gets a leading apostrophe, so that splitting the file on comma, semicolon or tab never
 *   yields a cell starting with a formula character (a spreadsheet in a `;` locale would run `Acme;=1+2`).
 * - Every text cell holding `,` `;` tab, a quote, CR or LF is quoted.
 * - Amounts the product computes (`csvAmount("-12.50")`) and numbers are written as they are, so that a
 *   spreadsheet reads them as numbers: they come from the books, not from typed text.
 */

/** An amount written as a plain number (a decimal string such as "-12.50"), not sanitized as text. */
export interface CsvAmount {
  readonly amount: string;
}

export type CsvCell = string | number | bigint | boolean | null | undefined | CsvAmount;

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** What starts a part of a cell: the cell's start, or a separator or line break before it. */
const SEPARATORS = ",;\t\r\n";
/**
 * A part a spreadsheet would run: a formula character first, after any apostrophes (those get one more, so that
 * reading back, `csvTextBack`, takes off exactly what was added).
 */
const FORMULA = /'*[=+\-@\t\r]/y;
const NEEDS_QUOTES = /[,;\t"\r\n]/;

function formulaAt(text: string, i: number): boolean {
  FORMULA.lastIndex = i;
  return FORMULA.test(text);
}

/** Marks a decimal string computed by the product as a number cell. */
export function csvAmount(decimal: string): CsvAmount {
  return { amount: decimal };
}

/** Text as it is written in a cell: an apostrophe before each part that starts like a formula (see above). */
export function csvText(text: string): string {
  let out = "";
  let partStart = true;
  for (let i = 0; i < text.length; i++) {
    if (partStart && formulaAt(text, i)) out += "'";
    out += text[i];
    partStart = SEPARATORS.includes(text[i]!);
  }
  return out;
}

/** The text a cell written by `csvText` held (an importer reading the product's own files back). */
export function csvTextBack(cell: string): string {
  let out = "";
  let partStart = true;
  for (let i = 0; i < cell.length; i++) {
    if (partStart && cell[i] === "'" && formulaAt(cell, i + 1)) {
      partStart = false;
      continue;
    }
    out += cell[i];
    partStart = SEPARATORS.includes(cell[i]!);
  }
  return out;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "object") return DECIMAL.test(cell.amount) ? cell.amount : csvText(cell.amount);
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "bigint" || typeof cell === "boolean") return String(cell);
  return csvText(cell);
}

/** CSV text: the header row (unless null), then the rows; no line break after the last row. */
export function csvRows(header: readonly string[] | null, rows: readonly (readonly CsvCell[])[]): string {
  const data = rows.map((row) => row.map(cellText));
  return Papa.unparse(header ? { fields: header.map(csvText), data } : data, {
    newline: "\r\n",
    quotes: (value: unknown) => typeof value === "string" && NEEDS_QUOTES.test(value),
    escapeFormulae: false,
  });
}
