import type { MoneyFormat } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { CashMonthEnd, DashboardMonth, ExpenseCategory, MonthFigures, MonthlyFigure } from "./dashboard.types.ts";

/*
 * What each chart says in words: its label for a screen reader (the drawing is one image to it), written from the same
 * figures as its table.
 */

const cents = (text: string) => toCents(text) ?? 0n;

/** The sum of amounts, exact. */
export function sumOf(amounts: string[]): string {
  return centsToDecimal(amounts.reduce((a, x) => a + cents(x), 0n));
}

/** The entry with the largest (or smallest) amount; the earliest of equals. */
function extreme<T>(items: T[], amount: (t: T) => string, largest: boolean): T {
  return items.reduce((best, t) => {
    const diff = cents(amount(t)) - cents(amount(best));
    return (largest ? diff > 0n : diff < 0n) ? t : best;
  });
}

/** "November 2025 to October 2026" */
export const monthsSpan = (months: { label: string }[]) => `${months[0]!.label} to ${months.at(-1)!.label}`;

/** A monthly chart: the twelve months' total against the same months a year earlier, its best and worst month. */
export function monthlySummary(title: string, months: DashboardMonth[], figure: MonthlyFigure, money: MoneyFormat): string {
  const of = (f: MonthFigures) => f[figure];
  const high = extreme(months, (m) => of(m.figures), true);
  const low = extreme(months, (m) => of(m.figures), false);
  return (
    `${title}, ${monthsSpan(months)}: ${money.money(sumOf(months.map((m) => of(m.figures))))} in all, against ` +
    `${money.money(sumOf(months.map((m) => of(m.lastYear))))} in the same months a year earlier. ` +
    `Highest ${high.label}, ${money.money(of(high.figures))}; lowest ${low.label}, ${money.money(of(low.figures))}.`
  );
}

/** The cash chart: where cash started and ended over the months, its lowest and highest month-end. */
export function cashSummary(points: CashMonthEnd[], money: MoneyFormat): string {
  const low = extreme(points, (p) => p.balance, false);
  const high = extreme(points, (p) => p.balance, true);
  return (
    `Cash at the end of each month, ${monthsSpan(points)}: ${money.money(points[0]!.balance)} at the end of ${points[0]!.label}, ` +
    `${money.money(points.at(-1)!.balance)} at the end of ${points.at(-1)!.label}. ` +
    `Lowest ${money.money(low.balance)} (${low.label}), highest ${money.money(high.balance)} (${high.label}).`
  );
}

/** The categories chart: each category and its amount, largest first, and their total. */
export function expensesSummary(categories: ExpenseCategory[], total: string, span: string, money: MoneyFormat): string {
  if (categories.length === 0) return `Operating expenses, ${span}: none posted.`;
  return (
    `Operating expenses by category, ${span}, largest first: ` +
    `${categories.map((c) => `${c.name} ${money.money(c.amount)}`).join(", ")}. ${money.money(total)} in all.`
  );
}
