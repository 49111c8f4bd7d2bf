import { createHash } from "node:crypto";
import { z } from "zod";
import { invalidInput, zodFields } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import { bodyChunks, CsvReadError, readCsv } from "~/features/import-export/index.server.ts";
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES, type StatementQuery } from "./bank.schema.ts";
import type { BankAccount } from "./bank.types.ts";
import { bankCsvSettingsSchema, type BankCsvSettings } from "./bank-statement-csv-layout.ts";
import { guessBankCsv, readBankCsv } from "./bank-statement-csv.ts";
import { parseCamt053 } from "./bank-statement-camt053.ts";
import { parseMt940 } from "./bank-statement-mt940.ts";
import { parseOfx } from "./bank-statement-ofx.ts";
import { parseQif, qifDateOrderGuess } from "./bank-statement-qif.ts";
import { StatementReadError, type ParsedFile, type ParsedStatement, type StatementFormat, type StatementLine } from "./bank-statement.ts";
import { detectStatementFormat } from "./bank-statement-format.ts";
import { sameAccount } from "./bank-statement-account.ts";
import { decodeText } from "./bank-statement-values.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { formatCount } from "~/lib/format.ts";

/** A statement file as read for one bank account: the statements chosen from it and their lines, in file order. */
export interface ReadStatement {
  format: StatementFormat;
  fileName: string;
  sha256: string;
  file: ParsedFile;
  chosen: number | null;
  statements: ParsedStatement[];
  lines: StatementLine[];
  csv: { settings: BankCsvSettings; rows: string[][] } | null;
  /** In a preview, what stops a CSV from being read with these settings (the import refuses it). */
  error: string | null;
}

/** The request body, whole (statements are small; the mount caps the body and this counts again). */
export async function readBody(body: ReadableStream<Uint8Array> | null): Promise<Buffer> {
  if (!body) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(body)) {
    size += chunk.byteLength;
    if (size > MAX_STATEMENT_BYTES) throw invalidInput({ file: "The file is larger than 20 MB" }, "The file is larger than 20 MB");
    parts.push(chunk);
  }
  if (size === 0) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  return Buffer.concat(parts);
}

const tooManyLines = (fileName: string) =>
  `${fileName}: more than ${formatCount(MAX_STATEMENT_LINES)} transactions: split the statement into smaller files`;

/** "<file>, line 12: …" or "<file>, line 12, column Betrag: …" from a reader's "Line 12…" message. */
const unreadable = (fileName: string, err: StatementReadError) => {
  const rest = err.message.replace(/^Line \d+/i, "");
  const detail = rest.startsWith(",") ? rest : `: ${rest.replace(/^:\s*/, "")}`;
  const message = err.line > 0 ? `${fileName}, line ${err.line}${detail}` : `${fileName}${detail}`;
  return invalidInput({ file: message }, message);
};

async function readCsvStatement(
  bytes: Buffer,
  account: BankAccount & { csv_settings?: unknown },
  q: StatementQuery & { lenient?: boolean },
  fileName: string,
) {
  const given = q.csv === undefined ? null : parseCsvSettings(q.csv);
  let csvRows;
  try {
    csvRows = await readCsv(
      (async function* () {
        // In pieces, as an upload arrives: the CSV parser reads a piece at a time (a whole file at once costs it time
        // that grows much faster than the file).
        for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
      })(),
      { encoding: given?.encoding, delimiter: given?.delimiter, maxRows: MAX_STATEMENT_LINES + 100 },
    );
  } catch (err) {
    if (!(err instanceof CsvReadError)) throw err;
    const message = err.tooManyRows ? tooManyLines(fileName) : `${fileName}: ${err.message}`;
    throw invalidInput({ [err.field === "encoding" ? "csv.encoding" : "file"]: message }, message);
  }
  const { rows, encoding, delimiter } = csvRows;
  if (rows.length === 0) throw new StatementReadError(0, "The file is empty");
  const kept = bankCsvSettingsSchema.safeParse(account.csv_settings);
  const remembered = kept.success && kept.data.encoding === encoding && kept.data.delimiter === delimiter ? kept.data : null;
  const settings: BankCsvSettings = given ?? remembered ?? { encoding, delimiter, ...guessBankCsv(rows) };
  const csv = { settings, rows: rows.slice(0, 30) };
  try {
    return { file: await readBankCsv(rows, settings), csv, error: null };
  } catch (err) {
    // The preview shows the layout it tried with what went wrong, so that the layout can be put right.
    if (err instanceof StatementReadError && q.lenient) return { file: { format: "csv" as const, statements: [] }, csv, error: err };
    throw err;
  }
}

function parseCsvSettings(text: string): BankCsvSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidInput({ csv: "The CSV layout must be JSON" });
  }
  const parsed = bankCsvSettingsSchema.safeParse(json);
  if (!parsed.success) {
    const fields = Object.fromEntries(Object.entries(zodFields(parsed.error as z.ZodError)).map(([k, v]) => [`csv.${k}`, v]));
    throw invalidInput(fields);
  }
  return parsed.data;
}

/**
 * The file as UTF-8 bytes when it is UTF-16 with a byte order mark (some banks' exports are); a file with NUL bytes
 * besides is not text (a PDF, a picture, a spreadsheet), and is refused before any reader sees it.
 */
