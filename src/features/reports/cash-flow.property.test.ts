import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import { cashFlow, cashFlowCsvRecords, isCashName, type CashFlowAccount } from "./cash-flow.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/*
 * The statement of cash flows reconciles to the change in cash for any balanced postings: net income, the operating
 * adjustments, investing and financing add up to the cash accounts' change, and the sections add up to their totals.
 */

const CHART: [string, AccountType, AccountDetailType, boolean][] = [
  ["Cash", "Asset", "current_asset", true],
  ["Bank - checking", "Asset", "current_asset", true],
  ["Accounts Receivable", "Asset", "current_asset", false],
  ["Equipment", "Asset", "fixed_asset", false],
  ["Accumulated depreciation", "Asset", "fixed_asset", false],
  ["Deposits", "Asset", "other_asset", false],
  ["Accounts Payable", "Liability", "current_liability", false],
  ["Loan", "Liability", "long_term_liability", false],
  ["Owner's Equity", "Equity", "equity", false],
  ["Sales", "Revenue", "operating_revenue", false],
  ["Interest income", "Revenue", "other_income", false],
  ["Rent", "Expense", "operating_expense", false],
  ["Depreciation expense", "Expense", "operating_expense", false],
];

/** A balanced entry: lines of (account index, cents debit − credit) adding up to zero; dated before (false) or in the period. */
const entry = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 0, max: CHART.length - 1 }), fc.integer({ min: -1_000_000, max: 1_000_000 })), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.integer({ min: 0, max: CHART.length - 1 }),
    fc.boolean(),
  )
  .map(([lines, other, inPeriod]) => ({ lines: [...lines, [other, -lines.reduce((s, [, c]) => s + c, 0)] as [number, number]], inPeriod }));

function accountsFrom(entries: { lines: [number, number][]; inPeriod: boolean }[]): CashFlowAccount[] {
  const t = CHART.map(() => ({ d: 0n, c: 0n, od: 0n, oc: 0n }));
  for (const e of entries)
    for (const [i, c] of e.lines) {
      const x = t[i]!;
      const v = BigInt(Math.abs(c));
      if (e.inPeriod && c > 0) x.d += v;
      else if (e.inPeriod) x.c += v;
      else if (c > 0) x.od += v;
      else x.oc += v;
    }
  return CHART.map(([name, type, detail, cash], i) => ({
    account_id: i + 1,
    account_code: String(1000 + i * 10),
    account_name: name,
    account_type: type,
    detail_type: detail,
    debit_total: centsToDecimal(t[i]!.d),
    credit_total: centsToDecimal(t[i]!.c),
    opening_debit_total: centsToDecimal(t[i]!.od),
    opening_credit_total: centsToDecimal(t[i]!.oc),
    is_cash: cash,
  }));
}

const c = (s: string) => toCents(s)!;

describe("statement of cash flows", () => {
  it("reconciles to the change in cash, and each section to its total, for any balanced postings", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 25 }), (entries) => {
        const r = cashFlow(accountsFrom(entries), "2026-01-01", "2026-12-31");
        const sum = (ls: { amount: string }[]) => ls.reduce((s, l) => s + c(l.amount), 0n);
        expect(c(r.net_change)).toBe(c(r.cash_end) - c(r.cash_start));
        expect(c(r.total_operating)).toBe(c(r.net_income) + sum(r.depreciation) + sum(r.working_capital));
        expect(c(r.net_change)).toBe(c(r.total_operating) + c(r.total_investing) + c(r.total_financing));
        expect(c(r.total_investing)).toBe(sum(r.investing));
        expect(c(r.total_financing)).toBe(sum(r.financing));
        expect(r.cash_accounts.reduce((s, a) => s + c(a.end) - c(a.start), 0n)).toBe(c(r.net_change));
      }),
    );
  });

  it("sorts a small business's month: sales collected and not, rent, equipment bought, a loan, depreciation", () => {
    const at = (name: string) => CHART.findIndex(([n]) => n === name);
    const r = cashFlow(
      accountsFrom([
        {
          lines: [
            [at("Cash"), 500_000],
            [at("Owner's Equity"), -500_000],
          ],
          inPeriod: false,
        },
        {
          lines: [
            [at("Cash"), 120_000],
            [at("Accounts Receivable"), 30_000],
            [at("Sales"), -150_000],
          ],
          inPeriod: true,
        },
        {
          lines: [
            [at("Rent"), 40_000],
            [at("Cash"), -40_000],
          ],
          inPeriod: true,
        },
        {
          lines: [
            [at("Equipment"), 200_000],
            [at("Cash"), -50_000],
            [at("Loan"), -150_000],
          ],
          inPeriod: true,
        },
        {
          lines: [
            [at("Depreciation expense"), 5_000],
            [at("Accumulated depreciation"), -5_000],
          ],
          inPeriod: true,
        },
      ]),
      "2026-01-01",
      "2026-01-31",
    );
    expect(r).toMatchObject({
      net_income: "1050.00",
      total_operating: "800.00",
      total_investing: "-2000.00",
      total_financing: "1500.00",
      net_change: "300.00",
      cash_start: "5000.00",
      cash_end: "5300.00",
    });
    expect(r.depreciation.map((l) => [l.account_name, l.amount])).toEqual([["Accumulated depreciation", "50.00"]]);
    expect(r.working_capital.map((l) => [l.account_name, l.amount])).toEqual([["Accounts Receivable", "-300.00"]]);
    expect(cashFlowCsvRecords(r).at(-1)).toEqual(["", "", "Cash at 2026-01-31 (end)", { amount: "5300.00" }]);
  });

  it("knows cash by its name among current assets", () => {
    expect(["Cash", "Petty cash", "Bank - checking", "Savings account", "Cash on hand"].every(isCashName)).toBe(true);
    expect(["Accounts Receivable", "Inventory", "Cashews stock", "Prepaid rent"].some(isCashName)).toBe(false);
  });
});
