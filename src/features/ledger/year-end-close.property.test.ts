import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { balanceCents, type AccountType } from "./account-types.ts";
import { closingPlan, fiscalYear, fiscalYearOf, lastEndedFiscalYear, type YearTotals } from "./year-end-close.ts";

const TYPES: AccountType[] = ["Asset", "Liability", "Equity", "Revenue", "Expense"];
const RE = 99;

/** Accounts 1..10 of random types with random debit and credit totals that balance overall (account 1 takes the rest). */
const books = fc
  .array(fc.tuple(fc.constantFrom(...TYPES), fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 })), {
    minLength: 1,
    maxLength: 10,
  })
  .map((rows) => {
    const accounts = rows.map(([type, d, c], i) => ({ id: i + 2, type, d: BigInt(d), c: BigInt(c) }));
    const net = accounts.reduce((s, a) => s + a.d - a.c, 0n);
    accounts.push({ id: 1, type: "Asset", d: net < 0n ? -net : 0n, c: net > 0n ? net : 0n });
    accounts.push({ id: RE, type: "Equity", d: 0n, c: 0n });
    return accounts;
  });

describe("year-end close", () => {
  it("leaves every revenue and expense account at zero, balances, and keeps A = L + E with the income in Retained Earnings", () => {
    fc.assert(
      fc.property(books, (accounts) => {
        const totals: YearTotals[] = accounts.map((a) => ({
          account_id: a.id,
          account_code: String(1000 + a.id),
          account_name: `Account ${a.id}`,
          account_type: a.type,
          debit_total: centsToDecimal(a.d),
          credit_total: centsToDecimal(a.c),
        }));
        const plan = closingPlan(totals, RE);
        const after = new Map(accounts.map((a) => [a.id, { ...a }]));
        let debits = 0n;
        let credits = 0n;
        for (const l of plan.lines) {
          const a = after.get(l.account_id)!;
          a.d += toCents(l.debit_amount)!;
          a.c += toCents(l.credit_amount)!;
          debits += toCents(l.debit_amount)!;
          credits += toCents(l.credit_amount)!;
        }
        expect(debits).toBe(credits);
        const bal = (type: AccountType) =>
          [...after.values()].filter((a) => a.type === type).reduce((s, a) => s + balanceCents(type, a.d, a.c), 0n);
        for (const a of after.values()) if (a.type === "Revenue" || a.type === "Expense") expect(a.d - a.c).toBe(0n);
        expect(bal("Asset")).toBe(bal("Liability") + bal("Equity"));
        const income = bal("Revenue") - bal("Expense");
        expect(income).toBe(0n);
        const re = after.get(RE)!;
        expect(re.c - re.d).toBe(toCents(plan.net_income)!);
      }),
    );
  });

  it("names fiscal years by the year they end in, for every start month", () => {
    expect(fiscalYear(1, 2025)).toMatchObject({ start: "2025-01-01", end: "2025-12-31", label: "2025" });
    expect(fiscalYear(7, 2026)).toMatchObject({ start: "2025-07-01", end: "2026-06-30", label: "FY2026 (2025-07-01 to 2026-06-30)" });
    expect(fiscalYear(3, 2024).end).toBe("2024-02-29");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.date({ min: new Date("1950-01-01"), max: new Date("2150-12-31"), noInvalidDate: true }),
        (m, d) => {
          const day = d.toISOString().slice(0, 10);
          const y = fiscalYear(m, fiscalYearOf(m, day));
          expect(y.start <= day && day <= y.end).toBe(true);
          expect(fiscalYear(m, lastEndedFiscalYear(m, day)).end < day).toBe(true);
        },
      ),
    );
  });
});
