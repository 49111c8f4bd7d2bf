import type { CashFlowLine, CashFlowReport } from "./cash-flow.ts";
import { formatUsd } from "./money.ts";
import { periodText, type PrintableReport, type PrintRow } from "./report-print.ts";

export const CASH_FLOWS_TITLE = "Statement of Cash Flows";

const accountLines = (lines: CashFlowLine[], depth: number): PrintRow[] =>
  lines.map((l) => ({ kind: "line", cells: [`${l.account_code} ${l.account_name}`, formatUsd(l.amount)], depth }));

/**
 * The statement of cash flows (indirect method) as printed: operating activities from the net income, the non-cash
 * charges added back and the changes in working capital; investing and financing activities; each with its net cash;
 * the net change in cash and the cash at the start and the end of the period, which it reconciles.
 */
export function cashFlowPrint(report: CashFlowReport, organization: string): PrintableReport {
  const rows: PrintRow[] = [
    { kind: "section", label: "Operating activities" },
    { kind: "line", cells: ["Net income", formatUsd(report.net_income)], depth: 1 },
  ];
  if (report.depreciation.length > 0) {
    rows.push({ kind: "line", cells: ["Depreciation and amortization", ""], depth: 1 }, ...accountLines(report.depreciation, 2));
  }
  if (report.working_capital.length > 0) {
    rows.push({ kind: "line", cells: ["Changes in working capital", ""], depth: 1 }, ...accountLines(report.working_capital, 2));
  }
  rows.push(
    { kind: "subtotal", cells: ["Net cash from operating activities", formatUsd(report.total_operating)] },
    { kind: "section", label: "Investing activities" },
    ...accountLines(report.investing, 1),
    { kind: "subtotal", cells: ["Net cash from investing activities", formatUsd(report.total_investing)] },
    { kind: "section", label: "Financing activities" },
    ...accountLines(report.financing, 1),
    { kind: "subtotal", cells: ["Net cash from financing activities", formatUsd(report.total_financing)] },
    { kind: "total", cells: ["Net change in cash", formatUsd(report.net_change)] },
    { kind: "line", cells: ["Cash at the start of the period", formatUsd(report.cash_start)], depth: 0 },
    { kind: "total", cells: ["Cash at the end of the period", formatUsd(report.cash_end)] },
  );
  return {
    title: CASH_FLOWS_TITLE,
    organization,
    period: periodText(report.start, report.end),
    columns: [
      { head: "", align: "left", width: 0.72 },
      { head: "Amount", align: "right", width: 0.28 },
    ],
    rows: report.empty ? [{ kind: "note", text: "No posted journal entries for the selected date range." }] : rows,
  };
}
