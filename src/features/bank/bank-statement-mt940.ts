/**
 * SWIFT MT940 statements: with or without the `{1:}{2:}{4:` blocks or a bank's header lines, several statements per
 * file (`:20:` starts one), lines wrapped anywhere (a line without a `:NN:` tag continues the field before it).
 */
import { MAX_STATEMENT_LINES } from "./bank.schema.ts";
import { StatementReadError, type ParsedFile, type ParsedStatement, type StatedBalance, type StatementLine } from "./bank-statement.ts";
import { readFields, SUBFIELDS, type Field } from "./bank-statement-mt940-fields.ts";
import { decodeText, joinText, oneLine, parseSwiftAmount, parseSwiftDate, toIsoDate } from "./bank-statement-values.ts";
import { formatCount } from "~/lib/format.ts";

const bad = (f: Field, what: string, why: string) =>
  new StatementReadError(f.line, `Line ${f.line}: ${what} (:${f.tag}:) ${why}: "${oneLine(f.value).slice(0, 80)}"`);

/** An opening or closing balance: C/D, date YYMMDD, currency, amount. */
function readBalance(f: Field): StatedBalance & { currency: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})(\S+)$/.exec(f.value.trim());
  if (!m) throw bad(f, "the balance", "cannot be read");
  const date = parseSwiftDate(m[2]!);
  if (!date.ok) throw bad(f, "the balance", `date ${m[2]} ${date.error}`);
  const amount = parseSwiftAmount(m[4]!);
  if (!amount.ok) throw bad(f, "the balance", `amount ${m[4]} ${amount.error}`);
  return { cents: m[1] === "D" ? -amount.value : amount.value, date: date.value, currency: m[3]! };
}

/** The booking date MMDD in the year (before, of or after the value date's) that puts it nearest the value date. */
function entryDate(f: Field, valueDate: string, mmdd: string): string {
  const year = Number(valueDate.slice(0, 4));
  const value = Date.parse(valueDate);
  let best: string | undefined;
  for (const y of [year - 1, year, year + 1]) {
    const d = toIsoDate(y, Number(mmdd.slice(0, 2)), Number(mmdd.slice(2)));
    if (d.ok && (!best || Math.abs(Date.parse(d.value) - value) < Math.abs(Date.parse(best) - value))) best = d.value;
  }
  if (!best) throw bad(f, "the transaction", `entry date ${mmdd} is not a real date`);
  return best;
}

/** value date, entry date, mark (C, D, RC, RD), funds code, amount, type (N/F/S + 3), customer ref, //bank ref. */
const LINE61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d*)([NFS][A-Z0-9]{3})(.*)$/s;

function readTransaction(f: Field): StatementLine {
  const m = LINE61.exec(f.value.trim());
  if (!m) throw bad(f, "the transaction", "cannot be read");
  const value = parseSwiftDate(m[1]!);
  if (!value.ok) throw bad(f, "the transaction", `value date ${m[1]} ${value.error}`);
  const amount = parseSwiftAmount(m[5]!);
  if (!amount.ok) throw bad(f, "the transaction", `amount ${m[5]} ${amount.error}`);
  const date = m[2] ? entryDate(f, value.value, m[2]) : value.value;
  const [customer = "", rest] = m[7]!.split(/\/\/(.*)/s);
  const bankId = rest?.split("/")[0]?.slice(0, 16).trim();
  const reference = customer.trim().slice(0, 16);
  return {
    line: f.line,
    date,
    ...(date !== value.value ? { valueDate: value.value } : {}),
    amountCents: m[3] === "C" || m[3] === "RD" ? amount.value : -amount.value,
    description: joinText([m[6], reference]),
    ...(usefulReference(reference) ? { reference } : {}),
    ...(bankId ? { bankId } : {}),
  };
}

/** NONREF and a bare SEPA key (`KREF+`) are no reference. */
const usefulReference = (ref: string | undefined): ref is string => !!ref && ref !== "NONREF" && !/^[A-Z]{4}\+$/.test(ref);

interface Information {
  description: string;
  payee?: string;
  reference?: string;
}

const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|PURP|COAM|OAMT|SQTP|ORCR|ORMR)\+/g;

/** German sub-fields: ?00 posting text, ?20-?29 and ?60-?63 purpose (with SEPA keys EREF+ … SVWZ+), ?32-?33 name. */
function subfieldInformation(text: string): Information {
  const parts = new Map<number, string>();
  for (const [, code, value] of text.replace(/^\d{3}/, "").matchAll(/\?(\d{2})([^?]*)/g)) parts.set(Number(code), value!);
  const join = (codes: number[]) => codes.map((c) => parts.get(c) ?? "").join("");
  const purpose = join([20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63]);
  const keyed = new Map<string, string>();
  const marks = [...purpose.matchAll(SEPA_KEYS)];
  marks.forEach((k, i) => keyed.set(k[1]!, purpose.slice(k.index + k[0].length, marks[i + 1]?.index).trim()));
  const text_ = marks.length > 0 ? (keyed.get("SVWZ") ?? "") : purpose;
  const reference = [keyed.get("EREF"), keyed.get("KREF")].find((r) => r && r !== "NOTPROVIDED");
  const payee = oneLine(join([32, 33]));
  return {
    description: joinText([parts.get(0), text_]) || oneLine(purpose),
    ...(payee ? { payee } : {}),
    ...(reference ? { reference } : {}),
  };
}

