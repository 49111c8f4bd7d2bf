/**
 * The dates a recurring entry runs on. A schedule runs every 1 (monthly), 3 (quarterly) or 12 (yearly) months from
 * its start date's month, on its day of the month; a day past the end of a shorter month (29, 30, 31) falls on that
 * month's last day. The first run is the first such date on or after the start date; none falls after the end date.
 * Dates are ISO calendar dates ("2026-01-31"), without time or time zone.
 */

export const FREQUENCIES = ["monthly", "quarterly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = { monthly: "Monthly", quarterly: "Quarterly", yearly: "Yearly" };

const MONTHS_APART: Record<Frequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export interface Schedule {
  frequency: Frequency;
  /** 1 to 31; 31 is "the last day of the month". */
  day_of_month: number;
  start_date: string;
  end_date?: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date of the schedule's day in the month `monthIndex` (year * 12 + month - 1). */
function dateInMonth(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

function monthIndexOf(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/**
 * Up to `count` run dates of the schedule after `after` (exclusive; from the start date when null), in order. Fewer
 * when the end date comes first.
 */
export function runDates(schedule: Schedule, after: string | null, count: number): string[] {
  const step = MONTHS_APART[schedule.frequency];
  const start = monthIndexOf(schedule.start_date);
  const floor = after !== null && after >= schedule.start_date ? after : null;
  // The first period that can hold a run after `floor`: skip whole periods before its month.
  let k = floor === null ? 0 : Math.max(0, Math.floor((monthIndexOf(floor) - start) / step));
  const out: string[] = [];
  while (out.length < count) {
    const date = dateInMonth(start + k * step, schedule.day_of_month);
    k++;
    if (schedule.end_date && date > schedule.end_date) break;
    if (date < schedule.start_date || (floor !== null && date <= floor)) continue;
    out.push(date);
  }
  return out;
}

/** The first run on or after `from`, or null when the schedule ends before it. */
export function nextRunOnOrAfter(schedule: Schedule, from: string): string | null {
  return runDates(schedule, previousDay(from), 1)[0] ?? null;
}

/** The day before an ISO date. */
export function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** "1st", "2nd", "23rd"; 31 is "last day". */
export function dayLabel(day: number): string {
  if (day === 31) return "last day";
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${day}${suffix}`;
}

/** "Monthly on the 15th", "Quarterly on the last day". */
export function scheduleLabel(schedule: Pick<Schedule, "frequency" | "day_of_month">): string {
  return `${FREQUENCY_LABELS[schedule.frequency]} on the ${dayLabel(schedule.day_of_month)}`;
}
