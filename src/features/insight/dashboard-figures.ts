import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { CashMonthEnd, DashboardFigures, DashboardMonth, ExpenseCategory, MonthFigures } from "./dashboard.types.ts";

/*
 * The dashboard's figures from the rows of its one query (dashboard.server.ts), in exact cents. Kept apart from the
 * query so that the definitions (decision 121) read in one place and are tested without a database.
 */

/** Months the dashboard draws: the twelve full months before the current one. */
export const DASHBOARD_MONTHS = 12;
/** Expense categories named before the rest are summed as "Other". */
export const NAMED_EXPENSES = 6;
/** Full months whose average decrease of cash is the burn. */
export const BURN_MONTHS = 3;

/** "2026-10" moved by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last day of a month ("2026-02" → "2026-02-28"). */
export function monthEnd(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The days the query reads, from the day the balances are read at. */
export interface DashboardWindow {
  today: string;
  /** The twelve full months, oldest first ("2025-11" … "2026-10"). */
  months: string[];
  /** First day of the same months a year earlier: the first day read for income. */
  from: string;
  /** First day of the twelve months: balances before it are one opening sum. */
  monthsFrom: string;
  /** Last day of the twelve months. */
  monthsTo: string;
}

/** The window of the dashboard as of `today`: `count` full months before today's month (twelve; the commentary reads thirteen). */
export function dashboardWindow(today: string, count = DASHBOARD_MONTHS): DashboardWindow {
  const current = today.slice(0, 7);
  const months = Array.from({ length: count }, (_, i) => shiftMonth(current, i - count));
  return {
    today,
    months,
    from: `${shiftMonth(months[0]!, -12)}-01`,
    monthsFrom: `${months[0]}-01`,
    monthsTo: monthEnd(months.at(-1)!),
  };
}

/**
 * A row of the query: `month` rows are a month's income totals of a detail type (key "2026-10", name the detail type),
 * `expense` rows an operating expense account's totals over the twelve months (name its name), `balance` rows the
 * movements of cash, the receivable or the payable account (name the role) before the months (key "before"), in a
 * month, or from the end of the months to today (key "today"); `bank_accounts` counts the bank accounts.
 */
export interface DashboardRow {
  part: "month" | "expense" | "balance" | "bank_accounts";
  key: string;
  name: string;
  debit: string;
  credit: string;
}

const cents = (text: string) => toCents(text) ?? 0n;
const money = centsToDecimal;

/** Income accounts' credit less debit by month and detail type. */
function incomeByMonth(rows: DashboardRow[]): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>();
  for (const r of rows.filter((r) => r.part === "month")) {
    const month = out.get(r.key) ?? new Map<string, bigint>();
    month.set(r.name, (month.get(r.name) ?? 0n) + cents(r.credit) - cents(r.debit));
    out.set(r.key, month);
  }
  return out;
}

/**
 * A month's operating expenses: Σ (debit − credit) on the `operating_expense` accounts, the categories' definition over
 * one month (the monthly commentary's figure, decision 122).
 */
export function operatingExpensesOf(rows: DashboardRow[], month: string): string {
  return money(-(incomeByMonth(rows).get(month)?.get("operating_expense") ?? 0n));
}

/** Revenue (operating revenue), gross margin (revenue less cost of sales) and net income (all income less all expenses). */
function monthFigures(byDetail: Map<string, bigint> | undefined): MonthFigures {
  const net = (detail: string) => byDetail?.get(detail) ?? 0n;
  const all = [...(byDetail?.values() ?? [])].reduce((a, b) => a + b, 0n);
  return {
    revenue: money(net("operating_revenue")),
    grossMargin: money(net("operating_revenue") + net("cost_of_sales")),
    netIncome: money(all),
  };
}

