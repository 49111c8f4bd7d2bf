import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { barChart, dashboardCharts } from "./charts.server.ts";
import { Dashboard } from "./components/dashboard.tsx";
import { cashRunway, dashboardFigures, dashboardWindow, type DashboardRow } from "./dashboard-figures.ts";
import { moneyIn } from "~/lib/format.ts";

const label = (m: string) =>
  `${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][Number(m.slice(5)) - 1]} ${m.slice(0, 4)}`;
const row = (part: DashboardRow["part"], key: string, name: string, debit: string, credit: string): DashboardRow => ({
  part,
  key,
  name,
  debit,
  credit,
});

/**
 * Books read on 2026-11-28: the months are November 2025 to October 2026. October sells 12,000.50 against 10,000.00 a
 * year earlier with 4,000.25 of cost of sales and 9,100.00 of expenses (a loss in the month); eight expense accounts;
 * cash of 50,000.00 before the months, then falling by 3,000.00 a month over the last three; 1,500 owed by customers
 * and 800 to suppliers.
 */
const rows: DashboardRow[] = [
  row("month", "2026-10", "operating_revenue", "0.00", "12000.50"),
  row("month", "2026-10", "cost_of_sales", "4000.25", "0.00"),
  row("month", "2026-10", "operating_expense", "9100.00", "0.00"),
  row("month", "2026-10", "other_income", "0.00", "0.75"),
  row("month", "2025-10", "operating_revenue", "0.00", "10000.00"),
  row("month", "2026-03", "operating_revenue", "250.00", "0.00"),
  ...["Rent", "Wages", "Software", "Travel", "Insurance", "Marketing", "Phone", "Postage"].map((name, i) =>
    row("expense", String(i + 1), name, `${(8 - i) * 100}.00`, i === 0 ? "50.00" : "0.00"),
  ),
  row("balance", "before", "cash", "50000.00", "0.00"),
  ...["2026-08", "2026-09", "2026-10"].map((m) => row("balance", m, "cash", "0.00", "3000.00")),
  row("balance", "today", "cash", "100.00", "0.00"),
  row("balance", "today", "receivable", "2000.00", "500.00"),
  row("balance", "before", "payable", "0.00", "800.00"),
  row("bank_accounts", "2", "", "0", "0"),
];
const figures = dashboardFigures(rows, dashboardWindow("2026-11-28"), "USD", label);
const dashboard = { ...figures, charts: dashboardCharts(figures) };
const html = renderToStaticMarkup(<Dashboard dashboard={dashboard} />);

/** The rows of the table a caption names, each row's cells as text. */
function table(caption: string): string[][] {
  const start = html.indexOf(`<caption class="sr-only">${caption.replace(/'/g, "&#x27;")}</caption>`);
  expect(start, caption).toBeGreaterThan(0);
  const body = html.slice(start, html.indexOf("</table>", start));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&")),
  );
}

