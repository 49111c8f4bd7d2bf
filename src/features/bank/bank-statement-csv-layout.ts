/**
 * How a bank CSV is read: its header row, date and number formats and which column holds what (the settings, with
 * the zod schema the form and the API share), and a guess of them from the rows.
 */
import { z } from "zod";
import { DELIMITERS, ENCODINGS } from "~/features/import-export/import.schema.ts";
import {
  BANK_DATE_FORMATS,
  detectBankDateFormat,
  detectNumberFormat,
  looksLikeBankDate,
  NUMBER_FORMATS,
  parseBankAmount,
  type NumberFormat,
} from "./bank-statement-values.ts";

const column = z.number({ error: "a column is a number" }).int().min(0).max(200);

const mappingSchema = z
  .object({
    date: column,
    valueDate: column.optional(),
    description: z.array(column).max(20),
    payee: column.optional(),
    reference: column.optional(),
    bankId: column.optional(),
    /** Signed amount; with `direction`, unsigned and its sign in that column (D/C, DBIT/CRDT, S/H, -/+). */
    amount: column.optional(),
    debit: column.optional(),
    credit: column.optional(),
    direction: column.optional(),
    /** The running balance after each row. */
    balance: column.optional(),
    /** Columns that repeat the statement's opening and closing balance on every row (CSB43 as CSV). */
    opening: column.optional(),
    closing: column.optional(),
  })
  .superRefine((m, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if ((m.debit === undefined) !== (m.credit === undefined)) issue("debit", "Choose both a debit and a credit column");
    else if ((m.amount === undefined) === (m.debit === undefined))
      issue("amount", "Choose an amount column, or a debit and a credit column");
    if (m.direction !== undefined && m.amount === undefined) issue("direction", "A debit/credit mark goes with an amount column");
  });

/** The settings a bank CSV is read with; the same schema checks the form and the API. */
export const bankCsvSettingsSchema = z.object({
  encoding: z.enum(ENCODINGS, { error: "encoding must be utf-8, windows-1252 or iso-8859-1" }),
  delimiter: z.enum(DELIMITERS, { error: "delimiter must be a comma, a semicolon or a tab" }),
  /** 0-based index of the header row; -1 when the file has none. Rows above it are the bank's notes. */
  headerRow: z.number().int().min(-1).max(1000),
  dateFormat: z.enum(BANK_DATE_FORMATS, { error: `dateFormat must be one of ${BANK_DATE_FORMATS.join(", ")}` }),
  numberFormat: z.enum(NUMBER_FORMATS, { error: `numberFormat must be one of ${NUMBER_FORMATS.join(" | ")}` }),
  mapping: mappingSchema,
});
export type BankCsvSettings = z.infer<typeof bankCsvSettingsSchema>;
export type BankCsvMapping = BankCsvSettings["mapping"];
export type BankCsvGuess = Omit<BankCsvSettings, "encoding" | "delimiter">;

const DIRECTION = /^(d|c|s|h|dr|cr|dbit|crdt|debit|credit|debet|soll|haben|af|bij|-|\+)$/i;
/** The side a debit/credit mark cell names: -1 money out, 1 money in, 0 not a mark. */
export const directionOf = (cell: string): -1 | 0 | 1 =>
  !DIRECTION.test(cell.trim()) ? 0 : /^(c|h|cr|crdt|credit|haben|bij|\+)$/i.test(cell.trim()) ? 1 : -1;

/** Header names of each field after `normalize`, in English, German, French, Dutch, Danish and Spanish. */
const NAMES = {
  date: "buchungstag buchungsdatum buchung datum date|transaction date|booking date|posting date|posted date|trans date|date operation|date d operation|date de l operation|date comptable|boekdatum|boekingsdatum|transactiedatum|dato|bogforingsdato|fecha|fecha operacion|fecha contable",
  valueDate: "valuta valutadatum wertstellung wertstellungsdatum|value date|date de valeur|date valeur|rentedatum|valutadato|fecha valor",
  amount: "betrag umsatz amount montant bedrag belob importe net netto|transaction amount|montant eur",
  debit: "debit debet soll ausgang ausgaben af cargo cargos debe|paid out|money out|withdrawal|withdrawals|montant debit",
  credit: "credit kredit haben eingang einnahmen bij abono abonos haber|paid in|money in|deposit|deposits|montant credit",
  balance: "saldo kontostand balance solde|saldo nach buchung|running balance|new balance",
  opening: "anfangssaldo beginsaldo|initial balance|opening balance|start balance|saldo inicial|solde initial",
  closing: "endsaldo schlusssaldo eindsaldo|final balance|closing balance|end balance|saldo final|solde final",
  payee:
    "zahlungsempfanger empfanger zahlungsbeteiligter auftraggeber name payee counterparty beneficiary beneficiaire tiers naam modtager navn beneficiario merchant|auftraggeber empfanger|name zahlungsbeteiligter|begunstigter zahlungspflichtiger|naam tegenpartij",
  description:
    "verwendungszweck buchungstext umsatzart vorgang description details detail memo narrative narration label libelle omschrijving mededelingen tekst beskrivelse text concepto descripcion note notes type particulars|item title|transaction type|booking text",
  reference:
    "kundenreferenz referenz reference ref referencia kenmerk betalingskenmerk eref reference1|operation number|numero d operation|check number|cheque number|end to end referenz",
  bankId: "fitid id transaktionsid|transaction id|transaktions id|bank reference|buchungs id|umsatz id",
};
const words = (list: string) => list.split("|").flatMap((part, i) => (i === 0 ? part.split(" ") : [part]));
const NAME_LISTS = Object.fromEntries(Object.entries(NAMES).map(([k, v]) => [k, words(v)])) as Record<keyof typeof NAMES, string[]>;

