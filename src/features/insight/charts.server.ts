import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { area, curveMonotoneX, line } from "d3-shape";
import { moneyIn } from "~/lib/format.ts";
import type {
  BarChartGeometry,
  ChartFrame,
  DashboardCharts,
  DashboardFigures,
  LineChartGeometry,
  MonthlyFigure,
  RankChartGeometry,
  Tick,
} from "./dashboard.types.ts";

/*
 * The charts laid out on the server with d3-scale and d3-shape (decision 121): positions, sizes and paths in the units
 * of each SVG's viewBox, which the browser scales to the width of its box. Nothing here reaches the browser's script.
 * The box is about as wide as a chart is on a phone and on a wide screen's three columns, so that text drawn at 12
 * units reads at about 11 to 14 pixels everywhere.
 */

const WIDTH = 360;
const HEIGHT = 200;
const FONT = 12;
/** Width of one character of the axis labels, about, at FONT (digits and currency signs of Inter). */
const CHAR = 7.2;
/** Value ticks asked of d3: it picks round values, about this many. */
const VALUE_TICKS = 4;
/** Month labels need about this much room each; fewer are written when the months are narrower. */
const MONTH_LABEL_ROOM = 34;

type Money = ReturnType<typeof moneyIn>;

/** A round tick value as money, without cents when it has none ("$12,000", "-$2,500", "$0.50"). */
function tickText(value: number, money: Money): string {
  const text = money.money(value.toFixed(2));
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The value axis: a scale from the values (zero always in it), its ticks, and the room their labels take on the left. */
function valueAxis(values: number[], money: Money, top: number, bottom: number) {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const y = scaleLinear()
    .domain(lo === hi ? [0, 1] : [lo, hi])
    .range([bottom, top])
    .nice(VALUE_TICKS);
  const ticks = y.ticks(VALUE_TICKS).map((v) => ({ value: v, label: tickText(v, money) }));
  const left = Math.ceil(Math.max(...ticks.map((t) => t.label.length)) * CHAR) + 8;
  return { y, left, yTicks: ticks.map((t): Tick => ({ at: round(y(t.value)), label: t.label })) };
}

/** Month labels along the bottom: the last month always, and every second one back from it when room is short. */
function monthTicks(labels: string[], centre: (i: number) => number, plotWidth: number): Tick[] {
  const step = plotWidth / labels.length >= MONTH_LABEL_ROOM ? 1 : 2;
  return labels.flatMap((label, i) => ((labels.length - 1 - i) % step === 0 ? [{ at: round(centre(i)), label }] : []));
}

function frame(values: number[], money: Money): Omit<ChartFrame, "xTicks"> & { y: (v: number) => number } {
  const top = 8;
  const bottom = HEIGHT - FONT - 10;
  const { y, left, yTicks } = valueAxis(values, money, top, bottom);
  return { width: WIDTH, height: HEIGHT, left, right: WIDTH - 4, top, bottom, zero: round(y(0)), yTicks, y: (v) => y(v) };
}

/** Twelve months of one figure as bars, each month's bar beside (to the right of) the same month a year earlier. */
export function barChart(labels: string[], current: number[], lastYear: number[], money: Money): BarChartGeometry {
  const { y, ...f } = frame([...current, ...lastYear], money);
  const x = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range([f.left, f.right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const half = x.bandwidth() / 2;
  const bar = (i: number, value: number, series: "current" | "lastYear") => ({
    x: round(x(i)! + (series === "lastYear" ? 0 : half)),
    y: round(Math.min(y(value), f.zero)),
    width: round(half - 0.5),
    height: round(Math.abs(y(value) - f.zero)),
    series,
  });
  return {
    ...f,
    bars: labels.flatMap((_, i) => [bar(i, lastYear[i]!, "lastYear"), bar(i, current[i]!, "current")]),
    xTicks: monthTicks(labels, (i) => x(i)! + half, f.right - f.left),
  };
}

/** A balance at each month's end as a line over the area down to zero, a dot on each month. */
export function lineChart(labels: string[], values: number[], money: Money): LineChartGeometry {
  const { y, ...f } = frame(values, money);
  const x = scalePoint<number>()
    .domain(labels.map((_, i) => i))
    .range([f.left, f.right])
    .padding(0.5);
  const points = values.map((v, i) => [x(i)!, y(v)] as [number, number]);
  const path = line().curve(curveMonotoneX);
  const shade = area()
    .curve(curveMonotoneX)
    .y0(() => f.zero);
  return {
    ...f,
    line: path(points) ?? "",
    area: shade(points) ?? "",
    dots: points.map(([px, py]) => ({ x: round(px), y: round(py) })),
    xTicks: monthTicks(labels, (i) => x(i)!, f.right - f.left),
  };
}

/** Most characters of a category's name written beside its amount; the table under the chart has the whole name. */
const NAME_ROOM = 30;
const ROW = 38;

/** Categories as horizontal bars from zero, each under its name (left) and amount (right). */
export function rankChart(categories: { name: string; amount: string }[], money: Money): RankChartGeometry {
  const rows = categories.map((c) => ({ ...c, value: Number(c.amount) }));
  const x = scaleLinear()
    .domain([Math.min(0, ...rows.map((r) => r.value)), Math.max(0, 1, ...rows.map((r) => r.value))])
    .range([0, WIDTH]);
  return {
    width: WIDTH,
    height: Math.max(ROW, rows.length * ROW),
    rows: rows.map((r, i) => ({
      name: r.name.length > NAME_ROOM ? `${r.name.slice(0, NAME_ROOM - 1).trimEnd()}…` : r.name,
      amount: money.money(r.amount),
      textY: i * ROW + FONT + 2,
      barY: i * ROW + FONT + 8,
      barX: round(Math.min(x(0), x(r.value))),
      barWidth: round(Math.max(1, Math.abs(x(r.value) - x(0)))),
      barHeight: 14,
    })),
  };
}

/** "Oct": the short month of a label ("October 2026"). */
const shortMonth = (label: string) => label.slice(0, 3);

/** The five charts of the dashboard, from its figures. */
export function dashboardCharts(d: DashboardFigures): DashboardCharts {
  const money = moneyIn(d.currency);
  const labels = d.months.map((m) => shortMonth(m.label));
  const monthly = (figure: MonthlyFigure) =>
    barChart(
      labels,
      d.months.map((m) => Number(m.figures[figure])),
      d.months.map((m) => Number(m.lastYear[figure])),
      money,
    );
  return {
    cash: lineChart(
      d.cashMonthEnds.map((c) => shortMonth(c.label)),
      d.cashMonthEnds.map((c) => Number(c.balance)),
      money,
    ),
    revenue: monthly("revenue"),
    grossMargin: monthly("grossMargin"),
    netIncome: monthly("netIncome"),
    expenses: rankChart(d.expenses, money),
  };
}
