import { addDays } from "~/lib/format.ts";
import { fiscalYear, fiscalYearOf } from "./year-end-close.ts";

/**
 * Report periods: the presets of the Reports screen (by the organization's fiscal year) and the periods a statement is
 * compared with. Dates are "YYYY-MM-DD" strings; the arithmetic is on UTC dates, as the rest of the books does. Pure.
 */

export const PERIOD_PRESETS = ["this_month", "last_month", "this_quarter", "last_quarter", "year_to_date", "last_fiscal_year"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  this_month: "This month",
  last_month: "Last month",
  this_quarter: "This quarter",
  last_quarter: "Last quarter",
  year_to_date: "Year to date",
  last_fiscal_year: "Last fiscal year",
};

/** What a statement is compared with: the period before, the same period a year earlier, or both. */
export const COMPARISONS = ["previous_period", "previous_year", "both"] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const COMPARISON_LABELS: Record<Comparison, string> = {
  previous_period: "Previous period",
  previous_year: "Same period last year",
  both: "Previous period and last year",
};

export interface Period {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const parts = (date: string) => date.split("-").map(Number) as [number, number, number];
/** The date of a UTC year, month (1-12, may overflow either way) and day. */
const ymd = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The same day `months` later (or earlier), kept within the month: March 31 less one month is February 28 (or 29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const first = ymd(y, m + months, 1);
  const [ny, nm] = parts(first);
  return `${ny}-${pad(nm)}-${pad(Math.min(d, lastDayOf(ny, nm)))}`;
}

const isFirstOfMonth = (date: string) => parts(date)[2] === 1;
const isLastOfMonth = (date: string) => {
  const [y, m, d] = parts(date);
  return d === lastDayOf(y, m);
};
/** The month's last day, for a date in it. */
const endOfMonth = (date: string) => {
  const [y, m] = parts(date);
  return `${y}-${pad(m)}-${pad(lastDayOf(y, m))}`;
};

/** The first day of the fiscal quarter a date is in, quarters counted from the fiscal year's first month. */
function quarterStart(date: string, startMonth: number): string {
  const [y, m] = parts(date);
  const monthsIn = (m - startMonth + 12) % 12;
  return ymd(y, m - (monthsIn % 3), 1);
}

/** A preset's period on `today`: months and quarters are whole (this month to its last day), the year to date ends today. */
export function presetPeriod(preset: PeriodPreset, today: string, startMonth: number): Period {
  const [y, m] = parts(today);
  const monthStart = `${y}-${pad(m)}-01`;
  switch (preset) {
    case "this_month":
      return { start: monthStart, end: endOfMonth(today) };
    case "last_month": {
      const start = addMonths(monthStart, -1);
      return { start, end: endOfMonth(start) };
    }
    case "this_quarter": {
      const start = quarterStart(today, startMonth);
      return { start, end: endOfMonth(addMonths(start, 2)) };
    }
    case "last_quarter": {
      const start = addMonths(quarterStart(today, startMonth), -3);
      return { start, end: endOfMonth(addMonths(start, 2)) };
    }
    case "year_to_date":
      return { start: fiscalYear(startMonth, fiscalYearOf(startMonth, today)).start, end: today };
    case "last_fiscal_year": {
      const fy = fiscalYear(startMonth, fiscalYearOf(startMonth, today) - 1);
      return { start: fy.start, end: fy.end };
    }
  }
}

/** The first day of the fiscal year a date is in. */
export const fiscalYearStart = (date: string, startMonth: number): string => fiscalYear(startMonth, fiscalYearOf(startMonth, date)).start;

/**
 * The period just before: as many whole months when the period is whole months (October → September, a quarter → the
 * quarter before), else as many days.
 */
export function previousPeriod({ start, end }: Period): Period {
  if (isFirstOfMonth(start) && isLastOfMonth(end)) {
    const [sy, sm] = parts(start);
    const [ey, em] = parts(end);
    const months = (ey - sy) * 12 + (em - sm) + 1;
    const prevStart = addMonths(start, -months);
    return { start: prevStart, end: addDays(start, -1) };
  }
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
  return { start: addDays(start, -days), end: addDays(start, -1) };
}

/** The same period a year earlier; a month's last day stays its month's last day (February 29 → February 28). */
export function previousYear({ start, end }: Period): Period {
  return { start: addMonths(start, -12), end: isLastOfMonth(end) ? endOfMonth(addMonths(end, -12)) : addMonths(end, -12) };
}

/**
 * The balance sheet's earlier positions: at the end of the period before (the month before when the period is a
 * single day) and a year before the date.
 */
export function previousPosition({ start, end }: Period): string {
  if (start < end) return addDays(start, -1);
  return isLastOfMonth(end) ? endOfMonth(addMonths(end, -1)) : addMonths(end, -1);
}

/** Default report period: 1 January of the current year to today (local dates). */
export function defaultPeriod(now = new Date()): { start: string; end: string } {
  const pad = (n: number) => String(n).padStart(2, "0");
  const y = now.getFullYear();
  return { start: `${y}-01-01`, end: `${y}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` };
}
