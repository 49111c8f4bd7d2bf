import { z } from "zod";

const message = "Choose the month the fiscal year starts in";

/** PUT /fiscal-year and the Closing section's form: the month (1 = January) the organization's fiscal year starts in. */
export const fiscalYearSchema = z.object({
  fiscal_year_start_month: z.number({ error: message }).int(message).min(1, message).max(12, message),
});
export type FiscalYearInput = z.infer<typeof fiscalYearSchema>;
