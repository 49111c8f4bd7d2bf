import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBalance, formatMoney as formatUsd } from "~/lib/format.ts";
import { centsToDecimal } from "~/lib/money.ts";
import {
  asOfText,
  longDate,
  monthName,
  periodText,
  balanceSheetPrint,
  printableReport,
  printFileName,
  profitLossPrint,
  type PrintableReport,
  type PrintRow,
} from "./report-print.ts";
import { isLaidOut, itemLabel } from "./report-print-statement.ts";
import { balanceSheet, profitAndLoss, trialBalance, type AccountTotals } from "./reports.ts";
import { ACCOUNT_TYPES, type AccountType } from "~/features/ledger/index.ts";

const account = (id: number, type: AccountType, d: bigint, c: bigint, od = 0n, oc = 0n) =>
  ({
    account_id: id,
    account_code: String(1000 + id),
    account_name: `Account ${id}`,
    account_type: type,
    debit_total: centsToDecimal(d),
    credit_total: centsToDecimal(c),
    opening_debit_total: centsToDecimal(od),
    opening_credit_total: centsToDecimal(oc),
  }) as AccountTotals;

const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n });
const books = fc
  .array(fc.tuple(fc.constantFrom(...ACCOUNT_TYPES), cents, cents, cents, cents), { minLength: 1, maxLength: 30 })
  .map((rows) => rows.map(([type, d, c, od, oc], i) => account(i + 1, type, d, c, od, oc)));

const lines = (p: PrintableReport) => p.rows.filter((r): r is Extract<PrintRow, { kind: "line" }> => r.kind === "line");
const labelled = (p: PrintableReport, kind: "subtotal" | "total", label: string) =>
  p.rows.find((r) => (r.kind === kind && r.cells[0] === label) || false) as { cells: string[] } | undefined;

describe("printable reports", () => {
  it("the trial balance: every account's line with its six amounts, and the totals", () => {
    fc.assert(
      fc.property(books, (totals) => {
        const report = trialBalance(totals, "2026-10-01", "2026-10-31");
        const printed = printableReport(report, { name: "Harbor Lights Bakery", currency: "USD" });
        expect(printed).toMatchObject({
          title: "Trial Balance",
          organization: "Harbor Lights Bakery",
          period: "October 1, 2026 to October 31, 2026",
        });
        expect(printed.columns.reduce((s, c) => s + c.width, 0)).toBeCloseTo(1);
        if (report.empty) return expect(printed.rows).toEqual([{ kind: "note", text: expect.stringContaining("No posted") }]);
        const side = (d: string) => (d === "0.00" ? "" : formatUsd(d));
        expect(lines(printed).map((l) => l.cells)).toEqual(
          report.rows.map((r) => [
            `${r.account_code} ${r.account_name}`,
            side(r.opening_debit),
            side(r.opening_credit),
            formatUsd(r.debit_total),
            formatUsd(r.credit_total),
            side(r.closing_debit),
            side(r.closing_credit),
          ]),
        );
        expect(labelled(printed, "total", "Totals")?.cells).toEqual(
          [
            report.total_opening_debit,
            report.total_opening_credit,
            report.total_debit,
            report.total_credit,
            report.total_closing_debit,
            report.total_closing_credit,
          ].reduce((cells, t) => [...cells, formatUsd(t)], ["Totals"]),
        );
        for (const l of lines(printed)) expect(l.cells).toHaveLength(printed.columns.length);
      }),
    );
  });

  it("the profit and loss: revenue and expense lines under their sections, their totals, and the net income or loss", () => {
    fc.assert(
      fc.property(books, (totals) => {
        const report = profitAndLoss(totals, "2026-10-01", "2026-10-31");
        const printed = profitLossPrint(report, { name: "Org", currency: "USD" });
        if (report.empty) return;
        const sections = printed.rows.filter((r) => r.kind === "section").map((r) => (r.kind === "section" ? r.label : ""));
        expect(sections).toEqual(["Revenue", "Expenses"]);
        expect(lines(printed).map((l) => l.cells)).toEqual(
          [...report.revenue, ...report.expenses].map((r) => [`${r.account_code} ${r.account_name}`, formatBalance(r.balance)]),
        );
        expect(labelled(printed, "subtotal", "Total revenue")?.cells[1]).toBe(formatBalance(report.total_revenue));
        expect(labelled(printed, "subtotal", "Total expenses")?.cells[1]).toBe(formatBalance(report.total_expenses));
        const net = printed.rows.at(-1)!;
        const loss = report.net_income.startsWith("-");
        expect(net).toEqual({ kind: "total", cells: [loss ? "Net Loss" : "Net Income", formatUsd(report.net_income.replace("-", ""))] });
      }),
    );
  });

  it("the balance sheet: as of its date, assets, liabilities and equity with the unclosed net income, and their totals", () => {
    fc.assert(
      fc.property(books, (totals) => {
        const report = balanceSheet(totals, "2026-10-01", "2026-10-31");
        const printed = balanceSheetPrint(report, { name: "Org", currency: "USD" });
        expect(printed.period).toBe("As of October 31, 2026");
        if (report.empty) return;
        const accounts = [...report.assets, ...report.liabilities, ...report.equity];
        expect(lines(printed).map((l) => l.cells[0])).toEqual([
          ...accounts.map((r) => `${r.account_code} ${r.account_name}`),
          "Net income to date (not closed to equity)",
        ]);
        expect(lines(printed).at(-1)?.cells[1]).toBe(formatBalance(report.net_income));
        expect(labelled(printed, "total", "Total assets")?.cells[1]).toBe(formatBalance(report.total_assets));
        expect(labelled(printed, "subtotal", "Total liabilities")?.cells[1]).toBe(formatBalance(report.total_liabilities));
        expect(labelled(printed, "subtotal", "Total equity")?.cells[1]).toBe(formatBalance(report.total_equity));
        expect(labelled(printed, "total", "Total liabilities and equity")?.cells[1]).toBe(
          formatBalance(report.total_liabilities_and_equity),
        );
      }),
    );
  });

  it("a statement that carries its laid-out items is printed from them, every item in order", () => {
    fc.assert(
      fc.property(books, (totals) => {
        for (const report of [profitAndLoss(totals, "2026-10-01", "2026-10-31"), balanceSheet(totals, "2026-10-01", "2026-10-31")]) {
          if (!isLaidOut(report) || report.empty) continue;
          const printed = printableReport(report, { name: "Org", currency: "USD" });
          expect(printed.rows.map((r) => (r.kind === "section" ? r.label : r.kind === "note" ? r.text : r.cells[0]))).toEqual(
            report.items.map(itemLabel),
          );
        }
      }),
    );
  });

  it("dates, months and file names as printed", () => {
    expect(longDate("2026-01-05")).toBe("January 5, 2026");
    expect(monthName("2026-12")).toBe("December 2026");
    expect(periodText("2026-10-01", "2026-10-31")).toBe("October 1, 2026 to October 31, 2026");
    expect(asOfText("2026-02-28")).toBe("As of February 28, 2026");
    expect(printFileName("balance_sheet", "2026-10-31", "2026-10-31")).toBe("balance_sheet_2026-10-31_2026-10-31.pdf");
    expect(printFileName('a"b/c', "x", "y")).toBe("a_b_c_x_y.pdf");
  });
});
