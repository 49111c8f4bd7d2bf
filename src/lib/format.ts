/**
 * Money and dates written for people, in one place (decision 102). Amounts arrive as exact decimal strings
 * ("1234.50") or integer cents; Intl.NumberFormat formats a decimal string exactly (no float on the way), in the
 * organization's currency and the firm's locale. Moments are written in one stated time zone (UTC), so that the
 * server and the browser print the same text for the same moment.
 */

/** The firm's locale: how numbers, dates and currencies are written everywhere. */
export const FIRM_LOCALE = "en-US";

/** The currency books have until their owner chooses another. */
export const DEFAULT_CURRENCY = "USD";

/** The time zone moments (a sign-in, a message, a saved version) are written in. */
export const DISPLAY_TIME_ZONE = "UTC";

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(FIRM_LOCALE, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(currency, f);
  }
  return f;
}

/** "1234.50" from integer cents. */
function centsText(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * An amount in a currency: "$1,234.50", "€1,234.50", "-€17,431.25" (negative with a leading minus). A value that is
 * not a decimal is written as zero rather than thrown on: amounts reach this function from the API, already checked.
 */
export function formatMoney(value: bigint | string, currency: string = DEFAULT_CURRENCY): string {
  const text = typeof value === "bigint" ? centsText(value) : /^-?\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : "0";
  return moneyFormat(currency).format(text as unknown as number);
}

/** A running balance: its absolute amount, with " (CR)" when it is a credit ("€1,234.50 (CR)"). */
export function formatBalance(value: bigint | string, currency: string = DEFAULT_CURRENCY): string {
  const text = formatMoney(value, currency);
  return text.startsWith("-") ? `${text.slice(1)} (CR)` : text;
}

/** Amounts of one currency: `money` signed ("-€17,431.25"), `balance` as a running balance ("€17,431.25 (CR)"). */
export interface MoneyFormat {
  money: (value: bigint | string) => string;
  balance: (value: bigint | string) => string;
  currency: string;
}

/** The money formatter of one currency (the books', a statement's). */
export function moneyIn(currency: string): MoneyFormat {
  return { money: (value) => formatMoney(value, currency), balance: (value) => formatBalance(value, currency), currency };
}

/** Whether the books can keep amounts in this currency: an ISO 4217 code written with two decimals. */
export function isBooksCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    const f = new Intl.NumberFormat(FIRM_LOCALE, { style: "currency", currency: code });
    return f.resolvedOptions().maximumFractionDigits === 2 && (Intl.supportedValuesOf("currency") as string[]).includes(code);
  } catch {
    return false;
  }
}

const dateTime = new Intl.DateTimeFormat(FIRM_LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone: DISPLAY_TIME_ZONE });
const dateTimeSeconds = new Intl.DateTimeFormat(FIRM_LOCALE, {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: DISPLAY_TIME_ZONE,
});
const longDate = new Intl.DateTimeFormat(FIRM_LOCALE, { dateStyle: "long", timeZone: DISPLAY_TIME_ZONE });

/** "Nov 27, 2026, 11:48 AM UTC", the zone stated; with `seconds`, "11:48:05 AM UTC". */
export function formatDateTime(moment: Date | string, opts: { seconds?: boolean } = {}): string {
  const d = typeof moment === "string" ? new Date(moment) : moment;
  return `${(opts.seconds ? dateTimeSeconds : dateTime).format(d)} ${DISPLAY_TIME_ZONE}`;
}

/** A count as people read it: "200,000". */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

const countFormat = new Intl.NumberFormat(FIRM_LOCALE);

/** A stored file's size: "1 KB" at the least, "340 KB", "2.5 MB". */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "November 27, 2026" for a calendar date ("2026-11-27") or a moment. */
export function formatLongDate(date: Date | string): string {
  const d = typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00Z`) : new Date(date);
  return longDate.format(d);
}

/** The months' names, January first. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A month as written ("2026-10") as "October 2026": no time zone involved. */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/** Today's calendar date in UTC, "2026-11-27" (`now` for tests and jobs that hold their own clock). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A calendar date moved by whole days: addDays("2026-02-27", 2) is "2026-03-01". */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
