import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { budgetActualCsv, budgetActualPrint } from "./budget-print.ts";
import { budgetActualLines, budgetActualReport, budgetPeriods, type BudgetAccountMonths } from "./budget-report.ts";
import {
  budgetMonths,
  cellCents,
  copiedCents,
  divRound,
  fiscalYearLabel,
  fiscalYearOfMonth,
  forecastCents,
  percentHundredths,
  variance,
  variancePercent,
} from "./budgets.ts";

const c = (s: string) => toCents(s)!;

describe("the budget year", () => {
  it("is the fiscal year's twelve months, named by the year it ends in", () => {
    expect(budgetMonths(1, 2026)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`));
    const july = budgetMonths(7, 2026);
    expect(july[0]).toBe("2025-07");
    expect(july[5]).toBe("2025-12");
    expect(july[6]).toBe("2026-01");
    expect(july[11]).toBe("2026-06");
    expect(fiscalYearOfMonth(7, "2025-07")).toBe(2026);
    expect(fiscalYearOfMonth(7, "2026-06")).toBe(2026);
    expect(fiscalYearOfMonth(1, "2026-12")).toBe(2026);
    expect(fiscalYearLabel(1, 2026)).toBe("2026");
    expect(fiscalYearLabel(7, 2026)).toBe("FY2026 (July 2025 to June 2026)");
  });
  it("has periods for the month, the quarter to date, the year to date and the whole year", () => {
    const p = budgetPeriods(budgetMonths(7, 2026), 4); // November 2025, the second quarter's second month
    expect(p.month).toEqual({ start: "2025-11-01", end: "2025-11-30" });
    expect(p.quarter).toEqual({ start: "2025-10-01", end: "2025-11-30" });
    expect(p.year).toEqual({ start: "2025-07-01", end: "2025-11-30" });
    expect(p.forecast).toEqual({ start: "2025-07-01", end: "2026-06-30" });
  });
});

describe("a budget cell", () => {
  it("reads blanks as zero, commas as grouping, and refuses other text", () => {
    expect(cellCents("")).toBe(0n);
    expect(cellCents(" 1,234.5 ")).toBe(123450n);
    expect(cellCents("-20")).toBe(-2000n);
    expect(cellCents("1.234")).toBe("has more than 2 decimals");
    expect(cellCents("12a")).toBe("is not an amount");
    expect(cellCents("1000000000000000")).toBe("is too large");
  });
});

describe("the copy of last year's actuals with a percentage", () => {
  it("rounds each cell to the cent, halves away from zero", () => {
    expect(copiedCents(c("100.05"), percentHundredths("10")!)).toBe(c("110.06")); // 110.055
    expect(copiedCents(c("-100.05"), percentHundredths("10")!)).toBe(c("-110.06"));
    expect(copiedCents(c("100.04"), percentHundredths("10")!)).toBe(c("110.04")); // 110.044
    expect(copiedCents(c("0.05"), percentHundredths("-50")!)).toBe(c("0.03")); // 0.025
    expect(copiedCents(c("1234.56"), percentHundredths("0")!)).toBe(c("1234.56"));
    expect(copiedCents(c("999.99"), percentHundredths("-100")!)).toBe(0n);
    expect(copiedCents(c("200.00"), percentHundredths("2.25")!)).toBe(c("204.50"));
  });
  it("reads percentages of at most two decimals from -100 to 1,000", () => {
    expect(percentHundredths("+10")).toBe(1000n);
    expect(percentHundredths("-5.5")).toBe(-550n);
    expect(percentHundredths("-100.01")).toBeNull();
    expect(percentHundredths("1000.01")).toBeNull();
    expect(percentHundredths("1.234")).toBeNull();
    expect(percentHundredths("ten")).toBeNull();
  });
  it("is within half a cent of the exact product, for any amount and percentage", () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 13n), 10n ** 13n), fc.integer({ min: -10_000, max: 100_000 }), (cents, p) => {
        const exact = cents * BigInt(10_000 + p); // in 1/10,000 of a cent
        const got = copiedCents(cents, BigInt(p)) * 10_000n;
        const gap = got - exact < 0n ? exact - got : got - exact;
        expect(gap <= 5_000n).toBe(true);
      }),
    );
  });
  it("divides rounding halves away from zero", () => {
    expect(divRound(5n, 10n)).toBe(1n);
    expect(divRound(-5n, 10n)).toBe(-1n);
    expect(divRound(4n, 10n)).toBe(0n);
    expect(divRound(-15n, 10n)).toBe(-2n);
  });
});

describe("an actual against its budget", () => {
  it("is favourable positive: revenue above budget, expenses below", () => {
    expect(variance(c("1000"), c("1100"), "revenue")).toEqual({
      actual: "1000.00",
      budget: "1100.00",
      difference: "-100.00",
      percent: "-9.1",
    });
    expect(variance(c("1000"), c("1100"), "expense")).toEqual({
      actual: "1000.00",
      budget: "1100.00",
      difference: "100.00",
      percent: "9.1",
    });
    expect(variance(c("1200"), c("1000"), "revenue").percent).toBe("20.0");
  });
  it("has no percentage against a zero budget, and a percentage of the budget's size when it is negative", () => {
    expect(variance(c("50"), 0n, "revenue")).toEqual({ actual: "50.00", budget: "0.00", difference: "50.00", percent: null });
    expect(variancePercent(c("-10"), c("-100"))).toBe("-10.0");
    expect(variancePercent(c("0.05"), c("100"))).toBe("0.1"); // 0.05 %, half away from zero
  });
});

/** Twelve months of cents as arbitrary data. */
const months = fc.array(fc.bigInt(-(10n ** 9n), 10n ** 9n), { minLength: 12, maxLength: 12 });

describe("the budget against actual's groups", () => {
  const account = (id: number, type: "Revenue" | "Expense", actual: bigint[], budget: bigint[]): BudgetAccountMonths => ({
    account_id: id,
    account_code: String(4000 + id),
    account_name: `Account ${id}`,
    account_type: type,
    detail_type: type === "Revenue" ? "operating_revenue" : "operating_expense",
    actual,
    budget,
  });

  it("adds the months: the year to date is the sum of its months, the quarter of its months, the forecast actuals then budget", () => {
    fc.assert(
      fc.property(months, months, months, months, fc.integer({ min: 0, max: 11 }), (ra, rb, ea, eb, k) => {
        const lines = budgetActualLines([account(1, "Revenue", ra, rb), account(2, "Expense", ea, eb)], k);
        const revenue = lines.find((l) => l.key === "account:1")!;
        const sum = (xs: bigint[], from: number, to: number) => xs.slice(from, to + 1).reduce((a, b) => a + b, 0n);
        const monthly = Array.from({ length: k + 1 }, (_, i) => budgetActualLines([account(1, "Revenue", ra, rb)], i)[1]!.month!);
        expect(c(revenue.year!.actual)).toBe(monthly.reduce((s, v) => s + c(v.actual), 0n));
        expect(c(revenue.year!.budget)).toBe(monthly.reduce((s, v) => s + c(v.budget), 0n));
        expect(c(revenue.year!.difference)).toBe(monthly.reduce((s, v) => s + c(v.difference), 0n));
        const q = k - (k % 3);
        expect(c(revenue.quarter!.actual)).toBe(sum(ra, q, k));
        expect(c(revenue.forecast!.actual)).toBe(sum(ra, 0, k) + sum(rb, k + 1, 11));
        expect(c(revenue.forecast!.actual)).toBe(forecastCents(ra, rb, k));
        const net = lines.find((l) => l.key === "total:net_income")!;
        expect(c(net.year!.actual)).toBe(sum(ra, 0, k) - sum(ea, 0, k));
        expect(c(net.month!.budget)).toBe(rb[k]! - eb[k]!);
        const expense = lines.find((l) => l.key === "account:2")!;
        expect(c(expense.month!.difference)).toBe(eb[k]! - ea[k]!);
      }),
    );
  });

  it("lays the accounts out as the profit and loss does, with revenue, expenses and net income", () => {
    const z = Array.from({ length: 12 }, () => 0n);
    const lines = budgetActualLines([account(2, "Expense", z, z), account(1, "Revenue", z, z)], 0);
    expect(lines.map((l) => l.label)).toEqual([
      "Revenue",
      "4001 Account 1",
      "Total revenue",
      "Cost of sales",
      "Total cost of sales",
      "Operating expenses",
      "4002 Account 2",
      "Total operating expenses",
      "All revenue",
      "All expenses",
      "Net income",
    ]);
    expect(centsToDecimal(0n)).toBe(lines[2]!.month!.actual);
  });
});

describe("the budget against actual printed and as CSV", () => {
  const z = () => Array.from({ length: 12 }, () => 0n);
  const sales: BudgetAccountMonths = {
    account_id: 1,
    account_code: "4000",
    account_name: "Sales",
    account_type: "Revenue",
    detail_type: "operating_revenue",
    actual: z().map((_, i) => (i < 3 ? 100_00n : 0n)),
    budget: z().map(() => 110_00n),
  };
  const report = budgetActualReport({
    fiscal_year: 2026,
    months: budgetMonths(1, 2026),
    month: "2026-03",
    hasBudget: true,
    accounts: [sales],
  });

  it("prints one report per group, five columns filling the width", () => {
    const printed = budgetActualPrint(report, { name: "Acme", currency: "EUR" });
    expect(printed.map((p) => p.title)).toEqual([
      "Budget vs. Actual: March 2026",
      "Budget vs. Actual: quarter to date",
      "Budget vs. Actual: year to date",
      "Forecast for the year (actuals to March 2026, then budget)",
    ]);
    for (const p of printed) expect(p.columns.reduce((s, c) => s + c.width, 0)).toBeCloseTo(1);
    expect(printed[0]!.period).toBe("March 1, 2026 to March 31, 2026");
    expect(printed[0]!.rows).toContainEqual({ kind: "line", cells: ["4000 Sales", "€100.00", "€110.00", "-€10.00", "-9.1 %"], depth: 1 });
    // The forecast: 3 × 100 actual, then 9 × 110 budget, against 12 × 110.
    expect(printed[3]!.rows).toContainEqual({
      kind: "line",
      cells: ["4000 Sales", "€1,290.00", "€1,320.00", "-€30.00", "-2.3 %"],
      depth: 1,
    });
  });

  it("writes a CSV row per line, four columns per group", () => {
    const { header, records } = budgetActualCsv(report);
    expect(header).toHaveLength(17);
    expect(header.slice(0, 5)).toEqual(["line", "2026-03_actual", "2026-03_budget", "2026-03_difference", "2026-03_percent"]);
    expect(records[0]).toEqual([
      "4000 Sales",
      ...["100.00", "110.00", "-10.00"].map((amount) => ({ amount })),
      "-9.1",
      ...records[0]!.slice(5),
    ]);
    expect(records.map((r) => r[0])).toContain("Net income");
  });
});
