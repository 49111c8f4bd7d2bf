/**
 * Money as integer cents (bigint): exact sums at any size. Amounts travel as decimal strings ("1234.50")
 * between the database and the browser; JSON request bodies carry numbers, read back through their
 * shortest decimal text so that 0.1 stays 0.1 and 1.005 is seen as three decimals.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Cents of a decimal string or number with at most 2 decimals; null for anything else. */
export function toCents(value: string | number): bigint | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? "").padEnd(2, "0") || "0");
  return m[1] ? -cents : cents;
}

/** Number of decimals written in a number's shortest text (Infinity when it is not a plain decimal). */
export function decimalsOf(value: number): number {
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return Infinity;
  return text.includes(".") ? text.split(".")[1]!.length : 0;
}

/** "1234.50" / "-0.05" from cents. */
export function centsToDecimal(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}
