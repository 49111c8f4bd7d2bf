/**
 * A bank statement as read from a file, whatever its format: what the parsers give and the import stores. Pure types
 * and helpers, shared by the parsers, the import service and their tests.
 */

export const STATEMENT_FORMATS = ["csv", "ofx", "camt053", "mt940", "qif"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** One transaction of a statement. Amounts are exact integer cents, signed from the account holder's side. */
export interface StatementLine {
  /** 1-based line of the file where the transaction starts (errors name it; the position tells duplicates apart). */
  line: number;
  /** Booking date, YYYY-MM-DD. */
  date: string;
  /** Value date when the file states one that differs, YYYY-MM-DD. */
  valueDate?: string;
  /** Money in is positive, money out negative. */
  amountCents: bigint;
  /** The bank's text for the transaction (payee, memo, remittance information), one line, trimmed. */
  description: string;
  /** The other party when the file names it separately. */
  payee?: string;
  /** Cheque number, end-to-end id or the customer's reference. */
  reference?: string;
  /** The bank's own id of the transaction (OFX FITID, camt AcctSvcrRef, MT940 bank reference). */
  bankId?: string;
  /** An OFX correction: this line replaces (or deletes) the transaction whose bank id is given. */
  correction?: { action: "replace" | "delete"; bankId: string };
}

/** A stated balance: the amount (signed, credit positive) and the date it is stated for. */
export interface StatedBalance {
  cents: bigint;
  date?: string;
}

/** One statement: a file may hold several (camt.053, MT940, OFX with a bank and a card statement). */
export interface ParsedStatement {
  /** The account as the file names it (IBAN, account number), when it does. */
  account?: string;
  /** ISO 4217 code when the file states one. */
  currency?: string;
  opening?: StatedBalance;
  closing?: StatedBalance;
  lines: StatementLine[];
}

export interface ParsedFile {
  format: StatementFormat;
  statements: ParsedStatement[];
}

/** A file that cannot be read: the message names what is wrong; `line` is 1-based (0 when the whole file is wrong). */
export class StatementReadError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The sum of a statement's lines, in cents. */
export const sumCents = (lines: readonly StatementLine[]) => lines.reduce((s, l) => s + l.amountCents, 0n);

/** A value of the file as a message quotes it, a long one cut: a refusal never echoes a whole file. */
export const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** The lines of a text, split at CR LF, CR or LF (as `split(/\r\n|\r|\n/)`), one at a time: nothing copied whole. */
export function* textLines(text: string): Generator<string> {
  const end = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = end.exec(text); m; m = end.exec(text)) {
    yield text.slice(start, m.index);
    start = end.lastIndex;
  }
  yield text.slice(start);
}
