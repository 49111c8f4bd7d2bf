import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DETAIL_TYPES, accountTypeOfDetail, type AccountDetailType } from "~/features/ledger/index.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { reportCsv } from "./report-csv.ts";
import { balanceSheet, profitAndLoss, trialBalance, type AccountTotals, type StatementItem } from "./reports.ts";
import { change } from "./statements.ts";

/**
 * The laid-out statements on any books: accounts of every detail type, some under parents, posted in balanced entries
 * before and within the period.
 */

const c = (s: string) => toCents(s)!;
const dec = centsToDecimal;

interface Chart {
  detail: AccountDetailType;
  /** Index of an earlier account to stand under (same type only), or -1. */
  parent: number;
}
const chartArb = fc.array(fc.record({ detail: fc.constantFrom(...ACCOUNT_DETAIL_TYPES), parent: fc.integer({ min: -1, max: 11 }) }), {
  minLength: 2,
  maxLength: 12,
});
const postingArb = fc.record({ dr: fc.nat(), cr: fc.nat(), cents: fc.integer({ min: 1, max: 10_000_000 }), before: fc.boolean() });

/** Account totals for a chart and postings (each a balanced pair, before the period or in it). */
function books(chart: Chart[], postings: { dr: number; cr: number; cents: number; before: boolean }[]): AccountTotals[] {
  const sums = chart.map(() => ({ d: 0n, c: 0n, od: 0n, oc: 0n }));
  for (const p of postings) {
    const dr = sums[p.dr % chart.length]!;
    const cr = sums[p.cr % chart.length]!;
    if (p.before) {
      dr.od += BigInt(p.cents);
      cr.oc += BigInt(p.cents);
    } else {
      dr.d += BigInt(p.cents);
      cr.c += BigInt(p.cents);
    }
  }
  return chart.map((a, i) => {
    const type = accountTypeOfDetail(a.detail);
    const parent = a.parent >= 0 && a.parent < i && accountTypeOfDetail(chart[a.parent]!.detail) === type ? a.parent + 1 : null;
    return {
      account_id: i + 1,
      account_code: String(1000 + i),
      account_name: `Account ${i}`,
      account_type: type,
      detail_type: a.detail,
      parent_id: parent,
      debit_total: dec(sums[i]!.d),
      credit_total: dec(sums[i]!.c),
      opening_debit_total: dec(sums[i]!.od),
      opening_credit_total: dec(sums[i]!.oc),
    };
  });
}

const amount = (items: StatementItem[], key: string, column = 0) => c(items.find((i) => i.key === key)?.amounts[column] ?? "0");
/** The sum of a section's top-level accounts (their rows already hold their sub-accounts). */
function sectionSum(items: StatementItem[], section: string, column = 0): bigint {
  const start = items.findIndex((i) => i.key === `section:${section}`);
  if (start < 0) return 0n;
  let sum = 0n;
  for (const i of items.slice(start + 1)) {
    if (i.kind !== "account") break;
    if (i.level === 1) sum += c(i.amounts[column]!);
  }
  return sum;
}

