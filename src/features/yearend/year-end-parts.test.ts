import { describe, expect, it } from "vitest";
import { contractorsPart } from "./year-end-parts-more.ts";
import { fixedAssetsPart, isAccumulatedDepreciation, trialBalancePart, type AccountBalance, type PackageYear } from "./year-end-parts.ts";

const year: PackageYear = { fiscal_year: 2026, start: "2025-07-01", end: "2026-06-30", label: "FY2026 (2025-07-01 to 2026-06-30)" };
const usd = { name: "Birch Books", currency: "USD" };

const account = (code: string, name: string, type: string, detail: string, o: Partial<AccountBalance> = {}): AccountBalance => ({
  account_id: Number(code),
  code,
  name,
  type,
  detail,
  opening: 0n,
  debit: 0n,
  credit: 0n,
  adjusting_debit: 0n,
  adjusting_credit: 0n,
  ...o,
});

describe("the year-end package's parts", () => {
  const accounts = [
    account("1000", "Cash", "Asset", "current_asset", { opening: 500_000n, debit: 200_000n, credit: 150_000n }),
    account("1500", "Vehicles", "Asset", "fixed_asset", { opening: 1_000_000n, debit: 250_000n, credit: 100_000n }),
    account("1510", "Accumulated Depreciation", "Asset", "fixed_asset", { opening: -300_000n, credit: 120_000n, adjusting_credit: 120_000n }),
    account("1590", "Vehicle contra", "Asset", "fixed_asset", { opening: -10_000n }),
    account("3000", "Equity", "Equity", "equity", { opening: -1_190_000n, credit: 350_000n }),
    account("6300", "Depreciation Expense", "Expense", "operating_expense", { debit: 120_000n, adjusting_debit: 120_000n }),
    account("6000", "Rent", "Expense", "operating_expense", { debit: 150_000n, credit: 0n }),
  ];

  it("takes the adjusting entries off the trial balance before adjustments, and leaves an account only they touched out", () => {
    const after = trialBalancePart(accounts, year, usd, true);
    const before = trialBalancePart(accounts, year, usd, false);
    const closing = (part: typeof after, code: string) => {
      const r = part.csv!.records.find((x) => x[0] === code)!;
      return [r[7], r[8]];
    };
    expect(closing(after, "1510")).toEqual([{ amount: "0.00" }, { amount: "4200.00" }]);
    expect(closing(before, "1510")).toEqual([{ amount: "0.00" }, { amount: "3000.00" }]);
    expect(after.csv!.records.some((r) => r[0] === "6300")).toBe(true);
    expect(before.csv!.records.some((r) => r[0] === "6300")).toBe(false);
    // Debits equal credits on both, and the closing sides balance.
    for (const part of [after, before]) {
      const total = part.csv!.records.at(-1)!;
      expect(total[5]).toEqual(total[6]);
      expect(total[7]).toEqual(total[8]);
    }
    expect(after.print.period).toBe("July 1, 2025 to June 30, 2026");
  });

  it("finds accumulated depreciation by its name or its credit balance, and totals the net book value", () => {
    expect(accounts.filter((a) => a.detail === "fixed_asset").map(isAccumulatedDepreciation)).toEqual([false, true, true]);
    const part = fixedAssetsPart(accounts, year, usd);
    expect(part.csv!.records.map((r) => [r[0], r[1], r[6]])).toEqual([
      ["Cost", "1500", { amount: "11500.00" }],
      ["Accumulated depreciation", "1510", { amount: "-4200.00" }],
      ["Accumulated depreciation", "1590", { amount: "-100.00" }],
      ["Depreciation expense", "", { amount: "1200.00" }],
    ]);
    expect(part.print.rows.find((r) => r.kind === "total")).toEqual({
      kind: "total",
      cells: ["Net book value", "$6,900.00", "", "", "$7,200.00"],
    });
  });

  it("lists the contractors paid at least the year's threshold; in books kept in EUR the part does not apply", () => {
    const paid = [
      { contact_id: 1, name: "Ash Design", tax_id: "12-3456789", paid: 200_000n, payments: 4 },
      { contact_id: 2, name: "Elm Cleaning", tax_id: null, paid: 199_999n, payments: 12 },
    ];
    const part = contractorsPart(paid, 2026, year, usd);
    expect(part.csv!.records).toEqual([["Ash Design", "12-3456789", 4, { amount: "2000.00" }]]);
    expect(part.print.rows.at(-1)).toEqual({ kind: "note", text: "1 other contractor was paid less than $2,000.00 in 2026, and is not listed." });
    const eur = contractorsPart(paid, 2026, year, { name: "Birch Books", currency: "EUR" });
    expect(eur.csv!.records).toEqual([]);
    expect(eur.print.rows).toEqual([
      { kind: "note", text: "Does not apply: these books are kept in EUR, and 1099 reporting is of payments in US dollars." },
    ]);
  });
});