describe("the owner's dashboard on screen", () => {
  it("reads twelve full months, oldest first, and the same months a year earlier", () => {
    expect(figures.months.map((m) => m.month)).toEqual([
      "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10",
    ]); // prettier-ignore
    expect(dashboardWindow("2026-01-01")).toMatchObject({ from: "2024-01-01", monthsFrom: "2025-01-01", monthsTo: "2025-12-31" });
  });

  it("tables each month's revenue, gross margin and net income beside a year earlier, with their totals", () => {
    const revenue = table("Revenue by month");
    expect(revenue[0]).toEqual(["Month", "Amount", "A year earlier"]);
    expect(revenue.at(-2)).toEqual(["October 2026", "$12,000.50", "$10,000.00"]);
    expect(revenue[5]).toEqual(["March 2026", "-$250.00", "$0.00"]);
    expect(revenue.at(-1)).toEqual(["Twelve months", "$11,750.50", "$10,000.00"]);
    expect(table("Gross margin by month").at(-2)).toEqual(["October 2026", "$8,000.25", "$10,000.00"]);
    // 12,000.50 + 0.75 − 4,000.25 − 9,100.00: a loss.
    expect(table("Net income by month").at(-2)).toEqual(["October 2026", "-$1,099.00", "$10,000.00"]);
  });

  it("names the six largest expense accounts and sums the rest as Other", () => {
    // Rent is 800.00 less a 50.00 refund; Phone (200.00) and Postage (100.00) are the Other.
    expect(table("Operating expenses by category").slice(1)).toEqual([
      ["Rent", "$750.00"],
      ["Wages", "$700.00"],
      ["Software", "$600.00"],
      ["Travel", "$500.00"],
      ["Insurance", "$400.00"],
      ["Marketing", "$300.00"],
      ["Other", "$300.00"],
      ["All operating expenses", "$3,550.00"],
    ]);
    expect(figures.expenses.at(-1)).toEqual({ name: "Other", amount: "300.00", other: true });
  });

  it("tables cash at each month's end and shows the balances of today with the runway", () => {
    expect(table("Cash at each month's end").slice(-4)).toEqual([
      ["July 2026", "$50,000.00"],
      ["August 2026", "$47,000.00"],
      ["September 2026", "$44,000.00"],
      ["October 2026", "$41,000.00"],
    ]);
    expect(figures).toMatchObject({ cashToday: "41100.00", receivable: "1500.00", payable: "800.00" });
    // 41,100 ÷ 3,000 a month = 13.7 months.
    expect(figures.runway).toEqual({ averageBurn: "3000.00", months: 13.7, over: "August 2026 to October 2026" });
    for (const text of [
      "Cash today",
      "$41,100.00",
      "In your 2 bank accounts",
      "$1,500.00",
      "$800.00",
      "13.7 months",
      "At $3,000.00 a month",
    ])
      expect(html).toContain(text);
  });

  it("rounds the runway down and the burn to the cent; none when cash did not fall", () => {
    expect(cashRunway(1000n, 0n, 100_000n)).toEqual({ averageBurn: "3.33", months: 300 });
    expect(cashRunway(200n, 0n, 100n)).toEqual({ averageBurn: "0.67", months: 1.5 });
    expect(cashRunway(5_00n, 5_00n, 1_00n)).toEqual({ averageBurn: null, months: null });
    expect(cashRunway(500n, 100n, -10n)).toEqual({ averageBurn: "1.33", months: 0 });
  });

  it("draws each chart as an image with its summary in words, under a caption, with its numbers on demand", () => {
    const labels = [...html.matchAll(/<svg role="img" aria-label="([^"]+)" viewBox="0 0 360 \d+"/g)].map((m) =>
      m[1]!.replace(/&#x27;/g, "'"),
    );
    expect(labels).toHaveLength(5);
    expect(labels[0]).toBe(
      "Cash at the end of each month, November 2025 to October 2026: $50,000.00 at the end of November 2025, $41,000.00 at the end of October 2026. Lowest $41,000.00 (October 2026), highest $50,000.00 (November 2025).",
    );
    expect(labels[1]).toBe(
      "Revenue by month, November 2025 to October 2026: $11,750.50 in all, against $10,000.00 in the same months a year earlier. Highest October 2026, $12,000.50; lowest March 2026, -$250.00.",
    );
    expect(labels[4]).toMatch(
      /^Operating expenses by category, November 2025 to October 2026, largest first: Rent \$750\.00, Wages \$700\.00, .* Other \$300\.00\. \$3,550\.00 in all\.$/,
    );
    expect(html.match(/<figure/g)).toHaveLength(5);
    expect(html.match(/<figcaption>/g)).toHaveLength(5);
    expect(html.match(/<details class="mt-3 text-sm"><summary[^>]*>Show the numbers<span class="sr-only"> of /g)).toHaveLength(5);
    expect(html).toContain('<h2 id="dashboard-heading" class="text-lg font-semibold text-ink">Your business at a glance</h2>');
  });

  it("lays a loss below the zero line and labels every second month when the months are narrow", () => {
    const chart = barChart(
      ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
      [-500, ...Array(11).fill(1000)],
      Array(12).fill(0),
      moneyIn("EUR"),
    );
    const loss = chart.bars.find((b) => b.series === "current")!;
    expect(loss.y).toBe(chart.zero);
    expect(loss.y + loss.height).toBeGreaterThan(chart.zero);
    expect(chart.xTicks.map((t) => t.label)).toEqual(["Feb", "Apr", "Jun", "Aug", "Oct", "Dec"]);
    expect(chart.yTicks.map((t) => t.label)).toContain("€0");
    expect(chart.yTicks.length).toBeLessThanOrEqual(6);
  });

  it("says so instead of drawing flat charts when nothing is posted", () => {
    const empty = dashboardFigures([row("bank_accounts", "0", "", "0", "0")], dashboardWindow("2026-11-28"), "USD", label);
    const page = renderToStaticMarkup(<Dashboard dashboard={{ ...empty, charts: dashboardCharts(empty) }} />);
    expect(empty.empty).toBe(true);
    expect(page).toContain("Nothing is posted in these months yet");
    expect(page).toContain("No bank account is set up in the books yet.");
    expect(page).toContain("Not burning");
    expect(page).not.toContain("<svg");
  });
});