/** A header name without accents, `(€)`, `*in`, punctuation or case: `Zahlungsempfänger*in` → `zahlungsempfanger`. */
export const normalize = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\(.*?\)|\*\w+$/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const isAmount = (s: string, f: NumberFormat) => {
  const read = /\d/.test(s) ? parseBankAmount(s, f) : undefined;
  return read?.ok === true && read.value !== null;
};
const anyAmount = (s: string) => NUMBER_FORMATS.some((f) => isAmount(s, f));
/** Written as money: with decimals or a currency sign (not a count or an id). */
const isMoney = (s: string) => /[.,]\d{1,2}\)?-?(\s*[$€£]|\s+[A-Z]{3})?$|[$€£]/.test(s.trim());
const isDataRow = (row: string[]) => {
  const at = row.findIndex(looksLikeBankDate);
  return at >= 0 && row.some((c, i) => i !== at && anyAmount(c));
};
const filledCount = (row: string[] | undefined) => (row ?? []).filter((c) => c.trim() !== "").length;

/** The header row (or -1) and the first data row: where most of the rows from there have a date and a number. */
function findHeader(rows: string[][]): { header: number; first: number } {
  for (let i = 0; i < Math.min(rows.length, 100); i++) {
    if (!isDataRow(rows[i]!)) continue;
    const rest = rows.slice(i, i + 200);
    if (rest.filter(isDataRow).length * 2 <= rest.length) continue;
    const above = rows[i - 1];
    const isHeader = above !== undefined && filledCount(above) >= 2 && above.length * 2 >= rows[i]!.length;
    return { header: isHeader ? i - 1 : -1, first: i };
  }
  return { header: rows.length > 0 ? 0 : -1, first: rows.length > 0 ? 1 : 0 }; // no data: the first row names the columns
}

interface Profile {
  cells: string[];
  filled: string[];
  date: boolean;
  number: boolean;
  money: boolean;
  length: number;
}

/** Data rows a guess looks at: enough to tell the columns apart, and a big file costs no more than that. */
const GUESS_ROWS = 500;

