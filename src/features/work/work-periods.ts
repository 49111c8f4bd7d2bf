/**
 * The periods of recurring work and their due dates (decision 113). A schedule's periods are calendar months,
 * quarters or years (or one date, for work done once); an instance is named by its template's title and its period
 * ("Close — October 2026"). Its due date counts from the period's last day: a day of a month some months later (31:
 * that month's last day), moved off weekends and the firm's holidays to the working day before or after as the
 * template says; or the nth working day after the period. Dates are ISO calendar dates, without time or time zone.
 */

export const WORK_FREQUENCIES = ["monthly", "quarterly", "yearly", "once"] as const;
export type WorkFrequency = (typeof WORK_FREQUENCIES)[number];

export const DUE_KINDS = ["day_of_month", "business_day"] as const;
export type DueKind = (typeof DUE_KINDS)[number];

export interface DueRule {
  due_kind: DueKind;
  /** A day of the month (31: the last), or the nth working day. */
  due_day: number;
  /** For a day of the month: how many months after the period's last month. */
  due_months: number;
  due_shift: "before" | "after";
}

export interface Period {
  start: string;
  end: string;
}

import { MONTH_NAMES } from "~/lib/format.ts";
import { addDays } from "~/lib/format.ts";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const monthsApart: Record<Exclude<WorkFrequency, "once">, number> = { monthly: 1, quarterly: 3, yearly: 12 };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The ISO date of `day` (at most the month's last) in the month `index` (year * 12 + month - 1). */
function dateOfMonth(index: number, day: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * The period of a schedule that holds `date` (for `once`, the date itself). A year is the organization's fiscal year,
 * starting in `fiscalStartMonth` (1: the calendar year); months and quarters are the calendar's.
 */
export function periodOf(frequency: WorkFrequency, date: string, fiscalStartMonth = 1): Period {
  if (frequency === "once") return { start: date, end: date };
  const step = monthsApart[frequency];
  const offset = frequency === "yearly" ? fiscalStartMonth - 1 : 0;
  const first = Math.floor((monthIndex(date) - offset) / step) * step + offset;
  return { start: dateOfMonth(first, 1), end: dateOfMonth(first + step - 1, 31) };
}

/** The period after `period` (null for work done once). */
export function nextPeriod(frequency: WorkFrequency, period: Period): Period | null {
  return frequency === "once" ? null : periodOf(frequency, addDays(period.end, 1), Number(period.start.slice(5, 7)));
}

/** "October 2026", "Q4 2026", "2026" (a fiscal year: "year ending June 2026"); work done once by its date's month. */
export function periodLabel(frequency: WorkFrequency, period: Period): string {
  const year = period.start.slice(0, 4);
  const month = Number(period.start.slice(5, 7));
  if (frequency === "quarterly") return `Q${Math.ceil(month / 3)} ${year}`;
  if (frequency === "yearly")
    return month === 1 ? year : `year ending ${MONTH_NAMES[Number(period.end.slice(5, 7)) - 1]} ${period.end.slice(0, 4)}`;
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** The instance's name: "Close — October 2026". */
export function instanceName(title: string, frequency: WorkFrequency, period: Period): string {
  return `${title} — ${periodLabel(frequency, period)}`;
}

/** Whether the firm works on `date`: not a Saturday, a Sunday or one of its holidays. */
export function isWorkingDay(date: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The instance's due date for its period. */
export function dueDate(rule: DueRule, period: Period, holidays: ReadonlySet<string>): string {
  if (rule.due_kind === "business_day") {
    let date = period.end;
    for (let counted = 0; counted < rule.due_day;) {
      date = addDays(date, 1);
      if (isWorkingDay(date, holidays)) counted++;
    }
    return date;
  }
  let date = dateOfMonth(monthIndex(period.end) + rule.due_months, rule.due_day);
  const step = rule.due_shift === "before" ? -1 : 1;
  while (!isWorkingDay(date, holidays)) date = addDays(date, step);
  return date;
}

/** "Due on the 15th of the month after", "Due on the 10th working day after". */
export function dueRuleLabel(rule: DueRule): string {
  const nth = (n: number) =>
    n === 31 && rule.due_kind === "day_of_month"
      ? "last day"
      : `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
  if (rule.due_kind === "business_day") return `Due on the ${nth(rule.due_day)} working day after the period`;
  const when =
    rule.due_months === 0 ? "of the period's last month" : rule.due_months === 1 ? "of the month after" : `${rule.due_months} months after`;
  return `Due on the ${nth(rule.due_day)} ${when}`;
}
