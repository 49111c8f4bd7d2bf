import { useMoney } from "~/features/ledger/index.ts";
import { monthName } from "~/features/reports/index.ts";
import { cn } from "~/ui/cn.ts";
import { percentText } from "../budget-print.ts";
import type { BudgetActualLine, BudgetActualReport, Variance } from "../budgets.types.ts";

const GROUPS = ["month", "quarter", "year", "forecast"] as const;
const th = "px-2 py-1 text-xs font-semibold uppercase tracking-wide text-muted";

/** The four groups' names: the month, the quarter to date, the year to date, the forecast of the year. */
export function groupNames(report: BudgetActualReport): Record<(typeof GROUPS)[number], string> {
  return { month: monthName(report.month), quarter: "Quarter to date", year: "Year to date", forecast: "Forecast for the year" };
}

function Cells({ v, strong }: { v: Variance; strong: boolean }) {
  const { money } = useMoney();
  const td = cn("whitespace-nowrap px-2 py-1 text-right text-sm tabular-nums", strong ? "font-semibold text-ink" : "text-ink");
  return (
    <>
      <td className={cn(td, "border-l border-slate-200")}>{money(v.actual)}</td>
      <td className={td}>{money(v.budget)}</td>
      <td className={td}>{money(v.difference)}</td>
      <td className={td}>{percentText(v.percent)}</td>
    </>
  );
}

function Line({ line }: { line: BudgetActualLine }) {
  if (line.kind === "heading")
    return (
      <tr>
        <th scope="colgroup" colSpan={17} className="sticky left-0 bg-white px-2 pb-1 pt-3 text-left text-sm font-semibold text-ink">
          {line.label}
        </th>
      </tr>
    );
  const strong = line.kind !== "account";
  return (
    <tr className={cn("border-t", line.kind === "total" ? "border-slate-400" : "border-slate-100")} data-line={line.key}>
      <th
        scope="row"
        className={cn("sticky left-0 z-10 min-w-44 bg-white px-2 py-1 text-left text-sm", strong ? "font-semibold" : "pl-5 font-normal")}
      >
        {line.label}
      </th>
      {GROUPS.map((g) => (line[g] ? <Cells key={g} v={line[g]} strong={strong} /> : null))}
    </tr>
  );
}

/**
 * The budget against actual (decision 123): each account's actual, budget, difference and difference in per cent for
 * the month, the quarter to date and the year to date, and the year's forecast (actuals to the month, then budget)
 * against the year's budget. A difference is favourable positive; a zero budget has no percentage ("n/a"). The table
 * scrolls sideways in a region the keyboard reaches, the account's name kept in view.
 */
export function BudgetActualTable({ report }: { report: BudgetActualReport }) {
  const names = groupNames(report);
  return (
    <>
      {report.has_budget ? null : (
        <p className="px-3 pt-3 text-sm text-muted">
          No budget for this fiscal year yet: enter one under Budgets. Actuals are shown against zero.
        </p>
      )}
      <div
        role="region"
        aria-label="Budget vs. Actual, scrolls sideways"
        tabIndex={0}
        className="relative overflow-x-auto print:overflow-visible focus:outline-none focus:ring-2 focus:ring-brand-600"
      >
        <table className="min-w-full border-collapse">
          <caption className="sr-only">
            Budget vs. Actual for {names.month}: actual, budget, difference (favourable positive) and difference in per cent
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <td className="sticky left-0 bg-slate-50" />
              {GROUPS.map((g) => (
                <th key={g} scope="colgroup" colSpan={4} className={`${th} border-l border-slate-200 text-left text-ink`}>
                  {names[g]}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" className={`${th} sticky left-0 z-10 bg-slate-50 text-left`}>
                Account
              </th>
              {GROUPS.map((g) =>
                [g === "forecast" ? "Forecast" : "Actual", "Budget", "Difference", "%"].map((h) => (
                  <th
                    key={`${g}-${h}`}
                    scope="col"
                    className={cn(th, "text-right", h !== "%" && h !== "Budget" && h !== "Difference" && "border-l border-slate-200")}
                  >
                    {h}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {report.lines.map((l) => (
              <Line key={l.key} line={l} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="px-3 py-3 text-xs text-muted">
        Difference: actual less budget for revenue and net income, budget less actual for expenses, so that a positive difference is
        favourable. % of the budget; n/a where the budget is zero. The forecast is the actuals to {names.month}, then the budget of the
        months after.
      </p>
    </>
  );
}