/** The accounts by cost, largest first; past seven, the six largest and "Other" for the rest. */
function expenseCategories(rows: DashboardRow[]): ExpenseCategory[] {
  const costs = rows
    .filter((r) => r.part === "expense")
    .map((r) => ({ name: r.name, cents: cents(r.debit) - cents(r.credit) }))
    .filter((c) => c.cents !== 0n)
    .sort((a, b) => (a.cents === b.cents ? a.name.localeCompare(b.name) : a.cents > b.cents ? -1 : 1));
  const named = costs.length > NAMED_EXPENSES + 1 ? costs.slice(0, NAMED_EXPENSES) : costs;
  const rest = costs.slice(named.length).reduce((a, c) => a + c.cents, 0n);
  return [
    ...named.map((c) => ({ name: c.name, amount: money(c.cents), other: false })),
    ...(named.length < costs.length ? [{ name: "Other", amount: money(rest), other: true }] : []),
  ];
}

/** A role's balance (debit less credit) at the end of each month and today. */
function balances(rows: DashboardRow[], role: string, months: string[]): { ends: bigint[]; today: bigint } {
  const move = new Map<string, bigint>();
  for (const r of rows.filter((r) => r.part === "balance" && r.name === role)) move.set(r.key, cents(r.debit) - cents(r.credit));
  let running = move.get("before") ?? 0n;
  const ends = months.map((m) => (running += move.get(m) ?? 0n));
  return { ends, today: running + (move.get("today") ?? 0n) };
}

/**
 * Cash today divided by the average monthly decrease of cash over the last three full months, in months to one
 * decimal, rounded down; the burn rounded to the cent. No runway when cash did not decrease; none left when cash is
 * not positive today.
 */
export function cashRunway(startCash: bigint, endCash: bigint, cashToday: bigint): { averageBurn: string | null; months: number | null } {
  const decrease = startCash - endCash;
  if (decrease <= 0n) return { averageBurn: null, months: null };
  const burn = (decrease + 1n) / 3n;
  const tenths = cashToday <= 0n ? 0n : (cashToday * 10n * BigInt(BURN_MONTHS)) / decrease;
  return { averageBurn: money(burn), months: Number(tenths) / 10 };
}

/** Every figure of the dashboard from the query's rows; `label` writes a month ("October 2026"). */
export function dashboardFigures(
  rows: DashboardRow[],
  window: DashboardWindow,
  currency: string,
  label: (month: string) => string,
): DashboardFigures {
  const income = incomeByMonth(rows);
  const months: DashboardMonth[] = window.months.map((month) => ({
    month,
    label: label(month),
    figures: monthFigures(income.get(month)),
    lastYear: monthFigures(income.get(shiftMonth(month, -12))),
    lastYearLabel: label(shiftMonth(month, -12)),
  }));
  const cash = balances(rows, "cash", window.months);
  const cashMonthEnds: CashMonthEnd[] = window.months.map((month, i) => ({ month, label: label(month), balance: money(cash.ends[i]!) }));
  const expenses = expenseCategories(rows);
  const burnFrom = window.months.length - BURN_MONTHS - 1;
  const runway = cashRunway(cash.ends[burnFrom]!, cash.ends.at(-1)!, cash.today);
  const receivable = balances(rows, "receivable", window.months).today;
  const payable = -balances(rows, "payable", window.months).today;
  const bankAccounts = Number(rows.find((r) => r.part === "bank_accounts")?.key ?? 0);
  return {
    currency,
    today: window.today,
    months,
    cashToday: money(cash.today),
    cashMonthEnds,
    bankAccounts,
    expenses,
    expensesTotal: money(expenses.reduce((a, e) => a + cents(e.amount), 0n)),
    receivable: money(receivable),
    payable: money(payable),
    runway: { ...runway, over: `${label(window.months[burnFrom + 1]!)} to ${label(window.months.at(-1)!)}` },
    empty: !rows.some((r) => r.part !== "bank_accounts" && (cents(r.debit) !== 0n || cents(r.credit) !== 0n)),
  };
}
