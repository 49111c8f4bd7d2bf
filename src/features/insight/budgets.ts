import { centsToDecimal, toCents } from "~/lib/money.ts";
import { formatMonth } from "~/lib/format.ts";

/**
 * Budgets' rules (decision 123), pure: the months of a budget year, a cell's amount, the copy of last year's actuals
 * with a percentage, and the difference of an actual from its budget with its percentage. Amounts are integer cents
 * signed as the account's natural balance (revenue positive as credit, expense positive as debit).
 */

export const BUDGET_MONTHS = 12;
/** Largest amount a cell holds: numeric(14,2). */
export const MAX_BUDGET_CENTS = 99_999_999_999_999n;

const pad = (n: number) => String(n).padStart(2, "0");

/** The twelve months ("YYYY-MM") of fiscal year `fy` (named by the calendar year it ends in) starting in `startMonth`. */
export function budgetMonths(startMonth: number, fy: number): string[] {
  const firstYear = startMonth === 1 ? fy : fy - 1;
  return Array.from({ length: BUDGET_MONTHS }, (_, i) => {
    const m = startMonth - 1 + i;
    return `${firstYear + Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
  });
}

/** A budget year's name: "2026" on the calendar, else "FY2026 (July 2025 to June 2026)". */
export function fiscalYearLabel(startMonth: number, fy: number): string {
  if (startMonth === 1) return String(fy);
  const months = budgetMonths(startMonth, fy);
  return `FY${fy} (${formatMonth(months[0]!)} to ${formatMonth(months[BUDGET_MONTHS - 1]!)})`;
}

/** The fiscal year a month ("YYYY-MM") falls in, named by the calendar year it ends in. */
export function fiscalYearOfMonth(startMonth: number, month: string): number {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return startMonth === 1 || m < startMonth ? y : y + 1;
}

/**
 * A typed cell: blank is zero; "1234.5", "-20", "1,234.56" (grouped by commas) are amounts of at most two decimals.
 * Returns the cents, or why it is not an amount.
 */
export function cellCents(text: string): bigint | string {
  const typed = text.trim();
  if (typed === "") return 0n;
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(typed) ? typed.replace(/,/g, "") : typed;
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return "is not an amount";
  if ((plain.split(".")[1] ?? "").length > 2) return "has more than 2 decimals";
  const cents = toCents(plain)!;
  if (cents > MAX_BUDGET_CENTS || cents < -MAX_BUDGET_CENTS) return "is too large";
  return cents;
}

/** a ÷ b rounded to the nearest integer, halves away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < b) return q;
  return a < 0n ? q - 1n : q + 1n;
}

/** A percentage typed for the copy ("10", "-5.5", "2.25": at most two decimals, -100 to 1,000) in hundredths, or null. */
export function percentHundredths(text: string): bigint | null {
  const typed = text.trim();
  if (!/^[-+]?\d{1,4}(\.\d{1,2})?$/.test(typed)) return null;
  const cents = toCents(typed.replace(/^\+/, ""));
  if (cents === null || cents < -10_000n || cents > 100_000n) return null;
  return cents;
}

/**
 * A month's budget copied from last year's actual with a percentage: actual × (100 + p) ÷ 100, rounded to the cent,
 * halves away from zero (the cell alone: cells are not adjusted to make a total). With p = 10: 100.05 → 110.06 (110.055).
 */
export function copiedCents(actual: bigint, hundredths: bigint): bigint {
  return divRound(actual * (10_000n + hundredths), 10_000n);
}

/** Whether more of an account's actual is good: revenue (income) yes, expense no. */
export type BudgetKind = "revenue" | "expense";

/** An actual against its budget, as the reports show it (decimal strings). */
export interface Variance {
  actual: string;
  budget: string;
  /** Favourable positive: actual − budget for revenue and net income, budget − actual for expenses. */
  difference: string;
  /** The difference in per cent of the budget's size, one decimal ("9.1", "-9.1"); null when the budget is zero. */
  percent: string | null;
}

/** The difference in per cent of |budget|, to one decimal, halves away from zero; null for a zero budget. */
export function variancePercent(difference: bigint, budget: bigint): string | null {
  if (budget === 0n) return null;
  const tenths = divRound(difference * 1000n, budget < 0n ? -budget : budget);
  const neg = tenths < 0n;
  const abs = neg ? -tenths : tenths;
  return `${neg ? "-" : ""}${abs / 10n}.${abs % 10n}`;
}

export function variance(actual: bigint, budget: bigint, kind: BudgetKind): Variance {
  const difference = kind === "revenue" ? actual - budget : budget - actual;
  return {
    actual: centsToDecimal(actual),
    budget: centsToDecimal(budget),
    difference: centsToDecimal(difference),
    percent: variancePercent(difference, budget),
  };
}

/** The sum of months `from` to `to` (indexes, both in) of twelve amounts. */
export function sumMonths(amounts: readonly bigint[], from: number, to: number): bigint {
  let sum = 0n;
  for (let i = from; i <= to; i++) sum += amounts[i] ?? 0n;
  return sum;
}

/** The first month (index) of the fiscal quarter month `k` is in. */
export const quarterFirst = (k: number) => k - (k % 3);

/** The year's forecast at month `k`: the actuals of months 0 to k, then the budget of the months after. */
export function forecastCents(actual: readonly bigint[], budget: readonly bigint[], k: number): bigint {
  return sumMonths(actual, 0, k) + sumMonths(budget, k + 1, BUDGET_MONTHS - 1);
}
