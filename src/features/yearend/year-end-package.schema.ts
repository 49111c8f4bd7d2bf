import { z } from "zod";

/** POST /year-end/packages and the Closing section's button: the closed fiscal year, named by the calendar year it ends in. */
export const yearEndPackageSchema = z.object({
  fiscal_year: z
    .number({ error: "Fiscal year is required" })
    .int("Fiscal year must be a year such as 2025")
    .min(1901, "Fiscal year must be from 1901")
    .max(2200, "Fiscal year must be at most 2200"),
});
export type YearEndPackageInput = z.infer<typeof yearEndPackageSchema>;
