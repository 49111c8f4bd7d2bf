import { z } from "zod";
import { isoDateField } from "~/lib/schema-fields.ts";
import { COMPARISONS } from "~/features/ledger/index.ts";
import { CASH_FLOWS } from "./cash-flow.ts";
import { REPORT_TYPES } from "./reports.ts";
import { BUDGET_ACTUAL } from "~/features/insight/budgets.types.ts";

/** What a statement is compared with (P&L and balance sheet; the trial balance has no comparisons). */
const compareField = z.enum(COMPARISONS, { error: "compare must be previous_period, previous_year or both" }).optional();

export const reportQuerySchema = z
  .object({
    start: isoDateField("Start date"),
    end: isoDateField("End date"),
    compare: compareField,
  })
  .refine((q) => q.start <= q.end, { message: "Start date must not be after the end date", path: ["start"] });

export const reportTypeSchema = z.enum(REPORT_TYPES, { error: "Unknown report type" });

/**
 * The Reports screen's URL (`/accounting/:orgId/reports?type=&start=&end=`): every part optional, the screen fills in
 * the trial balance from January 1 to today; the period itself is then checked with reportQuerySchema.
 */
export const reportViewQuerySchema = z.object({
  type: z.enum([...REPORT_TYPES, CASH_FLOWS, BUDGET_ACTUAL], { error: "Unknown report type" }).optional(),
  start: isoDateField("Start date").optional(),
  end: isoDateField("End date").optional(),
  compare: compareField,
});
