import { z } from "zod";
import { requiredTextField } from "~/lib/schema-fields.ts";

/** A fiscal year, named by the calendar year it ends in. */
const year = (n: z.ZodNumber) =>
  n.int("Fiscal year must be a year such as 2025").min(1901, "Fiscal year must be from 1901").max(2200, "Fiscal year must be at most 2200");
const fiscalYearField = year(z.number({ error: "Fiscal year is required" }));

const reasonField = requiredTextField("Reason", { max: 500, typeError: "Reason is required" });

/** GET /year-end/preview?fiscal_year=2025. */
export const yearEndPreviewSchema = z.object({ fiscal_year: year(z.coerce.number({ error: "Fiscal year is required" })) });

/** POST /year-end/close and POST /year-end/reopen: the fiscal year (named by the year it ends in) and why. */
export const yearEndCloseSchema = z.object({ fiscal_year: fiscalYearField, reason: reasonField });
export type YearEndCloseInput = z.infer<typeof yearEndCloseSchema>;