describe("laid-out statements on any books", () => {
  it("P&L: each section sums to its subtotal; gross profit, operating income and net income follow; net income is the trial balance's", () => {
    fc.assert(
      fc.property(chartArb, fc.array(postingArb, { maxLength: 30 }), (chart, postings) => {
        const totals = books(chart, postings);
        const pl = profitAndLoss(totals, "2026-01-01", "2026-12-31");
        const items = pl.items;
        for (const s of ["operating_revenue", "cost_of_sales", "operating_expense", "other_income", "other_expense"])
          expect(sectionSum(items, s)).toBe(items.some((i) => i.key === `section:${s}`) ? amount(items, `total:${s}`) : 0n);
        expect(c(pl.gross_profit)).toBe(c(pl.total_operating_revenue) - c(pl.total_cost_of_sales));
        expect(c(pl.operating_income)).toBe(c(pl.gross_profit) - c(pl.total_operating_expenses));
        expect(c(pl.net_income)).toBe(c(pl.operating_income) + c(pl.total_other_income) - c(pl.total_other_expenses));
        expect(amount(items, "total:net_income")).toBe(c(pl.net_income));
        // The trial balance's revenue less expenses over the period.
        const tb = trialBalance(totals, "2026-01-01", "2026-12-31");
        const periodIncome = tb.rows.reduce(
          (s, r) =>
            r.account_type === "Revenue"
              ? s + c(r.credit_total) - c(r.debit_total)
              : r.account_type === "Expense"
                ? s - c(r.debit_total) + c(r.credit_total)
                : s,
          0n,
        );
        expect(c(pl.net_income)).toBe(periodIncome);
        // No debit or credit columns: one amount per item and column.
        expect(reportCsv(pl).header).toEqual(["Line", "Account Code", "This period (2026-01-01 to 2026-12-31)"]);
      }),
    );
  });

  it("balance sheet: A = L + E for any postings, sections sum to their subtotals, earnings split at the year's start", () => {
    fc.assert(
      fc.property(chartArb, fc.array(postingArb, { maxLength: 30 }), (chart, postings) => {
        const totals = books(chart, postings);
        const bs = balanceSheet(totals, "2026-01-01", "2026-12-31", { earningsFrom: "2026-01-01" });
        const items = bs.items;
        expect(bs.total_assets).toBe(bs.total_liabilities_and_equity);
        expect(amount(items, "total:assets")).toBe(amount(items, "total:liabilities_and_equity"));
        expect(sectionSum(items, "current_assets") + sectionSum(items, "non_current_assets")).toBe(c(bs.total_assets));
        expect(c(bs.total_current_liabilities) + c(bs.total_long_term_liabilities)).toBe(c(bs.total_liabilities));
        expect(sectionSum(items, "equity") + c(bs.prior_years_earnings) + c(bs.current_year_earnings)).toBe(c(bs.total_equity));
        expect(c(bs.prior_years_earnings) + c(bs.current_year_earnings)).toBe(c(bs.net_income));
        // The current year's earnings are the period's P&L.
        expect(bs.current_year_earnings).toBe(profitAndLoss(totals, "2026-01-01", "2026-12-31").net_income);
      }),
    );
  });

  it("a parent's row is its own balance plus its sub-accounts'; the section counts each account once", () => {
    fc.assert(
      fc.property(chartArb, fc.array(postingArb, { maxLength: 30 }), (chart, postings) => {
        const totals = books(chart, postings);
        for (const report of [profitAndLoss(totals, "s", "e"), balanceSheet(totals, "s", "e")]) {
          const accounts = report.items.filter((i) => i.kind === "account");
          for (const parent of accounts.filter((i) => i.has_children)) {
            const children = accounts.filter((i) => i.parent_key === parent.key);
            expect(c(parent.amounts[0]!)).toBe(c(parent.own_amounts![0]!) + children.reduce((s, ch) => s + c(ch.amounts[0]!), 0n));
          }
        }
      }),
    );
  });

  it("comparisons: a column per period; each change is current less comparison, its per cent of the comparison", () => {
    fc.assert(
      fc.property(chartArb, fc.array(postingArb, { maxLength: 20 }), fc.array(postingArb, { maxLength: 20 }), (chart, now, before) => {
        const current = books(chart, now);
        const previous = books(chart, before);
        const column = { key: "previous_period" as const, label: "Previous period", start: "2025-01-01", end: "2025-12-31" };
        const pl = profitAndLoss(current, "2026-01-01", "2026-12-31", [{ column, totals: previous }]);
        expect(pl.columns.map((col) => col.key)).toEqual(["current", "previous_period"]);
        const alone = profitAndLoss(previous, "2025-01-01", "2025-12-31");
        expect(amount(pl.items, "total:net_income", 1)).toBe(c(alone.net_income));
        for (const item of pl.items.filter((i) => i.kind !== "heading")) {
          const [a, b] = item.amounts.map(c) as [bigint, bigint];
          expect(c(item.changes![0]!.amount)).toBe(a - b);
          const p = item.changes![0]!.percent;
          if (b === 0n) expect(p).toBeNull();
          else expect(Math.abs(Number(p) - (Number(a - b) / Math.abs(Number(b))) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        }
      }),
    );
  });

  it("per cent changes are rounded half away from zero to one decimal", () => {
    expect(change("150.00", "100.00")).toEqual({ amount: "50.00", percent: "50.0" });
    expect(change("50.00", "100.00")).toEqual({ amount: "-50.00", percent: "-50.0" });
    expect(change("100.00", "-100.00")).toEqual({ amount: "200.00", percent: "200.0" });
    expect(change("1.00", "3.00")).toEqual({ amount: "-2.00", percent: "-66.7" });
    expect(change("0.01", "800.00")).toEqual({ amount: "-799.99", percent: "-100.0" });
    expect(change("5.00", "0.00")).toEqual({ amount: "5.00", percent: null });
  });
});
