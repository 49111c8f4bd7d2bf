import type { AccountDetailType } from "~/features/ledger/index.ts";
import { BUDGET_MONTHS, quarterFirst, variance, type BudgetKind } from "./budgets.ts";
import type { BudgetActualLine, BudgetActualReport, BudgetPeriods } from "./budgets.types.ts";

/**
 * The budget against actual (decision 123), pure: each profit-and-loss account's actuals and budget over the twelve
 * months of the budget year, laid out as the profit and loss groups them (revenue, other income, cost of sales,
 * operating expenses, other expenses; accounts by code), with four column groups for a month `k` of the year: the
 * month, the quarter to date (the fiscal quarter's first month to k), the year to date (0 to k), and the forecast of
 * the whole year (actuals of 0 to k, budget of the months after) against the year's budget.
 */

export interface BudgetAccountMonths {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: "Revenue" | "Expense";
  detail_type: AccountDetailType;
  /** Twelve months each, cents signed as the account's natural balance. */
  actual: bigint[];
  budget: bigint[];
}

const SECTIONS: { key: AccountDetailType; heading: string; total: string; kind: BudgetKind; optional?: boolean }[] = [
  { key: "operating_revenue", heading: "Revenue", total: "Total revenue", kind: "revenue" },
  { key: "other_income", heading: "Other income", total: "Total other income", kind: "revenue", optional: true },
  { key: "cost_of_sales", heading: "Cost of sales", total: "Total cost of sales", kind: "expense" },
  { key: "operating_expense", heading: "Operating expenses", total: "Total operating expenses", kind: "expense" },
  { key: "other_expense", heading: "Other expenses", total: "Total other expenses", kind: "expense", optional: true },
];

const zeros = () => Array.from({ length: BUDGET_MONTHS }, () => 0n);
const add = (a: bigint[], b: readonly bigint[]) => a.map((x, i) => x + (b[i] ?? 0n));
const minus = (a: readonly bigint[], b: readonly bigint[]) => a.map((x, i) => x - (b[i] ?? 0n));

/** Running totals: `at[i]` is the sum of months 0 to i - 1 (so a range's sum is two lookups). */
function running(xs: readonly bigint[]): bigint[] {
  const at = [0n];
  for (let i = 0; i < BUDGET_MONTHS; i++) at.push(at[i]! + (xs[i] ?? 0n));
  return at;
}

/** One line's four groups at month k. */
function groups(actual: readonly bigint[], budget: readonly bigint[], k: number, kind: BudgetKind) {
  const q = quarterFirst(k);
  const a = running(actual);
  const b = running(budget);
  const range = (t: bigint[], from: number, to: number) => t[to + 1]! - t[from]!;
  return {
    month: variance(range(a, k, k), range(b, k, k), kind),
    quarter: variance(range(a, q, k), range(b, q, k), kind),
    year: variance(a[k + 1]!, b[k + 1]!, kind),
    // The forecast: the actuals to month k, then the budget of the months after (forecastCents, by running totals).
    forecast: variance(a[k + 1]! + b[BUDGET_MONTHS]! - b[k + 1]!, b[BUDGET_MONTHS]!, kind),
  };
}

/** The lines of the report: sections with their accounts and subtotals, then all revenue, all expenses and net income. */
export function budgetActualLines(accounts: readonly BudgetAccountMonths[], k: number): BudgetActualLine[] {
  const lines: BudgetActualLine[] = [];
  const totals = { revenue: { actual: zeros(), budget: zeros() }, expense: { actual: zeros(), budget: zeros() } };
  const byCode = [...accounts].sort((a, b) => (a.account_code < b.account_code ? -1 : a.account_code > b.account_code ? 1 : 0));
  for (const s of SECTIONS) {
    const inSection = byCode.filter((a) => a.detail_type === s.key);
    if (s.optional && inSection.length === 0) continue;
    let actual = zeros();
    let budget = zeros();
    lines.push({ key: `section:${s.key}`, kind: "heading", label: s.heading });
    for (const a of inSection) {
      actual = add(actual, a.actual);
      budget = add(budget, a.budget);
      const label = `${a.account_code} ${a.account_name}`;
      lines.push({
        key: `account:${a.account_id}`,
        kind: "account",
        label,
        account_id: a.account_id,
        ...groups(a.actual, a.budget, k, s.kind),
      });
    }
    lines.push({ key: `total:${s.key}`, kind: "subtotal", label: s.total, ...groups(actual, budget, k, s.kind) });
    const t = totals[s.kind];
    t.actual = add(t.actual, actual);
    t.budget = add(t.budget, budget);
  }
  const { revenue, expense } = totals;
  lines.push(
    { key: "total:revenue", kind: "total", label: "All revenue", ...groups(revenue.actual, revenue.budget, k, "revenue") },
    { key: "total:expenses", kind: "total", label: "All expenses", ...groups(expense.actual, expense.budget, k, "expense") },
    {
      key: "total:net_income",
      kind: "total",
      label: "Net income",
      ...groups(minus(revenue.actual, expense.actual), minus(revenue.budget, expense.budget), k, "revenue"),
    },
  );
  return lines;
}

/** The periods of the four groups for month k of the year's months ("YYYY-MM"). */
export function budgetPeriods(months: readonly string[], k: number): BudgetPeriods {
  const first = (m: string) => `${m}-01`;
  const last = (m: string) => {
    const [y, mo] = m.split("-").map(Number) as [number, number];
    return `${m}-${String(new Date(Date.UTC(y, mo, 0)).getUTCDate()).padStart(2, "0")}`;
  };
  const at = (i: number) => months[i]!;
  return {
    month: { start: first(at(k)), end: last(at(k)) },
    quarter: { start: first(at(quarterFirst(k))), end: last(at(k)) },
    year: { start: first(at(0)), end: last(at(k)) },
    forecast: { start: first(at(0)), end: last(at(BUDGET_MONTHS - 1)) },
  };
}

export function budgetActualReport(o: {
  fiscal_year: number;
  months: string[];
  month: string;
  hasBudget: boolean;
  accounts: readonly BudgetAccountMonths[];
}): BudgetActualReport {
  const k = o.months.indexOf(o.month);
  return {
    fiscal_year: o.fiscal_year,
    month: o.month,
    months: o.months,
    periods: budgetPeriods(o.months, k),
    has_budget: o.hasBudget,
    empty: o.accounts.length === 0,
    lines: budgetActualLines(o.accounts, k),
  };
}