/** The settings that most likely read these rows: header row, formats and mapping (check them before reading). */
export function guessBankCsv(rows: string[][]): BankCsvGuess {
  const { header, first } = findHeader(rows);
  const data = rows.slice(first, first + GUESS_ROWS).filter(isDataRow);
  const width = Math.max(rows[header]?.length ?? 0, ...data.map((r) => r.length));
  const cellsOf = (c: number) => data.map((r) => (r[c] ?? "").trim());
  const numeric = data.flatMap((r) => r.filter((c) => !looksLikeBankDate(c) && anyAmount(c)));
  let numberFormat = detectNumberFormat(numeric);
  const profiles: Profile[] = Array.from({ length: width }, (_, c) => {
    const cells = cellsOf(c);
    const filled = cells.filter((s) => s !== "");
    // Most, not all: a short row (ING's "Rente") puts its currency under the amount, a bad cell is the reader's to name.
    const number = filled.filter((s) => isAmount(s, numberFormat)).length * 2 >= filled.length;
    const length = filled.reduce((n, s) => n + s.length, 0) / Math.max(1, filled.length);
    const money = filled.length > 0 && number && filled.filter(isMoney).length * 2 >= filled.length;
    // An empty column is no evidence against its name (a statement without transactions still maps by its header).
    return { cells, filled, date: filled.every(looksLikeBankDate), number, money, length };
  });
  const names = (header >= 0 ? rows[header]! : []).map(normalize);
  const used = new Set<number>();
  const pick = (field: keyof typeof NAMES, fits: (p: Profile) => boolean): number | undefined => {
    for (const name of NAME_LISTS[field]) {
      const at = names.findIndex((n, c) => n === name && !used.has(c) && profiles[c] !== undefined && fits(profiles[c]));
      if (at >= 0) return take(at);
    }
    return undefined;
  };
  const take = (c: number | undefined) => (c === undefined ? c : (used.add(c), c));
  const firstWhere = (fits: (p: Profile) => boolean) => {
    const at = profiles.findIndex((p, c) => !used.has(c) && fits(p));
    return at < 0 ? undefined : take(at);
  };
  const mapping: Partial<BankCsvMapping> = {};
  const set = <K extends keyof BankCsvMapping>(k: K, v: BankCsvMapping[K] | undefined) => {
    if (v !== undefined) mapping[k] = v;
  };

  const isDate = (p: Profile) => p.date;
  const hasDates = (p: Profile) => p.filled.length > 0 && p.date;
  const isNumber = (p: Profile) => p.number;
  const anyColumn = () => true;
  set("valueDate", pick("valueDate", isDate));
  set("date", pick("date", isDate) ?? firstWhere(hasDates));
  if (mapping.date === undefined) [mapping.date, mapping.valueDate] = [mapping.valueDate, undefined];
  if (mapping.valueDate === undefined) delete mapping.valueDate;
  if (mapping.valueDate === undefined && header < 0) set("valueDate", firstWhere(hasDates));
  set("opening", pick("opening", isNumber));
  set("closing", pick("closing", isNumber));
  set("amount", pick("amount", isNumber));
  if (mapping.amount === undefined) {
    set("debit", pick("debit", isNumber));
    set("credit", pick("credit", isNumber));
  }
  set("balance", pick("balance", isNumber));
  if (mapping.amount === undefined && (mapping.debit === undefined || mapping.credit === undefined)) {
    for (const side of ["debit", "credit"] as const) {
      if (mapping[side] !== undefined) used.delete(mapping[side]);
      delete mapping[side];
    }
    guessMoney(profiles, used, mapping);
  }
  if (mapping.amount !== undefined && profiles[mapping.amount]!.filled.every((s) => !s.includes("-"))) {
    const marks = (p: Profile) => p.filled.length > 0 && p.filled.every((s) => directionOf(s) !== 0);
    set("direction", firstWhere(marks));
  }
  set("payee", pick("payee", anyColumn));
  set("reference", pick("reference", anyColumn));
  set("bankId", pick("bankId", anyColumn));
  const described: number[] = [];
  for (let c = pick("description", anyColumn); c !== undefined; c = pick("description", anyColumn)) described.push(c);
  if (described.length === 0) {
    const text = profiles.map((p, c) => ({ p, c })).filter(({ p, c }) => !used.has(c) && !p.date && !p.number && p.filled.length > 0);
    const longest = text.sort((a, b) => b.p.length - a.p.length)[0];
    if (longest) described.push(longest.c);
  }
  mapping.description = described.sort((a, b) => a - b);

  const money = [mapping.amount, mapping.debit, mapping.credit, mapping.balance].filter((c) => c !== undefined);
  if (money.length > 0) numberFormat = detectNumberFormat(money.flatMap(cellsOf));
  const dates = [mapping.date, mapping.valueDate].filter((c) => c !== undefined).flatMap(cellsOf);
  const dateFormat = detectBankDateFormat(dates, numberFormat !== "1,234.56");
  return { headerRow: header, dateFormat, numberFormat, mapping: { date: 0, ...mapping, description: mapping.description } };
}

/** Without names: two money columns filled by turns are debit and credit; else the first money column is the amount. */
function guessMoney(profiles: Profile[], used: Set<number>, mapping: Partial<BankCsvMapping>) {
  const money = profiles.map((p, c) => ({ p, c })).filter(({ p, c }) => p.money && !used.has(c));
  const full = money.filter(({ p }) => p.filled.length === p.cells.length);
  const sparse = money.filter(({ p }) => p.filled.length < p.cells.length);
  const pair = sparse
    .flatMap((a, i) => sparse.slice(i + 1).map((b) => [a, b] as const))
    .find(([a, b]) => a.p.cells.every((s, r) => (s === "") !== (b.p.cells[r] === "")));
  if (pair) {
    const negative = (x: { p: Profile }) => x.p.filled.every((s) => s.includes("-"));
    const [debit, credit] = negative(pair[1]) && !negative(pair[0]) ? [pair[1], pair[0]] : pair;
    mapping.debit = debit.c;
    mapping.credit = credit.c;
    [debit.c, credit.c].forEach((c) => used.add(c));
    if (mapping.balance === undefined && full.length > 0) used.add((mapping.balance = full.at(-1)!.c));
    return;
  }
  const [amount, ...rest] = full.length > 0 ? full : money;
  if (!amount) return;
  mapping.amount = amount.c;
  used.add(amount.c);
  if (mapping.balance === undefined && rest.length > 0) used.add((mapping.balance = rest.at(-1)!.c));
}
