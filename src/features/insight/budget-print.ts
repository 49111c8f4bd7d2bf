import { moneyIn } from "~/lib/format.ts";
import { csvAmount, type CsvAmount } from "~/lib/csv.ts";
import { longDate, monthName, type PrintableReport, type PrintBooks, type PrintRow } from "~/features/reports/index.ts";
import type { BudgetActualLine, BudgetActualReport, Period, Variance } from "./budgets.types.ts";

/**
 * The budget against actual as printed (decision 098's model): one report per column group, each with the account, the
 * actual, the budget, the difference and the difference in per cent, so that every group reads at US Letter's width:
 * the month, the quarter to date, the year to date, and the forecast of the year against its budget.
 */

export const BUDGET_ACTUAL_TITLE = "Budget vs. Actual";
export const FORECAST_TITLE = "Forecast for the year";

type Group = "month" | "quarter" | "year" | "forecast";

/** "9.1 %", or "n/a" where the budget is zero. */
export const percentText = (percent: string | null) => (percent === null ? "n/a" : `${percent} %`);

const periodText = (p: Period) => `${longDate(p.start)} to ${longDate(p.end)}`;

function groupPrint(report: BudgetActualReport, books: PrintBooks, group: Group, title: string, heads: [string, string]): PrintableReport {
  const { money } = moneyIn(books.currency);
  const cells = (label: string, v: Variance) => [label, money(v.actual), money(v.budget), money(v.difference), percentText(v.percent)];
  const rows: PrintRow[] = report.lines.map((l: BudgetActualLine): PrintRow => {
    const v = l[group];
    if (l.kind === "heading" || !v) return { kind: "section", label: l.label };
    if (l.kind === "account") return { kind: "line", cells: cells(l.label, v), depth: 1 };
    return { kind: l.kind, cells: cells(l.label, v) };
  });
  return {
    title,
    organization: books.name,
    period: periodText(report.periods[group]),
    columns: [
      { head: "Account", align: "left", width: 0.4 },
      { head: heads[0], align: "right", width: 0.17 },
      { head: heads[1], align: "right", width: 0.17 },
      { head: "Difference", align: "right", width: 0.17 },
      { head: "%", align: "right", width: 0.09 },
    ],
    rows: report.empty ? [{ kind: "note", text: "No budget and no posted entries in this fiscal year." }] : rows,
  };
}

/** The four printed reports of a budget against actual, for the month chosen. */
export function budgetActualPrint(report: BudgetActualReport, books: PrintBooks): PrintableReport[] {
  const month = monthName(report.month);
  const note: PrintRow = {
    kind: "note",
    text: "Difference: favourable positive (revenue above budget, expenses below). % of the budget; n/a where the budget is zero.",
  };
  const withNote = (r: PrintableReport): PrintableReport => (report.empty ? r : { ...r, rows: [...r.rows, note] });
  return [
    withNote(groupPrint(report, books, "month", `${BUDGET_ACTUAL_TITLE}: ${month}`, ["Actual", "Budget"])),
    withNote(groupPrint(report, books, "quarter", `${BUDGET_ACTUAL_TITLE}: quarter to date`, ["Actual", "Budget"])),
    withNote(groupPrint(report, books, "year", `${BUDGET_ACTUAL_TITLE}: year to date`, ["Actual", "Budget"])),
    {
      ...groupPrint(report, books, "forecast", `${FORECAST_TITLE} (actuals to ${month}, then budget)`, ["Forecast", "Budget"]),
    },
  ];
}

/** The budget against actual as CSV rows: a line per account and total, four columns per group. */
export function budgetActualCsv(report: BudgetActualReport): { header: string[]; records: (string | CsvAmount)[][] } {
  const groups: Group[] = ["month", "quarter", "year", "forecast"];
  const names = { month: report.month, quarter: "quarter_to_date", year: "year_to_date", forecast: "year_forecast" };
  const header = [
    "line",
    ...groups.flatMap((g) => [g === "forecast" ? "forecast" : "actual", "budget", "difference", "percent"].map((c) => `${names[g]}_${c}`)),
  ];
  const records = report.lines
    .filter((l) => l.kind !== "heading")
    .map((l) => [
      l.label,
      ...groups.flatMap((g) =>
        l[g] ? [csvAmount(l[g].actual), csvAmount(l[g].budget), csvAmount(l[g].difference), l[g].percent ?? ""] : [],
      ),
    ]);
  return { header, records };
}
