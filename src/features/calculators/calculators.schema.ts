import { zodFields as fieldErrors } from "~/lib/zod-fields.ts";
import Decimal from "decimal.js";
import { z } from "zod";
import { calculate, DEFAULT_TIMEFRAME_MONTHS, type Calculation, type CalculatorType } from "./calculators.ts";

/**
 * Inputs of both calculators, used by the forms and by the API. Values arrive as strings (form fields)
 * or numbers (JSON) and leave as normalized decimal strings, so the formulas never see a float.
 */

/** Largest amount accepted: what fits numeric(14,2). */
export const MAX_AMOUNT = "999999999999.99";
export const TIMEFRAME_MIN = 1;
export const TIMEFRAME_MAX = 60;
export const PERCENT_MIN = 0;
export const PERCENT_MAX = 100;
export const EMPLOYEES_MIN = 0;
export const EMPLOYEES_MAX = 1_000_000;

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

interface NumberFieldOptions {
  label: string;
  min: number | string;
  max: number | string;
  /** Decimal places allowed (0: whole numbers). */
  decimals: number;
  /** Used when the field is missing or empty; without it the field is required. */
  fallback?: string;
  /** How the bounds are explained, e.g. "must be between 1 and 60 months". */
  rangeMessage: string;
}

function numberField(o: NumberFieldOptions) {
  return z
    .union([z.string(), z.number()], {
      error: (iss) => (iss.input === undefined || iss.input === null ? `${o.label} is required` : `${o.label} must be a number`),
    })
    .optional()
    .transform((raw, ctx) => {
      const text = typeof raw === "number" ? String(raw) : (raw ?? "").trim();
      if (text === "") {
        if (o.fallback !== undefined) return o.fallback;
        ctx.addIssue({ code: "custom", message: `${o.label} is required` });
        return z.NEVER;
      }
      if (!NUMBER_RE.test(text)) {
        ctx.addIssue({ code: "custom", message: `${o.label} must be a number` });
        return z.NEVER;
      }
      const d = new Decimal(text);
      if (!d.isFinite() || d.lt(o.min) || d.gt(o.max)) {
        ctx.addIssue({ code: "custom", message: `${o.label} ${o.rangeMessage}` });
        return z.NEVER;
      }
      if (d.decimalPlaces() > o.decimals) {
        ctx.addIssue({
          code: "custom",
          message: o.decimals === 0 ? `${o.label} must be a whole number` : `${o.label} can have at most ${o.decimals} decimal places`,
        });
        return z.NEVER;
      }
      return d.toFixed();
    });
}

const amount = (label: string) =>
  numberField({ label, min: 0, max: MAX_AMOUNT, decimals: 2, rangeMessage: "must be 0 or more (at most 999,999,999,999.99)" });

export const roiInputsSchema = z.object(
  {
    currentRevenue: amount("Current annual revenue"),
    currentCosts: amount("Current annual costs"),
    projectedRevenue: amount("Projected annual revenue"),
    projectedCosts: amount("Projected annual costs"),
    implementationCost: amount("Implementation cost"),
    timeframe: numberField({
      label: "Timeframe",
      min: TIMEFRAME_MIN,
      max: TIMEFRAME_MAX,
      decimals: 0,
      fallback: String(DEFAULT_TIMEFRAME_MONTHS),
      rangeMessage: `must be between ${TIMEFRAME_MIN} and ${TIMEFRAME_MAX} months`,
    }),
  },
  { error: "inputs must be an object" },
);

export const rndInputsSchema = z.object(
  {
    totalWages: amount("Total wages"),
    rdTimePercent: numberField({
      label: "Time spent on R&D",
      min: PERCENT_MIN,
      max: PERCENT_MAX,
      decimals: 2,
      rangeMessage: `must be between ${PERCENT_MIN} and ${PERCENT_MAX} percent`,
    }),
    supplyCosts: amount("Supply costs"),
    contractorCosts: amount("Contractor costs"),
    employees: numberField({
      label: "Number of employees",
      min: EMPLOYEES_MIN,
      max: EMPLOYEES_MAX,
      decimals: 0,
      fallback: "0",
      rangeMessage: `must be 0 or more`,
    }),
  },
  { error: "inputs must be an object" },
);

export type RoiFormValues = z.input<typeof roiInputsSchema>;
export type RndFormValues = z.input<typeof rndInputsSchema>;

/**
 * Saving names no address and no name: the analysis goes to the account's own verified address and greets the
 * account's name, so a signed-in user cannot have the firm mail someone else. A body that names either is refused.
 */
const accountRecipient = {
  email: z.never({ error: "Results are sent to your account's email address" }).optional(),
  name: z.never({ error: "Results are addressed to the name of your account" }).optional(),
};

/** Body of POST /api/calculators/submissions. Any results the client sends are dropped; the server computes them. */
export const submissionSchema = z.discriminatedUnion(
  "calculatorType",
  [
    z.object({ ...accountRecipient, calculatorType: z.literal("roi"), inputs: roiInputsSchema }),
    z.object({ ...accountRecipient, calculatorType: z.literal("rnd_tax_credit"), inputs: rndInputsSchema }),
  ],
  { error: "calculatorType must be roi or rnd_tax_credit" },
);

export type SubmissionInput = z.output<typeof submissionSchema>;

/** Field path -> first message, for a 400 answer and for forms (the one rule, shared with the server). */
export { fieldErrors };

export interface CalculatorQueryResult {
  /** The submitted values as typed, to put back in the form. */
  values: Record<string, string>;
  /** Field -> message when a value is refused. */
  fields: Record<string, string>;
  /** The calculation when every value is accepted. */
  calc: Calculation | null;
}

/**
 * A calculator form submitted without JavaScript arrives as query parameters (GET); this checks them with
 * the same schema and computes on the server. Null when the query holds none of the calculator's fields.
 */
export function calculatorFromQuery(type: CalculatorType, params: URLSearchParams): CalculatorQueryResult | null {
  const schema = type === "roi" ? roiInputsSchema : rndInputsSchema;
  const keys = Object.keys(schema.shape);
  if (!keys.some((k) => params.has(k))) return null;
  const values = Object.fromEntries(keys.map((k) => [k, (params.get(k) ?? "").slice(0, 100)]));
  if (type === "roi") {
    const parsed = roiInputsSchema.safeParse(values);
    return parsed.success
      ? { values, fields: {}, calc: calculate({ calculatorType: "roi", inputs: parsed.data }) }
      : { values, fields: fieldErrors(parsed.error), calc: null };
  }
  const parsed = rndInputsSchema.safeParse(values);
  return parsed.success
    ? { values, fields: {}, calc: calculate({ calculatorType: "rnd_tax_credit", inputs: parsed.data }) }
    : { values, fields: fieldErrors(parsed.error), calc: null };
}