const CODES =
  "RTRN|EREF|CNTP|REMI|MARF|CSID|BENM|ORDP|PREF|PURP|ULTC|ULTD|ULTB|EXCH|CHGS|SUM|TRCD|IREF|KREF|NAME|ADDR|ISDT|TRTP|IBAN|BIC|BUSP";

/** The text without the slashes at its end (and at its start): a loop, as `/\/+$/` goes back over every run of them. */
function trimSlashes(text: string, start: boolean): string {
  let [from, to] = [0, text.length];
  while (start && text[from] === "/") from++;
  while (to > from && text[to - 1] === "/") to--;
  return text.slice(from, to);
}

/** Codes as ING and ABN AMRO write them: `/EREF/id//CNTP/iban/bic/name/city//REMI/USTD//text/`. */
function codedInformation(text: string): Information {
  const codes = new Map<string, string>();
  const marks = [...text.matchAll(new RegExp(`/(${CODES})/`, "g"))];
  marks.forEach((k, i) => {
    const value = trimSlashes(text.slice(k.index + k[0].length, marks[i + 1]?.index), true);
    if (!codes.has(k[1]!)) codes.set(k[1]!, value);
  });
  const remi = trimSlashes((codes.get("REMI") ?? "").replace(/^(USTD|STRD)\/+([A-Z]{3}\/+)?/, ""), false);
  const payee = oneLine(codes.get("NAME") ?? codes.get("CNTP")?.split("/")[2] ?? "");
  const reference = [codes.get("EREF"), codes.get("PREF"), codes.get("KREF")].find((r) => r && r !== "NOTPROVIDED");
  const returned = codes.has("RTRN") ? `Return ${codes.get("RTRN")}` : undefined;
  return {
    description: joinText([returned, remi]) || payee || oneLine(text),
    ...(payee ? { payee } : {}),
    ...(reference ? { reference: oneLine(reference) } : {}),
  };
}

/** A readable description, the payee and a reference from the :86: field. */
export function readInformation(text: string): Information {
  const t = text.trim();
  if (SUBFIELDS.test(t)) return subfieldInformation(t);
  if (t.startsWith("/") && new RegExp(`/(${CODES})/`).test(t)) return codedInformation(t);
  return { description: oneLine(t) };
}

interface Draft extends ParsedStatement {
  line: number;
}

/** Checks a statement is whole and gives it its final shape. */
function finish(s: Draft): ParsedStatement {
  if (!s.opening) throw new StatementReadError(s.line, `Line ${s.line}: the statement has no opening balance (:60F:)`);
  if (!s.closing) {
    throw new StatementReadError(s.line, `Line ${s.line}: the statement has no closing balance (:62F:): is the file cut short?`);
  }
  const { line: _line, ...statement } = s;
  if (
    statement.account &&
    statement.currency &&
    statement.account.endsWith(statement.currency) &&
    /^[A-Z]{2}\d{2}/.test(statement.account)
  ) {
    statement.account = statement.account.slice(0, -3); // ING: NL77INGB0574908765EUR
  }
  return statement;
}

/**
 * The statements of an MT940 file (UTF-8, or Windows-1252 when not valid UTF-8). A file without any :20: or :61:
 * field is not MT940, whatever else is wrong with it; more than MAX_STATEMENT_LINES transactions are refused.
 */
export async function parseMt940(bytes: Uint8Array): Promise<ParsedFile> {
  const statements: ParsedStatement[] = [];
  let draft: Draft | undefined;
  let last: StatementLine | undefined; // the transaction a following :86: describes
  let transactions = 0;
  const read = (f: Field) => {
    if (f.tag === "20" || !draft) {
      if (draft) statements.push(finish(draft));
      draft = { line: f.line, lines: [] };
      last = undefined;
      if (f.tag === "20") return;
    }
    if (f.tag === "25") draft.account = oneLine(f.value);
    else if (f.tag === "60F" || f.tag === "60M") {
      const { currency, ...balance } = readBalance(f);
      draft.opening = balance;
      draft.currency = currency;
    } else if (f.tag === "62F" || f.tag === "62M") {
      const { currency: _c, ...balance } = readBalance(f);
      draft.closing = balance;
      last = undefined;
    } else if (f.tag === "61") {
      if (!draft.opening || draft.closing) throw bad(f, "the transaction", "is outside the opening and closing balances");
      if (++transactions > MAX_STATEMENT_LINES) {
        throw new StatementReadError(f.line, `Line ${f.line}: the file holds more than ${formatCount(MAX_STATEMENT_LINES)} transactions`);
      }
      last = readTransaction(f);
      draft.lines.push(last);
    } else if (f.tag === "86" && last) {
      const info = readInformation(f.value);
      Object.assign(last, info, { reference: info.reference ?? last.reference });
      if (last.reference === undefined) delete last.reference;
      last = undefined;
    }
  };
  // What is wrong before the first :20: or :61: is told only once the file shows it is MT940.
  let mt940 = false;
  let early: unknown;
  await readFields(decodeText(bytes), (f) => {
    if (!mt940 && (f.tag === "20" || f.tag === "61")) {
      mt940 = true;
      if (early) throw early;
    }
    if (early) return;
    try {
      read(f);
    } catch (err) {
      if (mt940) throw err;
      early = err;
    }
  });
  if (!mt940) throw new StatementReadError(0, "The file is not an MT940 statement: it has no :20: or :61: field");
  if (draft) statements.push(finish(draft));
  return { format: "mt940", statements };
}
