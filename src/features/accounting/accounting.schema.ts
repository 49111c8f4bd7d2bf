import { z } from "zod";
import { ACCOUNT_TYPES, REPORT_TYPES } from "./reports.ts";
import { decimalsOf, toCents } from "./money.ts";

/** Largest amount a line or an entry may carry: numeric(14,2). */
export const MAX_AMOUNT = 999_999_999_999.99;
export const MAX_LINES = 500;

export const accountCreateSchema = z.object({
  account_code: z
    .string({ error: "Account code is required" })
    .trim()
    .min(1, "Account code is required")
    .max(20, "Account code must be at most 20 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, "Account code may hold letters, digits, dots and dashes"),
  account_name: z
    .string({ error: "Account name is required" })
    .trim()
    .min(1, "Account name is required")
    .max(200, "Account name must be at most 200 characters"),
  account_type: z.enum(ACCOUNT_TYPES, { error: "Account type is required" }),
});
export type AccountCreate = z.infer<typeof accountCreateSchema>;

/** Editing keeps the code (locked). */
export const accountUpdateSchema = accountCreateSchema.omit({ account_code: true });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** GET /accounts: `include_inactive=true` lists deleted accounts too (the chart's Show inactive). */
export const accountListQuerySchema = z.object({
  include_inactive: z.enum(["true", "false"], { error: "include_inactive must be true or false" }).optional(),
});

/** DELETE /accounts/:id: `confirm=true` deletes an account that journal lines use, after its balance was shown. */
export const accountDeleteQuerySchema = z.object({
  confirm: z.enum(["true", "false"], { error: "confirm must be true or false" }).optional(),
});

const amount = z
  .number({ error: "must be a number" })
  .min(0, "must not be negative")
  .max(MAX_AMOUNT, "is too large")
  .refine((v) => decimalsOf(v) <= 2, "must have at most 2 decimals");

export const entryLineSchema = z
  .object({
    account_id: z.number({ error: "Account is required" }).int().positive("Account is required"),
    description: z.string().trim().max(500, "Line description must be at most 500 characters").nullish(),
    debit_amount: amount,
    credit_amount: amount,
  })
  .refine((l) => (l.debit_amount > 0) !== (l.credit_amount > 0), {
    message: "A line holds either a debit or a credit",
    path: ["debit_amount"],
  });

const isoDate = z.iso.date("Entry date is required").refine((d) => d >= "1900-01-01" && d <= "9999-12-31", "Entry date is out of range");

export const entryInputSchema = z
  .object({
    description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(500, "Description must be at most 500 characters"),
    entry_date: isoDate,
    reference: z.string().trim().max(100, "Reference must be at most 100 characters").nullish(),
    lines: z
      .array(entryLineSchema, { error: "At least two account lines are required" })
      .min(2, "At least two account lines are required")
      .max(MAX_LINES, `An entry has at most ${MAX_LINES} lines`),
  })
  .superRefine((e, ctx) => {
    let debit = 0n;
    let credit = 0n;
    for (const l of e.lines) {
      debit += toCents(l.debit_amount) ?? 0n;
      credit += toCents(l.credit_amount) ?? 0n;
    }
    if (debit !== credit || debit <= 0n) ctx.addIssue({ code: "custom", message: "Debits must equal credits", path: ["lines"] });
    else if (debit > 99_999_999_999_999n) ctx.addIssue({ code: "custom", message: "Entry total is too large", path: ["lines"] });
  });
export type EntryInput = z.infer<typeof entryInputSchema>;

/** GET /entries: `status=draft` (or posted) lists those entries only. */
export const entryListQuerySchema = z.object({
  status: z.enum(["draft", "posted"], { error: "status must be draft or posted" }).optional(),
});

export const reverseSchema = z.object({ entry_date: isoDate });

export const reportQuerySchema = z
  .object({
    start: z.iso.date("Start date is required"),
    end: z.iso.date("End date is required"),
  })
  .refine((q) => q.start <= q.end, { message: "Start date must not be after the end date", path: ["start"] });

export const reportTypeSchema = z.enum(REPORT_TYPES, { error: "Unknown report type" });

export const idParamSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** A 400 body naming the first failing field, with every field's messages. */
export function validationError(error: z.ZodError): { error: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  return { error: `${where}${first?.message ?? "Invalid input"}`, fields };
}
