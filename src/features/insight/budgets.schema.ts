import { z } from "zod";
import { idField } from "~/lib/schema-fields.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { BUDGET_MONTHS, cellCents, percentHundredths } from "./budgets.ts";

/** Most accounts one budget holds (a chart of about 2,000 accounts has fewer P&L ones). */
export const MAX_BUDGET_ROWS = 2_000;

/** A fiscal year in a path or a query: named by the calendar year it ends in (FY2026). */
export const budgetYearField = (label = "Year") =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}$/, `${label} must be a year such as 2026`)
    .transform(Number)
    .pipe(z.number().min(1901, `${label} must be between 1901 and 9998`).max(9998, `${label} must be between 1901 and 9998`));

export const budgetYearParams = z.object({ year: budgetYearField() });

/**
 * A row's twelve months as typed: blank is zero; at most two decimals; "1,234.50" as typed in a form. Output: "1234.50"
 * each. A bad cell is named by its month's place in the year ("Month 3: amount is not an amount"), at its index.
 */
const months = z
  .array(z.union([z.string(), z.number()], { error: "Each month must be an amount" }), { error: "Twelve monthly amounts are required" })
  .length(BUDGET_MONTHS, "Twelve monthly amounts are required")
  .transform((values, ctx) =>
    values.map((value, i) => {
      const cents = cellCents(typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : value);
      if (typeof cents !== "string") return centsToDecimal(cents);
      ctx.addIssue({ code: "custom", message: `Month ${i + 1}: amount ${cents}`, path: [i], input: value });
      return "0.00";
    }),
  );

/** PUT /budgets/:year and the grid: each account's twelve months, in the year's order. Accounts left out have no budget. */
export const budgetGridSchema = z.object({
  rows: z
    .array(
      z.object({
        account_id: idField("Account", { rangeError: "Account not found" }),
        amounts: months,
      }),
      { error: "Rows are required" },
    )
    .max(MAX_BUDGET_ROWS, `At most ${MAX_BUDGET_ROWS} accounts`),
});
export type BudgetGridInput = z.infer<typeof budgetGridSchema>;
export type BudgetGridForm = z.input<typeof budgetGridSchema>;

/** POST /budgets/:year/copy and its form: last year's actuals, changed by a percentage (-100 to 1,000, two decimals). */
export const budgetCopySchema = z.object({
  percent: z
    .union([z.string(), z.number()], { error: "Percentage is required" })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .refine((v) => v.trim() !== "", "Percentage is required")
    .refine(
      (v) => v.trim() === "" || percentHundredths(v) !== null,
      "Percentage must be a number from -100 to 1000 with at most 2 decimals",
    ),
});
export type BudgetCopyInput = z.infer<typeof budgetCopySchema>;
export type BudgetCopyForm = z.input<typeof budgetCopySchema>;

/** GET /reports/budget_actual(/pdf)?month=YYYY-MM: the month of the budget year to report on. */
export const budgetReportQuerySchema = z.object({
  month: z
    .string({ error: "Month is required" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be a month as YYYY-MM")
    .refine((m) => m >= "1901-01" && m <= "9998-12", "Month must be between 1901-01 and 9998-12"),
});
