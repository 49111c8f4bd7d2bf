import { z } from "zod";
import { isoDateField } from "~/lib/schema-fields.ts";

/** A general ledger page's position: after the line of that entry date, entry number (sequence) and line number. */
export const GL_CURSOR = /^(\d{4}-\d{2}-\d{2})\.([1-9]\d{0,9})\.([1-9]\d{0,4})$/;

const accountQueryField = z.coerce
  .number({ error: "Account is required" })
  .int("Account is required")
  .positive("Account is required")
  .max(2_147_483_647, "Account not found");

/**
 * GET /reports/general_ledger (and its CSV): one account's posted lines from `start` to `end`; `after` is the last
 * line of the page before (keyset paging), as the previous page's `next` gives it.
 */
export const generalLedgerQuerySchema = z
  .object({
    account: accountQueryField,
    start: isoDateField("Start date"),
    end: isoDateField("End date"),
    after: z.string().regex(GL_CURSOR, "After must be a line of the ledger (date.entry.line)").optional(),
  })
  .refine((q) => q.start <= q.end, { message: "Start date must not be after the end date", path: ["start"] });
export type GeneralLedgerQuery = z.infer<typeof generalLedgerQuerySchema>;

/** GET /reports/general_ledger/all/pdf and /all/csv: every account with posted lines from `start` to `end`. */
export const generalLedgerPeriodSchema = z
  .object({ start: isoDateField("Start date"), end: isoDateField("End date") })
  .refine((q) => q.start <= q.end, { message: "Start date must not be after the end date", path: ["start"] });
export type GeneralLedgerPeriod = z.infer<typeof generalLedgerPeriodSchema>;

/** The General ledger screen's URL (`/accounting/:orgId/ledger?account=&start=&end=&after=`): every part optional. */
export const generalLedgerViewSchema = z.object({
  account: accountQueryField.optional(),
  start: isoDateField("Start date").optional(),
  end: isoDateField("End date").optional(),
  after: z.string().regex(GL_CURSOR, "After must be a line of the ledger (date.entry.line)").optional(),
});
