import { z } from "zod";
import { idField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";

/** Bank rules and the batches they post: the inputs their forms and routes share (decisions 092 and 104). */

export const RULE_FIELDS = ["text", "payee"] as const;
export const RULE_OPERATORS = ["contains", "equals", "matches"] as const;
export const RULE_DIRECTIONS = ["any", "in", "out"] as const;

/** Longest memo a rule gives the entries it posts (an entry's description holds 500 characters). */
export const MAX_RULE_MEMO = 500;

/** An optional amount bound: blank means none; otherwise at least 0 with at most 2 decimals. */
const boundField = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be an amount` })
    .optional()
    .transform((value, ctx) => {
      const text = value === null || value === undefined ? "" : String(value).trim().replace(/,/g, "");
      if (text === "") return null;
      const cents = toCents(text);
      if (cents === null || cents < 0n || cents > 99_999_999_999_999n) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount of 0 or more with at most 2 decimals`, input: value });
        return z.NEVER;
      }
      return centsToDecimal(cents);
    });

/**
 * A rule: which statement lines it fits (text or payee contains, equals or matches; direction; amount range), the
 * account it chooses (and the tax code, if any), and the memo written as the description of the entries it posts (blank: the bank's text).
 */
export const bankRuleSchema = z
  .object({
    name: requiredTextField("Name", { max: 100 }),
    field: z.enum(RULE_FIELDS, { error: "Choose the bank's text or the payee" }),
    operator: z.enum(RULE_OPERATORS, { error: "Choose contains, equals or matches" }),
    value: requiredTextField("Value", { max: 200 }),
    direction: z.enum(RULE_DIRECTIONS, { error: "Choose money in, money out or either" }),
    amount_min: boundField("Smallest amount"),
    amount_max: boundField("Largest amount"),
    account_id: idField("Account"),
    /** The tax code the entries it posts are taxed with, the line's amount being the gross (decision 112). */
    tax_code_id: idField("Tax code", { rangeError: "Tax code not found" }).nullish(),
    bank_account_id: idField("Bank account").nullable().optional(),
    memo: textField("Memo", { max: MAX_RULE_MEMO }).nullable().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.amount_min !== null && r.amount_max !== null && toCents(r.amount_min)! > toCents(r.amount_max)!)
      ctx.addIssue({ code: "custom", path: ["amount_max"], message: "Largest amount must be at least the smallest" });
  });
export type BankRuleInput = z.infer<typeof bankRuleSchema>;
export type BankRuleForm = z.input<typeof bankRuleSchema>;

/** Moving a rule up or down the order. */
export const ruleMoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "direction must be up or down" }) });

/**
 * POST …/apply-rules?fingerprint=: the preview's fingerprint, so that what is posted is what was shown (a 409 when the
 * lines or the rules changed since). Without it, what the rules choose now is posted.
 */
export const rulesPostQuerySchema = z.object({
  fingerprint: z
    .string({ error: "fingerprint must be the preview's" })
    .regex(/^[0-9a-f]{64}$/, "fingerprint must be the preview's")
    .optional(),
});
