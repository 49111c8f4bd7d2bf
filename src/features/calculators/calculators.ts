import Decimal from "decimal.js";

/**
 * The calculators' formulas, as the product defines them, in exact decimal arithmetic. Inputs and results are decimal
 * strings; nothing is rounded here except by the display helpers at the bottom.
 */

/** Our own Decimal: 40 significant digits (divisions such as 12 / 7 cannot be exact), half-up rounding. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof Dec>;

export const DEFAULT_TIMEFRAME_MONTHS = 12;
export const QUALIFIED_SHARE = "0.65";
export const CREDIT_RATE = "0.14";
export const FURTHER_SAVINGS_RATE = "0.10";

export type CalculatorType = "roi" | "rnd_tax_credit";

export interface RoiInputs {
  currentRevenue: string;
  currentCosts: string;
  projectedRevenue: string;
  projectedCosts: string;
  implementationCost: string;
  /** Months, 1 to 60. */
  timeframe: string;
}

export interface RoiResults {
  currentProfit: string;
  projectedProfit: string;
  annualSavings: string;
  roiPercent: string;
  paybackMonths: string;
  totalReturn: string;
}

export interface RndInputs {
  totalWages: string;
  /** Share of wages spent on R&D, percent 0 to 100. */
  rdTimePercent: string;
  supplyCosts: string;
  contractorCosts: string;
  /** Informational only; not part of any formula. */
  employees: string;
}

export interface RndResults {
  qualifiedWages: string;
  qualifiedSupplies: string;
  qualifiedContractor: string;
  totalQualified: string;
  estimatedCredit: string;
  potentialSavings: string;
}

const str = (d: D) => d.toFixed();

export function calculateRoi(inputs: Omit<RoiInputs, "timeframe"> & { timeframe?: string }): RoiResults {
  const timeframe = new Dec(inputs.timeframe ?? DEFAULT_TIMEFRAME_MONTHS);
  const cost = new Dec(inputs.implementationCost);
  const currentProfit = new Dec(inputs.currentRevenue).minus(inputs.currentCosts);
  const projectedProfit = new Dec(inputs.projectedRevenue).minus(inputs.projectedCosts);
  const annualSavings = projectedProfit.minus(currentProfit).times(12).div(timeframe);
  const roiPercent = cost.isZero() ? new Dec(0) : annualSavings.div(cost).times(100);
  const paybackMonths = annualSavings.gt(0) ? cost.div(annualSavings.div(12)) : new Dec(0);
  const totalReturn = annualSavings.minus(cost);
  return {
    currentProfit: str(currentProfit),
    projectedProfit: str(projectedProfit),
    annualSavings: str(annualSavings),
    roiPercent: str(roiPercent),
    paybackMonths: str(paybackMonths),
    totalReturn: str(totalReturn),
  };
}

export function calculateRnd(inputs: Omit<RndInputs, "employees"> & { employees?: string }): RndResults {
  const qualifiedWages = new Dec(inputs.totalWages).times(inputs.rdTimePercent).div(100);
  const qualifiedSupplies = new Dec(inputs.supplyCosts).times(QUALIFIED_SHARE);
  const qualifiedContractor = new Dec(inputs.contractorCosts).times(QUALIFIED_SHARE);
  const totalQualified = qualifiedWages.plus(qualifiedSupplies).plus(qualifiedContractor);
  const estimatedCredit = totalQualified.times(CREDIT_RATE);
  const potentialSavings = estimatedCredit.plus(totalQualified.times(FURTHER_SAVINGS_RATE));
  return {
    qualifiedWages: str(qualifiedWages),
    qualifiedSupplies: str(qualifiedSupplies),
    qualifiedContractor: str(qualifiedContractor),
    totalQualified: str(totalQualified),
    estimatedCredit: str(estimatedCredit),
    potentialSavings: str(potentialSavings),
  };
}

// ---- display -------------------------------------------------------------------------------------

