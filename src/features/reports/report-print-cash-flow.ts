import type { CashFlowLine, CashFlowReport } from "./cash-flow.ts";
import { moneyIn, type MoneyFormat } from "~/lib/format.ts";
import { periodText, type PrintBooks, type PrintableReport, type PrintRow } from "./report-print.ts";

export const CASH_FLOWS_TITLE = "Statement of Cash Flows";

const accountLines = ({ money }: MoneyFormat, lines: CashFlowLine[], depth: number): PrintRow[] =>
  lines.map((l) => ({ kind: "line", cells: [`${l.account_code} ${l.account_name}`, money(l.amount)], depth }));

/**
 * The statement of cash flows (indirect method) as printed: operating activities from the net income, the non-cash
 * charges added back and the changes in working capital; investing and financing activities; each with its net cash;
 * the net change in cash and the cash at the start and the end of the period, which it reconciles.
 */
export function cashFlowPrint(report: CashFlowReport, books: PrintBooks): PrintableReport {
  const m = moneyIn(books.currency);
  const { money } = m;
  const rows: PrintRow[] = [
    { kind: "section", label: "Operating activities" },
    { kind: "line", cells: ["Net income", money(report.net_income)], depth: 1 },
  ];
  if (report.depreciation.length > 0) {
    rows.push({ kind: "line", cells: ["Depreciation and amortization", ""], depth: 1 }, ...accountLines(m, report.depreciation, 2));
  }
  if (report.working_capital.length > 0) {
    rows.push({ kind: "line", cells: ["Changes in working capital", ""], depth: 1 }, ...accountLines(m, report.working_capital, 2));
  }
  rows.push(
    { kind: "subtotal", cells: ["Net cash from operating activities", money(report.total_operating)] },
    { kind: "section", label: "Investing activities" },
    ...accountLines(m, report.investing, 1),
    { kind: "subtotal", cells: ["Net cash from investing activities", money(report.total_investing)] },
    { kind: "section", label: "Financing activities" },
    ...accountLines(m, report.financing, 1),
    { kind: "subtotal", cells: ["Net cash from financing activities", money(report.total_financing)] },
    { kind: "total", cells: ["Net change in cash", money(report.net_change)] },
    { kind: "line", cells: ["Cash at the start of the period", money(report.cash_start)], depth: 0 },
    { kind: "total", cells: ["Cash at the end of the period", money(report.cash_end)] },
  );
  return {
    title: CASH_FLOWS_TITLE,
    organization: books.name,
    period: periodText(report.start, report.end),
    columns: [
      { head: "", align: "left", width: 0.72 },
      { head: "Amount", align: "right", width: 0.28 },
    ],
    rows: report.empty ? [{ kind: "note", text: "No posted journal entries for the selected date range." }] : rows,
  };
}
