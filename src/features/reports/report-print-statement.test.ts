import { describe, expect, it } from "vitest";
import { isLaidOut, laidOutPrint, type LaidOutStatement } from "./report-print-statement.ts";

const statement: LaidOutStatement = {
  columns: [{ label: "October 2026" }, { label: "September 2026" }],
  items: [
    { kind: "heading", label: "Revenue", level: 0, amounts: ["", ""] },
    {
      kind: "account",
      label: "Sales",
      account_code: "4000",
      level: 1,
      amounts: ["4200.00", "1200.00"],
      changes: [{ amount: "3000.00", percent: "250.0" }],
    },
    {
      kind: "account",
      label: "Online sales",
      account_code: "4010",
      level: 2,
      amounts: ["200.00", "0.00"],
      changes: [{ amount: "200.00", percent: null }],
    },
    {
      kind: "subtotal",
      label: "Total revenue",
      level: 0,
      amounts: ["4200.00", "1200.00"],
      changes: [{ amount: "3000.00", percent: "250.0" }],
    },
    { kind: "line", label: "Current-year earnings", level: 0, amounts: ["-50.00", "0.00"] },
    { kind: "total", label: "Net income", level: 0, amounts: ["4150.00", "1200.00"], changes: [{ amount: "2950.00", percent: "245.8" }] },
  ],
};

describe("a laid-out statement as printed", () => {
  it("is told from a report with account lists only", () => {
    expect(isLaidOut(statement)).toBe(true);
    expect(isLaidOut({ revenue: [], expenses: [] })).toBe(false);
  });

  it("keeps every item: sections, accounts indented by level, subtotals and totals, with the change and the change in per cent", () => {
    const printed = laidOutPrint(statement, {
      title: "Profit & Loss",
      organization: "Org",
      period: "October 1, 2026 to October 31, 2026",
      currency: "USD",
    });
    expect(printed.period).toBe("October 1, 2026 to October 31, 2026, compared with September 2026");
    expect(printed.columns.map((c) => c.head)).toEqual([
      "Account",
      "October 2026",
      "September 2026",
      "Change from September 2026",
      "% from September 2026",
    ]);
    expect(printed.columns.reduce((s, c) => s + c.width, 0)).toBeCloseTo(1);
    expect(printed.rows).toEqual([
      { kind: "section", label: "Revenue" },
      { kind: "line", cells: ["4000 Sales", "$4,200.00", "$1,200.00", "$3,000.00", "250.0%"], depth: 1 },
      { kind: "line", cells: ["4010 Online sales", "$200.00", "$0.00", "$200.00", "n/a"], depth: 2 },
      { kind: "subtotal", cells: ["Total revenue", "$4,200.00", "$1,200.00", "$3,000.00", "250.0%"] },
      { kind: "line", cells: ["Current-year earnings", "-$50.00", "$0.00", "", ""], depth: 1 },
      { kind: "total", cells: ["Net income", "$4,150.00", "$1,200.00", "$2,950.00", "245.8%"] },
    ]);
  });

  it("without comparisons, one amount column and the period as it is", () => {
    const single = {
      columns: [{ label: "This period" }],
      items: statement.items.map((i) => ({ ...i, amounts: i.amounts.slice(0, 1), changes: undefined })),
    };
    const printed = laidOutPrint(single, {
      title: "Balance Sheet",
      organization: "Org",
      period: "As of October 31, 2026",
      currency: "USD",
    });
    expect(printed.period).toBe("As of October 31, 2026");
    expect(printed.columns.map((c) => c.head)).toEqual(["Account", "This period"]);
    expect(printed.rows.at(-1)).toEqual({ kind: "total", cells: ["Net income", "$4,150.00"] });
  });
});
