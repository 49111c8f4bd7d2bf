import { z } from "zod";
import { idField, idQueryField, isoDateField, pageField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { TAX_RETURN_GROUPS } from "./tax-return.types.ts";

/** A return's period: `from` and `to`, real dates, `from` not after `to`. */
export const taxReturnQuerySchema = z
  .object({ from: isoDateField("From"), to: isoDateField("To") })
  .refine((q) => q.from <= q.to, { message: "From must not be after To", path: ["from"] });

/**
 * The lines behind one figure of the return, and a page after the cursor: a box (`box`, its `group`), or a tax code's
 * (`code`, the code's id: its taxable base) or one of its parts' (`code` and `part`: the part's base and tax).
 */
export const taxReturnLinesQuerySchema = z
  .object({
    from: isoDateField("From"),
    to: isoDateField("To"),
    box: requiredTextField("Box", { max: 20 }).optional(),
    group: z.enum(TAX_RETURN_GROUPS, { error: "Group must be boxes or corrections" }).optional(),
    code: idQueryField("Code", "a tax code's id").optional(),
    part: z.coerce
      .number({ error: "Part must be a whole number from 1" })
      .int("Part must be a whole number from 1")
      .min(1, "Part must be a whole number from 1")
      .max(100, "Part is at most 100")
      .optional(),
    after: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}\.\d{1,10}(\.\d{1,15})?$/, "After is not a cursor of this list")
      .optional(),
    limit: z.coerce
      .number({ error: "Limit must be a number" })
      .int("Limit must be a whole number")
      .min(1, "Limit must be at least 1")
      .max(500, "Limit is at most 500")
      .optional(),
  })
  .refine((q) => q.from <= q.to, { message: "From must not be after To", path: ["from"] })
  .refine((q) => (q.box === undefined) !== (q.code === undefined), { message: "Box or code is required, not both", path: ["box"] })
  .refine((q) => q.part === undefined || q.code !== undefined, { message: "Part is a part of a code: code is required", path: ["part"] });

/** GET …/tax-returns: the page of the filed returns (the tax return screen keeps its period beside it in the URL). */
export const filedTaxReturnsQuerySchema = z.object({ page: pageField() });

/** POST …/tax-returns: the period filed, the authority's account the net goes to, and the return's name. */
export const taxReturnFileSchema = z
  .object({
    period_start: isoDateField("Period start", { min: "1900-01-01", max: "2200-12-31" }),
    period_end: isoDateField("Period end", { min: "1900-01-01", max: "2200-12-31" }),
    authority_account_id: idField("Authority account", { rangeError: "Account not found or inactive" }),
    name: textField("Name", { max: 120 }).nullish(),
  })
  .refine((q) => q.period_start <= q.period_end, { message: "Period start must not be after the period end", path: ["period_start"] });
export type TaxReturnFileInput = z.infer<typeof taxReturnFileSchema>;
