/*
 * The account a statement file names (camt.053 Acct/Id, MT940 :25:, OFX ACCTID, a CSV's IBAN) against the number a
 * bank account keeps (decision 092). Pure: the import compares them, the preview says what it found.
 */

/** Spaces, dots, dashes and slashes set aside, upper case. */
const compact = (s: string) => s.replace(/[\s./-]/g, "").toUpperCase();

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** The shortest account number an IBAN's tail is compared with: shorter ones would agree with too much. */
const MIN_NUMBER = 6;

const withoutZeros = (s: string) => s.replace(/^0+/, "");

/**
 * Whether two identifiers name the same account. Equal once spaces, dots, dashes, slashes and case are set aside; two
 * IBANs only then. An IBAN and an account number written without it (MT940's "bank code/number", an OFX ACCTID) are
 * the same when the IBAN's national part (after the country and check digits) ends with that number, leading zeros
 * apart, of at least 6 characters; so are two numbers of which one ends with the other (a bank code before it).
 */
export function sameAccount(a: string, b: string): boolean {
  const x = compact(a);
  const y = compact(b);
  if (x === "" || y === "") return false;
  if (x === y) return true;
  const xIban = IBAN.test(x);
  const yIban = IBAN.test(y);
  if (xIban && yIban) return false;
  const left = withoutZeros(xIban ? x.slice(4) : x);
  const right = withoutZeros(yIban ? y.slice(4) : y);
  const [long, short] = left.length >= right.length ? [left, right] : [right, left];
  return short.length >= MIN_NUMBER && long.endsWith(short);
}

/** An identifier as people read it: an IBAN in groups of four ("DE89 3704 0044 …"), anything else as written. */
export function displayAccount(s: string): string {
  const x = compact(s);
  return IBAN.test(x) ? (x.match(/.{1,4}/g) ?? [x]).join(" ") : s.trim();
}

/** A number the file names that a bank account can keep: one line of letters, digits and separators, at most 50. */
export const keepableNumber = (s: string): boolean => /^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,49}$/u.test(s.trim());
