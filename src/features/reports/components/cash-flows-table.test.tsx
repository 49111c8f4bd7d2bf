import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cashFlowAccount } from "../../../../tests/support/cash-flow.ts";
import { cashFlow } from "../cash-flow.ts";
import { cashFlowPrint } from "../report-print-cash-flow.ts";
import { CashFlowsTable } from "./cash-flows-table.tsx";
import { BooksProvider } from "~/features/ledger/index.ts";

const inBooks = (node: ReactNode, currency = "USD") => <BooksProvider value={{ id: 1, currency }}>{node}</BooksProvider>;

const account = cashFlowAccount;

/** The amounts of a rendered table, in order (the second cell of each row). */
const screenAmounts = (html: string) =>
  [...html.matchAll(/<td class="[^"]*text-right[^"]*">([^<]*)<\/td>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("the cash-flow screen", () => {
  // A month with a net loss of 17,431.25 and equipment bought: the loss and the outflow are negative.
  const report = cashFlow(
    [
      account("1000", "Cash", "Asset", "current_asset", "0.00", "23431.25", { is_cash: true, opening_debit_total: "50000.00" }),
      account("1500", "Equipment", "Asset", "fixed_asset", "6000.00", "0.00"),
      account("4000", "Sales Revenue", "Revenue", "operating_revenue", "0.00", "2568.75"),
      account("6000", "Wages", "Expense", "operating_expense", "20000.00", "0.00"),
    ],
    "2024-11-01",
    "2024-11-30",
  );

  it("writes a net loss and an outflow with a leading minus, never as (CR)", () => {
    const html = renderToStaticMarkup(inBooks(<CashFlowsTable report={report} />));
    expect(html).not.toContain("(CR)");
    expect(html).toContain("-$17,431.25");
    expect(html).toContain("-$6,000.00");
    expect(html).toMatch(/data-testid="cash-net-change".*-\$23,431\.25/);
  });

  it("shows the same signed amounts as the printed statement, in the same order", () => {
    const printed = cashFlowPrint(report, { name: "Landscaping Co", currency: "USD" })
      .rows.flatMap((r) => ("cells" in r ? [r.cells[1]!] : []))
      .filter((cell) => cell !== "");
    expect(screenAmounts(renderToStaticMarkup(inBooks(<CashFlowsTable report={report} />)))).toEqual(printed);
  });
});
