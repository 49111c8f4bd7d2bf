import { moneyIn, type MoneyFormat, formatCount, formatMonth, MONTH_NAMES } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { isLaidOut, laidOutPrint } from "./report-print-statement.ts";
import type { PrintBooks, PrintColumn, PrintableReport, PrintRow } from "./report-print.types.ts";

export type { PrintBooks, PrintColumn, PrintableReport, PrintRow };
import {
  NET_INCOME_EQUITY_LABEL,
  REPORT_LABELS,
  type BalanceSheetReport,
  type ProfitLossReport,
  type Report,
  type ReportRow,
  type TrialBalanceReport,
} from "./reports.ts";

/** The books of a membership as printed. */
export const printBooks = (m: { organizationName: string; currency: string }): PrintBooks => ({
  name: m.organizationName,
  currency: m.currency,
});

/**
 * The most lines (rows of kind "line") one printed document holds: about 200 pages of a general ledger, drawn in a
 * few seconds (decision 107). A longer report is read as its CSV, or printed for a shorter period.
 */
export const MAX_PRINTED_LINES = 10_000;

const count = formatCount;

/** Why a report of `lines` lines is not printed, and what to do instead (`advice`; for a report of a period, by default). */
export const printedLinesMessage = (lines: number, advice = "Choose a shorter period, or download the CSV.") =>
  `This report has ${count(lines)} lines; a PDF holds at most ${count(MAX_PRINTED_LINES)}. ${advice}`;

/** "2026-10-31" as "October 31, 2026" (the date as written, no time zone involved). */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** "2026-10" as "October 2026" (the one month formatter, `formatMonth`). */
export const monthName = formatMonth;

export const periodText = (start: string, end: string) => `${longDate(start)} to ${longDate(end)}`;
export const asOfText = (end: string) => `As of ${longDate(end)}`;

const negative = (decimal: string) => (toCents(decimal) ?? 0n) < 0n;
const accountLabel = (r: ReportRow) => `${r.account_code} ${r.account_name}`;
/** A debit or credit column of the trial balance: blank when nothing is on that side. */
/** A balance column: the amount on its side, blank on the other. */
const sided = (m: MoneyFormat) => (decimal: string) => (decimal === "0.00" ? "" : m.money(decimal));

const ACCOUNT_AND_AMOUNT: PrintColumn[] = [
  { head: "Account", align: "left", width: 0.72 },
  { head: "Amount", align: "right", width: 0.28 },
];

/** A section of a statement: its head, one line per account, and its subtotal. */
function section(m: MoneyFormat, label: string, rows: ReportRow[], totalLabel: string, total: string): PrintRow[] {
  return [
    { kind: "section", label },
    ...rows.map((r): PrintRow => ({ kind: "line", cells: [accountLabel(r), m.balance(r.balance)], depth: 1 })),
    { kind: "subtotal", cells: [totalLabel, m.balance(total)] },
  ];
}

export function trialBalancePrint(report: TrialBalanceReport, books: PrintBooks): PrintableReport {
  const m = moneyIn(books.currency);
  const side = sided(m);
  const amount = (head: string): PrintColumn => ({ head, align: "right", width: 0.11 });
  return {
    title: REPORT_LABELS.trial_balance,
    organization: books.name,
    period: periodText(report.start, report.end),
    columns: [
      { head: "Account", align: "left", width: 0.34 },
      amount("Opening Dr"),
      amount("Opening Cr"),
      amount("Debits"),
      amount("Credits"),
      amount("Closing Dr"),
      amount("Closing Cr"),
    ],
    rows: [
      ...report.rows.map((r): PrintRow => ({
        kind: "line",
        depth: 1,
        cells: [
          accountLabel(r),
          side(r.opening_debit),
          side(r.opening_credit),
          m.money(r.debit_total),
          m.money(r.credit_total),
          side(r.closing_debit),
          side(r.closing_credit),
        ],
      })),
      {
        kind: "total",
        cells: [
          "Totals",
          m.money(report.total_opening_debit),
          m.money(report.total_opening_credit),
          m.money(report.total_debit),
          m.money(report.total_credit),
          m.money(report.total_closing_debit),
          m.money(report.total_closing_credit),
        ],
      },
    ],
  };
}

export function profitLossPrint(report: ProfitLossReport, books: PrintBooks): PrintableReport {
  const m = moneyIn(books.currency);
  const loss = negative(report.net_income);
  return {
    title: REPORT_LABELS.profit_loss,
    organization: books.name,
    period: periodText(report.start, report.end),
    columns: ACCOUNT_AND_AMOUNT,
    rows: [
      ...section(m, "Revenue", report.revenue, "Total revenue", report.total_revenue),
      ...section(m, "Expenses", report.expenses, "Total expenses", report.total_expenses),
      { kind: "total", cells: [loss ? "Net Loss" : "Net Income", m.money(loss ? report.net_income.slice(1) : report.net_income)] },
    ],
  };
}

export function balanceSheetPrint(report: BalanceSheetReport, books: PrintBooks): PrintableReport {
  const m = moneyIn(books.currency);
  const equity = section(m, "Equity", report.equity, "Total equity", report.total_equity);
  equity.splice(equity.length - 1, 0, { kind: "line", cells: [NET_INCOME_EQUITY_LABEL, m.balance(report.net_income)], depth: 1 });
  return {
    title: REPORT_LABELS.balance_sheet,
    organization: books.name,
    period: asOfText(report.end),
    columns: ACCOUNT_AND_AMOUNT,
    rows: [
      ...section(m, "Assets", report.assets, "Total assets", report.total_assets).map((r) =>
        r.kind === "subtotal" ? { ...r, kind: "total" as const } : r,
      ),
      ...section(m, "Liabilities", report.liabilities, "Total liabilities", report.total_liabilities),
      ...equity,
      { kind: "total", cells: ["Total liabilities and equity", m.balance(report.total_liabilities_and_equity)] },
    ],
  };
}

/**
 * Any report of the Reports screen as printed; an empty report says so in a note. A profit and loss or balance sheet
 * that carries its laid-out items (sections by detail type, gross profit, comparisons) is printed from them.
 */
export function printableReport(report: Report, books: PrintBooks): PrintableReport {
  const head = (title: string, period: string) => ({ title, organization: books.name, period, currency: books.currency });
  const printable =
    report.type === "trial_balance"
      ? trialBalancePrint(report, books)
      : report.type === "profit_loss"
        ? isLaidOut(report)
          ? laidOutPrint(report, head(REPORT_LABELS.profit_loss, periodText(report.start, report.end)))
          : profitLossPrint(report, books)
        : isLaidOut(report)
          ? laidOutPrint(report, head(REPORT_LABELS.balance_sheet, asOfText(report.end)))
          : balanceSheetPrint(report, books);
  if (report.empty) printable.rows = [{ kind: "note", text: "No posted journal entries for the selected date range." }];
  return printable;
}

/** `profit_loss_2026-10-01_2026-10-31.pdf`: letters, digits, `_` and `-` only. */
export function printFileName(type: string, start: string, end: string): string {
  return `${type}_${start}_${end}.pdf`.replace(/[^A-Za-z0-9_.-]/g, "_");
}