function textBytes(fileName: string, bytes: Buffer): Buffer {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const text = utf16 ? Buffer.from(decodeText(bytes).replace(/^\uFEFF/, ""), "utf8") : bytes;
  if (text.subarray(0, 64 * 1024).includes(0)) {
    const message = `${fileName}: this is not a bank statement (CSV, OFX, QFX, camt.053, MT940 or QIF text)`;
    throw invalidInput({ file: message }, message);
  }
  return text;
}

/** The statements of the file that belong to this account: one account's, or the one the caller chose. */
function choose(
  file: ParsedFile,
  account: BankAccount,
  wanted: number | undefined,
): { chosen: number | null; statements: ParsedStatement[] } {
  if (wanted !== undefined) {
    const s = file.statements[wanted];
    if (!s) throw invalidInput({ statement: `The file holds ${file.statements.length} statement(s)` });
    return { chosen: wanted, statements: [s] };
  }
  const mine = account.number ?? "";
  if (mine) {
    const same = file.statements.filter((s) => sameAccount(s.account ?? "", mine));
    if (same.length > 0) return { chosen: null, statements: same };
  }
  const accounts = new Map<string, number>();
  for (const s of file.statements)
    if (s.lines.length > 0) accounts.set(s.account ?? "", (accounts.get(s.account ?? "") ?? 0) + s.lines.length);
  if (accounts.size > 1) {
    const list = [...accounts].map(([a, n]) => `${a || "no number"}: ${n} lines`).join(", ");
    const message = `The file holds statements of several accounts (${list}): choose one`;
    throw invalidInput({ statement: message }, message);
  }
  const [only] = [...accounts.keys()];
  return { chosen: null, statements: file.statements.filter((s) => only === undefined || (s.account ?? "") === only) };
}

/** Reads a statement file for a bank account; a file that cannot be read is a 400 naming the file and the line. */
export async function readStatement(
  account: BankAccount & { csv_settings?: unknown },
  body: ReadableStream<Uint8Array> | null,
  q: StatementQuery & { lenient?: boolean },
): Promise<ReadStatement> {
  const fileName = q.name || "statement";
  const bytes = textBytes(fileName, await readBody(body));
  const format = detectStatementFormat(bytes);
  let file: ParsedFile;
  let csv: ReadStatement["csv"] = null;
  let csvError: string | null = null;
  try {
    if (format === "csv") {
      const read = await readCsvStatement(bytes, account, q, fileName);
      ({ file, csv } = read);
      if (read.error) csvError = unreadable(fileName, read.error).message;
    } else if (format === "ofx") file = await parseOfx(bytes);
    else if (format === "camt053") file = await parseCamt053(bytes);
    else if (format === "mt940") file = await parseMt940(bytes);
    else {
      const order = q.qif_dates ?? (await qifDateOrderGuess(bytes));
      if (!order) {
        const message = `${fileName}: QIF files state no date format: choose month first or day first`;
        throw invalidInput({ qif_dates: message }, message);
      }
      file = await parseQif(bytes, order);
    }
  } catch (err) {
    if (err instanceof StatementReadError) throw unreadable(fileName, err);
    throw err;
  }
  const { chosen, statements } = choose(file, account, q.statement);
  for (const s of statements) {
    if (s.currency && s.currency.toUpperCase() !== account.currency) {
      const message = `${fileName}: the statement is in ${s.currency.toUpperCase()}; this bank account is kept in ${account.currency}`;
      throw invalidInput({ file: message }, message);
    }
  }
  const lines = statements.flatMap((s) => s.lines);
  if (lines.length > MAX_STATEMENT_LINES) throw invalidInput({ file: tooManyLines(fileName) }, tooManyLines(fileName));
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { format, fileName, sha256, file, chosen, statements, lines, csv, error: csvError };
}

/** A statement's stated balances against its lines. */
export function checkStatement(s: ParsedStatement) {
  const total = s.lines.reduce((sum, l) => sum + l.amountCents, 0n);
  const difference = s.opening && s.closing ? s.closing.cents - (s.opening.cents + total) : null;
  return {
    account: s.account ?? null,
    currency: s.currency ?? null,
    lines: s.lines.length,
    total: centsToDecimal(total),
    opening: s.opening ? centsToDecimal(s.opening.cents) : null,
    closing: s.closing ? centsToDecimal(s.closing.cents) : null,
    closing_date: s.closing?.date ?? null,
    difference: difference === null ? null : centsToDecimal(difference),
  };
}

/**
 * What makes a transaction the same in two files. With the bank's id: the id, the date and the amount (banks reuse
 * ids); without: the date, the amount and the text. Either way with its place among the file's lines that share that
 * (the second of two identical fees on one day stays a second line).
 */
export async function dedupeKeys(lines: readonly StatementLine[]): Promise<string[]> {
  const seen = new Map<string, number>();
  const slices = timeSlices();
  const keys: string[] = [];
  for (const l of lines) {
    if (slices.due()) await slices.next();
    const text = l.description.toLowerCase().replace(/\s+/g, " ").trim();
    const base = l.bankId
      ? `id\u001f${l.bankId}\u001f${l.date}\u001f${l.amountCents}`
      : `tx\u001f${l.date}\u001f${l.amountCents}\u001f${text}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    keys.push(createHash("sha256").update(`${base}\u001f${n}`).digest("hex").slice(0, 40));
  }
  return keys;
}
