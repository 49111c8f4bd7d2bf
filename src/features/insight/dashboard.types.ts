/**
 * The owner's dashboard as the home's loader hands it to the screen (decision 121): the figures, exact decimal strings
 * in the books' currency ("1234.50"), and the charts already laid out on the server (positions and paths), so that
 * the browser draws them without any charting code of its own.
 */

/** A month's income figures: revenue, revenue less the cost of sales, and everything earned less everything spent. */
export interface MonthFigures {
  revenue: string;
  grossMargin: string;
  netIncome: string;
}

export type MonthlyFigure = keyof MonthFigures;

/** One of the twelve full months before this one, beside the same month a year earlier. */
export interface DashboardMonth {
  /** "2026-10" */
  month: string;
  /** "October 2026" */
  label: string;
  figures: MonthFigures;
  lastYear: MonthFigures;
  /** "October 2025" */
  lastYearLabel: string;
}

/** Cash at the end of a month: the bank accounts' ledger balance on its last day. */
export interface CashMonthEnd {
  month: string;
  label: string;
  balance: string;
}

/** An operating expense account and what it cost over the twelve months; `other` sums the accounts after the six largest. */
export interface ExpenseCategory {
  name: string;
  amount: string;
  other: boolean;
}

/**
 * How long cash lasts: the average monthly decrease of cash over the last three full months and cash today divided
 * by it, in months to one decimal (rounded down). Both null when cash did not decrease over those months.
 */
export interface CashRunway {
  averageBurn: string | null;
  months: number | null;
  /** "August 2026 to October 2026" */
  over: string;
}

export interface DashboardFigures {
  currency: string;
  /** The day the balances are read at ("2026-11-28"); the months are the twelve full months before its month. */
  today: string;
  months: DashboardMonth[];
  cashToday: string;
  cashMonthEnds: CashMonthEnd[];
  /** Bank accounts (not cards) the books keep: cash is read from their ledger accounts. */
  bankAccounts: number;
  expenses: ExpenseCategory[];
  expensesTotal: string;
  /** What customers owe: the receivable control account's balance today. */
  receivable: string;
  /** What is owed to suppliers: the payable control account's balance today. */
  payable: string;
  runway: CashRunway;
  /** Nothing posted in the two years read and no balance today: the charts would all be flat. */
  empty: boolean;
}

/** A mark on an axis: its position along the axis and its text. */
export interface Tick {
  at: number;
  label: string;
}

/** What every chart shares: its drawing box (the SVG's viewBox) and the plot area inside it. */
export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Where zero is on the value axis. */
  zero: number;
  yTicks: Tick[];
  xTicks: Tick[];
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  series: "current" | "lastYear";
}

/** Months as bars, each month's bar beside the same month a year earlier. */
export interface BarChartGeometry extends ChartFrame {
  bars: Bar[];
}

/** A balance over the months as a line over a shaded area. */
export interface LineChartGeometry extends ChartFrame {
  line: string;
  area: string;
  dots: { x: number; y: number }[];
}

/** Categories as horizontal bars, largest first, each with its name and amount above its bar. */
export interface RankChartGeometry {
  width: number;
  height: number;
  rows: { name: string; amount: string; textY: number; barY: number; barX: number; barWidth: number; barHeight: number }[];
}

export interface DashboardCharts {
  cash: LineChartGeometry;
  revenue: BarChartGeometry;
  grossMargin: BarChartGeometry;
  netIncome: BarChartGeometry;
  expenses: RankChartGeometry;
}

export interface OwnerDashboard extends DashboardFigures {
  charts: DashboardCharts;
}