function groupThousands(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `$1,234.56` (en-US): rounded half away from zero to cents, exact for any size. */
export function formatCurrency(value: string | number | D): string {
  const d = new Dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [intPart, frac = "00"] = d.abs().toFixed(2).split(".");
  return `${d.isNeg() && !d.isZero() ? "-" : ""}$${groupThousands(intPart!)}.${frac}`;
}

/** A plain number with thousands separators and at most `maxDecimals` decimals, trailing zeros dropped. */
export function formatNumber(value: string | number | D, maxDecimals = 2): string {
  const d = new Dec(value).toDecimalPlaces(maxDecimals, Decimal.ROUND_HALF_UP);
  const [intPart, frac] = d.abs().toFixed().split(".");
  return `${d.isNeg() && !d.isZero() ? "-" : ""}${groupThousands(intPart!)}${frac ? `.${frac}` : ""}`;
}

export function formatPercent(value: string | number | D): string {
  return `${formatNumber(value, 2)}%`;
}

export function formatMonths(value: string | number | D): string {
  const text = formatNumber(value, 2);
  return `${text} ${text === "1" ? "month" : "months"}`;
}

export const CALCULATOR_TITLES: Record<CalculatorType, string> = {
  roi: "ROI Calculator",
  rnd_tax_credit: "R&D Tax Credit Calculator",
};

export interface ReportRow {
  label: string;
  value: string;
}

export interface CalculatorReport {
  title: string;
  inputs: ReportRow[];
  results: ReportRow[];
  /** The two or three figures to show large. */
  highlights: ReportRow[];
  /** How the figures were worked out, in plain words (shown under the results, in the mail and the PDF). */
  method: { heading: string; paragraphs: string[] } | null;
}

/** Shown for the payback period when the investment never pays for itself (the stored value stays 0). */
export const NEVER_PAYS_BACK = "Never";

const pct = (rate: string) => formatPercent(new Dec(rate).times(100));

/** The R&D credit's method as the product defines it: what each rate is, and that the result is an estimate. */
export function rndMethod(inputs: Pick<RndInputs, "rdTimePercent">): NonNullable<CalculatorReport["method"]> {
  return {
    heading: "How this estimate is worked out",
    paragraphs: [
      `Qualified wages are your total wages times the share of time spent on R&D (${formatPercent(inputs.rdTimePercent)}).`,
      `Qualified supplies and qualified contractor costs are each ${pct(QUALIFIED_SHARE)} of the amount you entered: the calculator counts that share of them as research expenses.`,
      `Total qualified expenses are the sum of those three. The estimated credit is ${pct(CREDIT_RATE)} of total qualified expenses.`,
      `Potential savings are the estimated credit plus a further ${pct(FURTHER_SAVINGS_RATE)} of total qualified expenses, a rough allowance for other savings.`,
      "This is an estimate for planning, not tax advice: which activities and costs qualify, and the credit you can claim, depend on the tax rules and your records. We can review your figures in a free consultation.",
    ],
  };
}

/** The ROI's payback period as a person reads it: "Never" when the savings are not positive and there is a cost. */
export function paybackLabel(
  inputs: Pick<RoiInputs, "implementationCost">,
  results: Pick<RoiResults, "annualSavings" | "paybackMonths">,
): string {
  return new Dec(results.annualSavings).lte(0) && new Dec(inputs.implementationCost).gt(0)
    ? NEVER_PAYS_BACK
    : formatMonths(results.paybackMonths);
}

/** The labelled, display-formatted figures of one calculation: used by the results view, the mail and the PDF. */
export function roiReport(inputs: RoiInputs, results: RoiResults): CalculatorReport {
  const annualSavings = { label: "Annual Savings", value: formatCurrency(results.annualSavings) };
  const roi = { label: "ROI", value: formatPercent(results.roiPercent) };
  const payback = { label: "Payback Period", value: paybackLabel(inputs, results) };
  return {
    title: CALCULATOR_TITLES.roi,
    inputs: [
      { label: "Current Annual Revenue", value: formatCurrency(inputs.currentRevenue) },
      { label: "Current Annual Costs", value: formatCurrency(inputs.currentCosts) },
      { label: "Projected Annual Revenue", value: formatCurrency(inputs.projectedRevenue) },
      { label: "Projected Annual Costs", value: formatCurrency(inputs.projectedCosts) },
      { label: "Implementation Cost", value: formatCurrency(inputs.implementationCost) },
      { label: "Timeframe", value: formatMonths(inputs.timeframe) },
    ],
    results: [
      { label: "Current Profit", value: formatCurrency(results.currentProfit) },
      { label: "Projected Profit", value: formatCurrency(results.projectedProfit) },
      annualSavings,
      roi,
      payback,
      { label: "Total Return (first year)", value: formatCurrency(results.totalReturn) },
    ],
    highlights: [annualSavings, roi, payback],
    method:
      payback.value === NEVER_PAYS_BACK
        ? {
            heading: "Why the payback period is Never",
            paragraphs: [
              "At these figures the projected profit is not above the current profit, so the annual savings are not positive and the implementation cost is never recovered.",
            ],
          }
        : null,
  };
}

export function rndReport(inputs: RndInputs, results: RndResults): CalculatorReport {
  const total = { label: "Total Qualified Expenses", value: formatCurrency(results.totalQualified) };
  const credit = { label: "Estimated Credit", value: formatCurrency(results.estimatedCredit) };
  const savings = { label: "Potential Savings", value: formatCurrency(results.potentialSavings) };
  return {
    title: CALCULATOR_TITLES.rnd_tax_credit,
    inputs: [
      { label: "Total Wages", value: formatCurrency(inputs.totalWages) },
      { label: "Time Spent on R&D", value: formatPercent(inputs.rdTimePercent) },
      { label: "Supply Costs", value: formatCurrency(inputs.supplyCosts) },
      { label: "Contractor Costs", value: formatCurrency(inputs.contractorCosts) },
      { label: "Employees", value: formatNumber(inputs.employees, 0) },
    ],
    results: [
      { label: "Qualified Wages", value: formatCurrency(results.qualifiedWages) },
      { label: "Qualified Supplies (65%)", value: formatCurrency(results.qualifiedSupplies) },
      { label: "Qualified Contractor Costs (65%)", value: formatCurrency(results.qualifiedContractor) },
      total,
      credit,
      savings,
    ],
    highlights: [total, credit, savings],
    method: rndMethod(inputs),
  };
}

export type Calculation =
  | { calculatorType: "roi"; inputs: RoiInputs; results: RoiResults }
  | { calculatorType: "rnd_tax_credit"; inputs: RndInputs; results: RndResults };

export function calculate(
  c: { calculatorType: "roi"; inputs: RoiInputs } | { calculatorType: "rnd_tax_credit"; inputs: RndInputs },
): Calculation {
  return c.calculatorType === "roi"
    ? { calculatorType: "roi", inputs: c.inputs, results: calculateRoi(c.inputs) }
    : { calculatorType: "rnd_tax_credit", inputs: c.inputs, results: calculateRnd(c.inputs) };
}

/** A stored calculation as the API and the screens see it. */
export type SavedSubmission = Calculation & {
  id: string;
  email: string;
  name: string | null;
  /** ISO timestamp. */
  createdAt: string;
};

export function reportFor(c: Calculation): CalculatorReport {
  return c.calculatorType === "roi" ? roiReport(c.inputs, c.results) : rndReport(c.inputs, c.results);
}

/** Path segment of each calculator's screen. */
export const CALCULATOR_PATHS: Record<CalculatorType, string> = {
  roi: "/calculators/roi",
  rnd_tax_credit: "/calculators/rd-tax-credit",
};
