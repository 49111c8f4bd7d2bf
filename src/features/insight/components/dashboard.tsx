import { moneyIn } from "~/lib/format.ts";
import type { MonthlyFigure, OwnerDashboard } from "../dashboard.types.ts";
import { cashSummary, expensesSummary, monthlySummary, monthsSpan, sumOf } from "../dashboard-text.ts";
import { BarChart } from "./bar-chart.tsx";
import { ChartFigure, NumbersTable, SERIES } from "./chart-figure.tsx";
import { DashboardTiles } from "./dashboard-tiles.tsx";
import { LineChart } from "./line-chart.tsx";
import { RankChart } from "./rank-chart.tsx";

const MONTHLY: { figure: MonthlyFigure; title: string; note: string }[] = [
  { figure: "revenue", title: "Revenue by month", note: "Sales and fees: operating revenue." },
  { figure: "grossMargin", title: "Gross margin by month", note: "Revenue less the cost of sales." },
  { figure: "netIncome", title: "Net income by month", note: "All income less all expenses." },
];

/**
 * "Your business at a glance" on the books' home (decision 121): the balances today, then cash month by month, revenue,
 * gross margin and net income beside the same months a year earlier, and where the operating expenses went. Every
 * figure is read from the posted entries; each chart is drawn on the server and has its numbers in a table.
 */
export function Dashboard({ dashboard: d }: { dashboard: OwnerDashboard }) {
  const money = moneyIn(d.currency);
  const span = monthsSpan(d.months);
  const lastYearSpan = `${d.months[0]!.lastYearLabel} to ${d.months.at(-1)!.lastYearLabel}`;
  const legend = [
    { label: span, swatch: SERIES.current.swatch },
    { label: `A year earlier (${lastYearSpan})`, swatch: SERIES.lastYear.swatch },
  ];
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-4">
      <div>
        <h2 id="dashboard-heading" className="text-lg font-semibold text-ink">
          Your business at a glance
        </h2>
        <p className="mt-1 text-sm text-muted">From the posted entries of your books: the twelve full months {span}, and today.</p>
      </div>
      <DashboardTiles d={d} money={money} />
      {d.empty ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-muted">
          Nothing is posted in these months yet: the charts fill in as the books are kept.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <ChartFigure
            title="Cash at each month's end"
            note="The balance of your bank accounts in the books."
            chart={<LineChart chart={d.charts.cash} label={cashSummary(d.cashMonthEnds, money)} />}
            table={
              <NumbersTable
                caption="Cash at each month's end"
                heads={["Month", "Cash at the month's end"]}
                rows={d.cashMonthEnds.map((c) => ({ key: c.month, cells: [c.label, money.money(c.balance)] }))}
              />
            }
          />
          {MONTHLY.map(({ figure, title, note }) => (
            <ChartFigure
              key={figure}
              title={title}
              note={note}
              legend={legend}
              chart={<BarChart chart={d.charts[figure]} label={monthlySummary(title, d.months, figure, money)} />}
              table={
                <NumbersTable
                  caption={title}
                  heads={["Month", "Amount", "A year earlier"]}
                  rows={d.months.map((m) => ({
                    key: m.month,
                    cells: [m.label, money.money(m.figures[figure]), money.money(m.lastYear[figure])],
                  }))}
                  total={[
                    "Twelve months",
                    money.money(sumOf(d.months.map((m) => m.figures[figure]))),
                    money.money(sumOf(d.months.map((m) => m.lastYear[figure]))),
                  ]}
                />
              }
            />
          ))}
          <ChartFigure
            title="Operating expenses by category"
            note={`${span}: the six largest accounts, the rest as Other.`}
            chart={<RankChart chart={d.charts.expenses} label={expensesSummary(d.expenses, d.expensesTotal, span, money)} />}
            table={
              <NumbersTable
                caption="Operating expenses by category"
                heads={["Category", "Twelve months"]}
                rows={d.expenses.map((e, i) => ({ key: String(i), cells: [e.name, money.money(e.amount)] }))}
                total={["All operating expenses", money.money(d.expensesTotal)]}
              />
            }
          />
        </div>
      )}
    </section>
  );
}
