import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { balanceSheet, buildReport, profitAndLoss, trialBalance, type AccountTotals } from "./reports.ts";
import { defaultPeriod } from "~/features/ledger/index.ts";
import { type AccountType } from "~/features/ledger/index.ts";
import { formatBalance, formatMoney as formatUsd } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { reportCsv, reportFileName } from "./report-csv.ts";

let nextId = 1;
const acct = (
  code: string,
  type: AccountType,
  debit: string,
  credit: string,
  openingDebit = "0.00",
  openingCredit = "0.00",
): AccountTotals => ({
  account_id: nextId++,
  account_code: code,
  account_name: `Account ${code}`,
  account_type: type,
  debit_total: debit,
  credit_total: credit,
  opening_debit_total: openingDebit,
  opening_credit_total: openingCredit,
});

const sample = [
  acct("4000", "Revenue", "0.00", "1500.25"),
  acct("1000", "Asset", "10000.00", "700.00"),
  acct("3000", "Equity", "0.00", "10000.00"),
  acct("6100", "Expense", "700.00", "0.00"),
  acct("1100", "Asset", "1500.25", "0.00"),
  acct("2000", "Liability", "0.00", "0.00"),
];

describe("report math", () => {
  it("applies each account type's sign rule and drops accounts without activity, ordered by code", () => {
    const tb = trialBalance(sample, "2026-01-01", "2026-12-31");
    expect(tb.rows.map((r) => [r.account_code, r.balance])).toEqual([
      ["1000", "9300.00"],
      ["1100", "1500.25"],
      ["3000", "10000.00"],
      ["4000", "1500.25"],
      ["6100", "700.00"],
    ]);
    expect(tb.total_debit).toBe("12200.25");
    expect(tb.total_credit).toBe("12200.25");
  });

  it("gives a liability debited beyond its credits a negative balance, shown as the absolute amount with (CR)", () => {
    const tb = trialBalance([acct("2000", "Liability", "50.00", "20.00"), acct("1000", "Asset", "20.00", "50.00")], "a", "b");
    expect(tb.rows.map((r) => r.balance)).toEqual(["-30.00", "-30.00"]);
    expect(formatBalance(tb.rows[0]!.balance)).toBe("$30.00 (CR)");
    expect(formatBalance("1234567.5")).toBe("$1,234,567.50");
  });

  it("keeps only revenue and expense in profit and loss, with net income or net loss", () => {
    const pl = profitAndLoss(sample, "s", "e");
    expect(pl.rows.map((r) => r.account_code)).toEqual(["4000", "6100"]);
    expect(pl.net_income).toBe("800.25");
    const loss = profitAndLoss([acct("4000", "Revenue", "0.00", "100.00"), acct("6000", "Expense", "250.10", "0.00")], "s", "e");
    expect(loss.net_income).toBe("-150.10");
    expect(reportCsv(loss).records.at(-1)).toEqual(["Net loss", "", { amount: "-150.10" }]);
    expect(reportCsv(pl).records.at(-1)?.[0]).toBe("Net income");
    expect(reportCsv(pl).header).toEqual(["Line", "Account Code", "This period (s to e)"]);
  });

  it("balance sheet: assets, liabilities and equity with the unclosed net income, and the identity holds", () => {
    const bs = balanceSheet(sample, "s", "e");
    expect(bs.rows.map((r) => r.account_type)).toEqual(["Asset", "Asset", "Equity"]);
    expect(bs).toMatchObject({ total_assets: "10800.25", total_liabilities: "0.00", net_income: "800.25", total_equity: "10800.25" });
    expect(bs.total_liabilities_and_equity).toBe(bs.total_assets);
  });

  it("balance sheet identity holds for any balanced set of postings", () => {
    const types: AccountType[] = ["Asset", "Liability", "Equity", "Revenue", "Expense"];
    const posting = fc.record({ dr: fc.nat(4), cr: fc.nat(4), cents: fc.integer({ min: 1, max: 10 ** 12 }) });
    fc.assert(
      fc.property(fc.array(posting, { maxLength: 40 }), (postings) => {
        const d = [0n, 0n, 0n, 0n, 0n];
        const c = [0n, 0n, 0n, 0n, 0n];
        for (const p of postings) {
          d[p.dr]! += BigInt(p.cents);
          c[p.cr]! += BigInt(p.cents);
        }
        const dec = (x: bigint) => `${x / 100n}.${String(x % 100n).padStart(2, "0")}`;
        const totals = types.map((t, i) => acct(String(i), t, dec(d[i]!), dec(c[i]!)));
        const bs = balanceSheet(totals, "s", "e");
        const tb = trialBalance(totals, "s", "e");
        return bs.total_assets === bs.total_liabilities_and_equity && tb.total_debit === tb.total_credit;
      }),
    );
  });

  it("trial balance for a date range: opening balance before it, the period's totals, closing balance at its end", () => {
    // Cash: 55,500.00 debit before 15 November, 13,300.50 received in the range; equity and revenue the other sides.
    const totals = [
      acct("1000", "Asset", "13300.50", "0.00", "60000.00", "4500.00"),
      acct("3000", "Equity", "0.00", "0.00", "0.00", "50000.00"),
      acct("4000", "Revenue", "0.00", "13300.50", "0.00", "10000.00"),
      acct("6000", "Expense", "0.00", "0.00", "4500.00", "0.00"),
      acct("2000", "Liability", "0.00", "0.00", "700.00", "700.00"),
    ];
    const tb = trialBalance(totals, "2026-11-15", "2026-11-30");
    // Accounts with a balance but no activity in the range stay; the one whose history nets to zero does not.
    expect(
      tb.rows.map((r) => [
        r.account_code,
        r.opening_debit,
        r.opening_credit,
        r.debit_total,
        r.credit_total,
        r.closing_debit,
        r.closing_credit,
      ]),
    ).toEqual([
      ["1000", "55500.00", "0.00", "13300.50", "0.00", "68800.50", "0.00"],
      ["3000", "0.00", "50000.00", "0.00", "0.00", "0.00", "50000.00"],
      ["4000", "0.00", "10000.00", "0.00", "13300.50", "0.00", "23300.50"],
      ["6000", "4500.00", "0.00", "0.00", "0.00", "4500.00", "0.00"],
    ]);
    expect(tb.rows.map((r) => [r.account_code, r.opening_balance, r.balance])).toEqual([
      ["1000", "55500.00", "68800.50"],
      ["3000", "50000.00", "50000.00"],
      ["4000", "10000.00", "23300.50"],
      ["6000", "4500.00", "4500.00"],
    ]);
    expect(tb).toMatchObject({
      total_opening_debit: "60000.00",
      total_opening_credit: "60000.00",
      total_debit: "13300.50",
      total_credit: "13300.50",
      total_closing_debit: "73300.50",
      total_closing_credit: "73300.50",
    });
    // The CSV keeps the spec's columns: the period's debit and credit, and the balance at the end of the range.
    expect(reportCsv(tb).records[0]).toEqual([
      "1000",
      "Account 1000",
      "Asset",
      { amount: "13300.50" },
      { amount: "0.00" },
      { amount: "68800.50" },
    ]);
  });

  it("a balance that changes side in the range moves to the other column", () => {
    const tb = trialBalance(
      [acct("1000", "Asset", "0.00", "150.00", "100.00", "0.00"), acct("2000", "Liability", "150.00", "0.00", "0.00", "100.00")],
      "s",
      "e",
    );
    expect(tb.rows.map((r) => [r.opening_debit, r.opening_credit, r.closing_debit, r.closing_credit, r.balance])).toEqual([
      ["100.00", "0.00", "0.00", "50.00", "-50.00"],
      ["0.00", "100.00", "50.00", "0.00", "-50.00"],
    ]);
  });

  it("balance sheet: the position at the end date counts history before the start date", () => {
    const bs = balanceSheet(
      [acct("1000", "Asset", "100.00", "0.00", "900.00", "0.00"), acct("3000", "Equity", "0.00", "100.00", "0.00", "900.00")],
      "s",
      "e",
    );
    expect(bs).toMatchObject({ total_assets: "1000.00", total_equity: "1000.00", total_liabilities_and_equity: "1000.00" });
    // Profit and loss is the period's activity alone.
    const pl = profitAndLoss([acct("4000", "Revenue", "0.00", "100.00", "0.00", "900.00")], "s", "e");
    expect(pl.total_revenue).toBe("100.00");
  });

  it("every column pair of a trial balance totals equal for any balanced postings before and in the range", () => {
    const types: AccountType[] = ["Asset", "Liability", "Equity", "Revenue", "Expense"];
    const posting = fc.record({ dr: fc.nat(4), cr: fc.nat(4), cents: fc.integer({ min: 1, max: 10 ** 12 }), before: fc.boolean() });
    fc.assert(
      fc.property(fc.array(posting, { maxLength: 40 }), (postings) => {
        const z = () => [0n, 0n, 0n, 0n, 0n];
        const [d, c, od, oc] = [z(), z(), z(), z()];
        for (const p of postings) {
          (p.before ? od : d)[p.dr]! += BigInt(p.cents);
          (p.before ? oc : c)[p.cr]! += BigInt(p.cents);
        }
        const dec = (x: bigint) => `${x / 100n}.${String(x % 100n).padStart(2, "0")}`;
        const tb = trialBalance(
          types.map((t, i) => acct(String(i), t, dec(d[i]!), dec(c[i]!), dec(od[i]!), dec(oc[i]!))),
          "s",
          "e",
        );
        const closingNet = tb.rows.reduce((s, r) => s + toCents(r.closing_debit)! - toCents(r.closing_credit)!, 0n);
        return (
          tb.total_opening_debit === tb.total_opening_credit &&
          tb.total_debit === tb.total_credit &&
          tb.total_closing_debit === tb.total_closing_credit &&
          closingNet === 0n
        );
      }),
    );
  });

  it("an empty range is the empty state", () => {
    expect(buildReport("trial_balance", [], "s", "e").empty).toBe(true);
    expect(buildReport("balance_sheet", [acct("2000", "Liability", "0.00", "0.00")], "s", "e").empty).toBe(true);
  });

  it("CSV file names and trial balance records", () => {
    expect(reportFileName("trial_balance", "2026-01-01", "2026-11-22")).toBe("trial_balance_2026-01-01_2026-11-22.csv");
    const tb = trialBalance([acct("1000", "Asset", "5.00", "0.00"), acct("4000", "Revenue", "0.00", "5.00")], "s", "e");
    const a = (amount: string) => ({ amount });
    expect(reportCsv(tb).records).toEqual([
      ["1000", "Account 1000", "Asset", a("5.00"), a("0.00"), a("5.00")],
      ["4000", "Account 4000", "Revenue", a("0.00"), a("5.00"), a("5.00")],
      ["", "Total", "", a("5.00"), a("5.00"), ""],
    ]);
  });

  it("default period: 1 January of this year to today", () => {
    expect(defaultPeriod(new Date(2026, 10, 22, 15))).toEqual({ start: "2026-01-01", end: "2026-11-22" });
  });
});

describe("money", () => {
  it("reads decimals exactly and refuses more than two decimals", () => {
    expect(toCents("1234.5")).toBe(123450n);
    expect(toCents(0.1)).toBe(10n);
    expect(toCents(1.005)).toBeNull();
    expect(toCents("1e3")).toBeNull();
    expect(toCents("-0.05")).toBe(-5n);
  });
  it("formats en-US dollars with two decimals", () => {
    expect(formatUsd("0")).toBe("$0.00");
    expect(formatUsd(123456789012n)).toBe("$1,234,567,890.12");
    expect(formatUsd("-5.5")).toBe("-$5.50");
  });
});
