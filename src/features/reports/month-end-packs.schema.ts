import { z } from "zod";

/** A month of the books, "2026-10": from 1900 (the earliest entry date) to 9999. */
export const packMonthField = z
  .string({ error: "Month is required" })
  .trim()
  .regex(/^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])$/, "Choose a month (YYYY-MM)");

/** POST /packs and the Month-end packs form: the month whose pack the firm prepares. */
export const monthEndPackSchema = z.object({ month: packMonthField });
export type MonthEndPackInput = z.infer<typeof monthEndPackSchema>;
