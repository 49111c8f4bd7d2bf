import { describe, expect, it } from "vitest";
import { cashFlowAccount } from "../../../tests/support/cash-flow.ts";
import { cashFlow } from "./cash-flow.ts";
import { cashFlowPrint } from "./report-print-cash-flow.ts";

const account = cashFlowAccount;

describe("the statement of cash flows as printed", () => {
  it("every section's lines and net cash, the net change and the cash at the start and the end", () => {
    const report = cashFlow(
      [
        account("1000", "Cash", "Asset", "current_asset", "4200.00", "0.00", { is_cash: true, opening_debit_total: "20800.00" }),
        account("1100", "Accounts Receivable", "Asset", "current_asset", "950.50", "0.00"),
        account("1500", "Equipment", "Asset", "fixed_asset", "6000.00", "0.00"),
        account("1590", "Accumulated depreciation", "Asset", "fixed_asset", "0.00", "100.00"),
        account("2500", "Loans Payable", "Liability", "long_term_liability", "0.00", "6000.00"),
        account("4000", "Sales Revenue", "Revenue", "operating_revenue", "0.00", "5150.50"),
        account("6300", "Depreciation Expense", "Expense", "operating_expense", "100.00", "0.00"),
      ],
      "2026-10-01",
      "2026-10-31",
    );
    const printed = cashFlowPrint(report, { name: "Org", currency: "USD" });
    expect(printed).toMatchObject({ title: "Statement of Cash Flows", organization: "Org", period: "October 1, 2026 to October 31, 2026" });
    expect(printed.rows).toEqual([
      { kind: "section", label: "Operating activities" },
      { kind: "line", cells: ["Net income", "$5,050.50"], depth: 1 },
      { kind: "line", cells: ["Depreciation and amortization", ""], depth: 1 },
      { kind: "line", cells: ["1590 Accumulated depreciation", "$100.00"], depth: 2 },
      { kind: "line", cells: ["Changes in working capital", ""], depth: 1 },
      { kind: "line", cells: ["1100 Accounts Receivable", "-$950.50"], depth: 2 },
      { kind: "subtotal", cells: ["Net cash from operating activities", "$4,200.00"] },
      { kind: "section", label: "Investing activities" },
      { kind: "line", cells: ["1500 Equipment", "-$6,000.00"], depth: 1 },
      { kind: "subtotal", cells: ["Net cash from investing activities", "-$6,000.00"] },
      { kind: "section", label: "Financing activities" },
      { kind: "line", cells: ["2500 Loans Payable", "$6,000.00"], depth: 1 },
      { kind: "subtotal", cells: ["Net cash from financing activities", "$6,000.00"] },
      { kind: "total", cells: ["Net change in cash", "$4,200.00"] },
      { kind: "line", cells: ["Cash at the start of the period", "$20,800.00"], depth: 0 },
      { kind: "total", cells: ["Cash at the end of the period", "$25,000.00"] },
    ]);
  });

  it("says so when nothing was posted", () => {
    const printed = cashFlowPrint(cashFlow([], "2026-10-01", "2026-10-31"), { name: "Org", currency: "USD" });
    expect(printed.rows).toEqual([{ kind: "note", text: "No posted journal entries for the selected date range." }]);
  });
});

describe("printed in the books' currency", () => {
  it("a euro organization's statement is written in euros, a loss with a minus", () => {
    const report = cashFlow(
      [
        account("1000", "Cash", "Asset", "current_asset", "0.00", "17431.25", { is_cash: true, opening_debit_total: "20000.00" }),
        account("6000", "Rent Expense", "Expense", "operating_expense", "17431.25", "0.00"),
      ],
      "2024-11-01",
      "2024-11-30",
    );
    const printed = cashFlowPrint(report, { name: "Peeters Tuinen", currency: "EUR" });
    const cells = printed.rows.flatMap((r) => ("cells" in r ? r.cells : []));
    expect(cells).toContain("-€17,431.25");
    expect(cells.join(" ")).not.toContain("$");
  });
});
