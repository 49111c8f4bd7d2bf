import { describe, expect, it } from "vitest";
import type { BankAccount } from "./bank.types.ts";
import { reconciliationPrint, reconciliationSummary, type ReconciliationReport } from "./bank-report.server.ts";
import type { ReconciledItem } from "./bank-reconcile.server.ts";

const item = (amount: string, description: string, statement_text: string | null = null): ReconciledItem => ({
  date: "2024-11-04",
  entry_number: "JE-000001",
  description,
  amount,
  statement_text,
});

/** A finished reconciliation as the report reads it: its closing and book balance, its items and the opening kept. */
function report(parts: Partial<ReconciliationReport> & { closing: string; book: string }): ReconciliationReport {
  return {
    books: { name: "Meadow Landscaping", currency: "EUR" },
    account: { name: "KBC Business", account_code: "1010", account_name: "KBC Business" } as BankAccount,
    record: {
      id: 1,
      statement_date: "2024-11-30",
      statement_balance: parts.closing,
      book_balance: parts.book,
      finished_by: "Ann Keeper",
      finished_at: "2024-12-02 09:15:00+00",
      undone_at: null,
    },
    cleared: parts.cleared ?? [],
    uncleared: parts.uncleared ?? [],
    opening: parts.opening ?? null,
  };
}

const figures = (r: ReconciliationReport) =>
  reconciliationPrint(r)
    .rows.filter((row) => row.kind === "figure" || row.kind === "subtotal" || row.kind === "total")
    .slice(0, 7)
    .map((row) => ("cells" in row ? [row.cells[2], row.cells[3]] : []));

describe("the reconciliation report's summary", () => {
  it("adds up: opening, deposits and payments to the closing; the uncleared items to the book balance", () => {
    const r = report({
      closing: "1380.00",
      book: "1180.00",
      opening: { date: "2024-10-31", balance: "1000.00" },
      cleared: [item("500.00", "Invoice 7"), item("-120.00", "Mower fuel")],
      uncleared: [item("-200.00", "Cheque 101")],
    });
    expect(reconciliationSummary(r)).toMatchObject({
      opening: { date: "2024-10-31", cents: 100000n },
      deposits: { count: 1, cents: 50000n },
      payments: { count: 1, cents: -12000n },
      closing: 138000n,
      uncleared: { count: 1, cents: -20000n },
      start: 0n,
      book: 118000n,
    });
    expect(figures(r)).toEqual([
      ["Statement opening balance", "€1,000.00"],
      ["Cleared deposits (1)", "€500.00"],
      ["Cleared payments (1)", "-€120.00"],
      ["Statement closing balance", "€1,380.00"],
      ["Uncleared items in the books (1)", "-€200.00"],
      ["Book balance", "€1,180.00"],
      ["Total cleared deposits (1)", "€500.00"],
    ]);
  });

  it("a reconciliation finished before its opening was kept starts where its cleared items lead to its closing", () => {
    const r = report({ closing: "1380.00", book: "1380.00", cleared: [item("500.00", "Invoice 7"), item("-120.00", "Mower fuel")] });
    expect(reconciliationSummary(r).opening).toEqual({ date: null, cents: 100000n });
  });

  it("books that lack the statement's opening show the difference at the start, so the figures still add up", () => {
    const r = report({
      closing: "1500.00",
      book: "500.00",
      opening: { date: "2024-11-01", balance: "1000.00" },
      cleared: [item("500.00", "Sale")],
    });
    const s = reconciliationSummary(r);
    expect(s.closing + s.uncleared.cents + s.start).toBe(s.book);
    expect(figures(r)).toContainEqual(["Difference at the start (books less statement)", "-€1,000.00"]);
  });

  it("writes an item's description once, and the bank's text only where it says something more", () => {
    const r = report({
      closing: "30.00",
      book: "30.00",
      opening: { date: "2024-10-31", balance: "0.00" },
      cleared: [item("10.00", "Invoice 7 Meadow", "INVOICE 7 MEADOW"), item("20.00", "Sale at the market", "SumUp payout 4471")],
    });
    const lines = reconciliationPrint(r).rows.flatMap((row) => (row.kind === "line" ? [row.cells[2]] : []));
    expect(lines).toEqual(["Invoice 7 Meadow", "Sale at the market (bank: SumUp payout 4471)"]);
  });
});
