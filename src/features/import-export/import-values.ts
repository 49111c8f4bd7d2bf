/**
 * Amounts and dates as other programs write them in CSV files, read exactly: amounts to integer cents (bigint),
 * dates to YYYY-MM-DD. Pure functions, shared by the import service and its tests.
 */

export const NUMBER_FORMATS = ["1,234.56", "1.234,56", "1 234,56"] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

export const DATE_FORMATS = ["2026-03-01", "03/01/2026", "01/03/2026", "01.03.2026"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Largest amount a line may carry: numeric(14,2). */
const MAX_CENTS = 99_999_999_999_999n;

const SEPARATORS: Record<NumberFormat, { decimal: string; group: RegExp }> = {
  "1,234.56": { decimal: ".", group: /,/g },
  "1.234,56": { decimal: ",", group: /\./g },
  "1 234,56": { decimal: ",", group: /[ \u00a0\u202f]/g },
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string): Parsed<never> => ({ ok: false, error });

/**
 * Cents of an amount written in the given format: `1,234.56`, `-1234.56`, `(1,234.56)`, `1234.56-`, with an optional
 * currency sign (`$`, `€`, `£`). An empty cell is null (no amount). More than 2 decimals are refused unless zeros.
 */
export function parseAmount(text: string, format: NumberFormat): Parsed<bigint | null> {
  let s = text.trim();
  if (s === "") return { ok: true, value: null };
  let negative = false;
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  s = s.replace(/^[$€£]\s*/, "");
  if (/[$€£]/.test(s.slice(-1))) s = s.slice(0, -1).trimEnd(); // not `/\s*[$€£]$/`: it goes back over every space
  if (s.startsWith("-") || s.startsWith("+")) {
    negative = negative !== s.startsWith("-");
    s = s.slice(1);
  } else if (s.endsWith("-")) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  s = s.replace(/^[$€£]\s*/, "").trim();
  const { decimal, group } = SEPARATORS[format];
  const cut = s.lastIndexOf(decimal);
  const whole = cut < 0 ? s : s.slice(0, cut);
  const fraction = cut < 0 ? "" : s.slice(cut + 1);
  if (!/^\d*$/.test(fraction) || (cut >= 0 && fraction === "" && whole === "")) return fail(`is not an amount in the format ${format}`);
  const groups = whole.split(group);
  const grouped = groups.length > 1;
  if (grouped && !(/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)))) {
    return fail(`is not an amount in the format ${format}`);
  }
  const digits = groups.join("");
  if (!/^\d*$/.test(digits) || (digits === "" && fraction === "")) return fail(`is not an amount in the format ${format}`);
  let end = fraction.length;
  while (fraction[end - 1] === "0") end--; // not `/0+$/`: it goes back over every run of zeros
  const kept = fraction.slice(0, end);
  if (kept.length > 2) return fail("has more than 2 decimals");
  const cents = BigInt(digits || "0") * 100n + BigInt(kept.padEnd(2, "0"));
  if (cents > MAX_CENTS) return fail("is too large");
  return { ok: true, value: negative ? -cents : cents };
}

const DATE_PATTERNS: Record<DateFormat, { re: RegExp; order: [y: number, m: number, d: number] }> = {
  "2026-03-01": { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
  "03/01/2026": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
  "01/03/2026": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  "01.03.2026": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: [3, 2, 1] },
};

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** YYYY-MM-DD of a date written in the given format; a day that does not exist (02/30) is refused. */
export function parseDate(text: string, format: DateFormat): Parsed<string> {
  const m = DATE_PATTERNS[format].re.exec(text.trim());
  if (!m) return fail(`is not a date in the format ${format}`);
  const [yi, mi, di] = DATE_PATTERNS[format].order;
  const y = Number(m[yi]);
  const month = Number(m[mi]);
  const d = Number(m[di]);
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  if (y < 1 || month < 1 || month > 12 || d < 1 || d > days) return fail(`is not a real date (format ${format})`);
  return { ok: true, value: `${pad(y, 4)}-${pad(month, 2)}-${pad(d, 2)}` };
}

/** The format that reads the most of the samples (ties: the earlier in the list). */
function best<F extends string>(formats: readonly F[], samples: string[], reads: (s: string, f: F) => boolean, fallback: F): F {
  const filled = samples.map((s) => s.trim()).filter((s) => s !== "");
  if (filled.length === 0) return fallback;
  let chosen = fallback;
  let score = -1;
  for (const f of formats) {
    const n = filled.filter((s) => reads(s, f)).length;
    if (n > score) [chosen, score] = [f, n];
  }
  return chosen;
}

/** The number format of a column's cells: a decimal comma when more cells read that way. */
export function detectNumberFormat(samples: string[]): NumberFormat {
  // A cell such as "1,500" reads in both: prefer the format under which the cells that are not ambiguous read.
  const telling = samples.filter((s) => /[.,]\d{1,2}\)?-?$/.test(s.trim()) || /\d[ \u00a0\u202f]\d{3}/.test(s));
  return best(NUMBER_FORMATS, telling.length > 0 ? telling : samples, (s, f) => parseAmount(s, f).ok, "1,234.56");
}

/** The date format of a column's cells: day first when some day is above 12 in the second place or only the first reads. */
export function detectDateFormat(samples: string[]): DateFormat {
  return best(DATE_FORMATS, samples, (s, f) => parseDate(s, f).ok, "2026-03-01");
}

/** True when the text reads as a date in some accepted format. */
export const looksLikeDate = (text: string) => DATE_FORMATS.some((f) => parseDate(text, f).ok);
