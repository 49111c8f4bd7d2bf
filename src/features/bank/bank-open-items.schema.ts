import { z } from "zod";
import { idField, idQueryField, textField } from "~/lib/schema-fields.ts";
import { toCents } from "~/lib/money.ts";
import { signedAmountField } from "./bank.schema.ts";

/*
 * A statement line settled against open items (issue 42): what the open items' list asks and what settling sends. The
 * line's amount is the payment: what the allocations take of it, plus the write-offs, is checked on the server, which
 * knows the line.
 */

export const OPEN_ITEM_SIDES = ["receivable", "payable"] as const;
const sideField = () => z.enum(OPEN_ITEM_SIDES, { error: "Side must be receivable or payable" });

/** Most allocations one statement line settles. */
export const MAX_SETTLED_ITEMS = 200;

/** An amount above 0.00 with at most 2 decimals, as a decimal string. */
const positiveAmount = (label: string) => signedAmountField(label).refine((a) => toCents(a)! > 0n, `${label} must be more than zero`);

export const openItemsQuerySchema = z.object({
  /** Left out: receivables for money in, payables for money out. */
  side: sideField().optional(),
  /** The items of this contact (and of the contacts merged into it). */
  contact_id: idQueryField("Contact", "a contact").optional(),
  /** Items whose contact, number or reference holds this text. */
  q: textField("Search", { max: 100 }).optional(),
});
export type OpenItemsQuery = z.infer<typeof openItemsQuerySchema>;

export const settleSchema = z.object({
  contact_id: idField("Contact", { rangeError: "Contact not found" }),
  side: sideField().optional(),
  allocations: z
    .array(
      z.object({
        item_id: idField("Open item", { max: Number.MAX_SAFE_INTEGER, rangeError: "Open item not found" }),
        amount: positiveAmount("Amount"),
      }),
      { error: "allocations must be a list" },
    )
    .max(MAX_SETTLED_ITEMS, `At most ${MAX_SETTLED_ITEMS} items at a time`)
    .default([]),
  /** An early-payment discount, a bank fee: settled with the line's money, posted to the account named. */
  write_offs: z
    .array(
      z.object({
        account_id: idField("Write-off account", { rangeError: "Account not found or inactive" }),
        amount: positiveAmount("Write-off amount"),
        description: textField("Write-off description", { max: 200 }).nullish(),
      }),
      { error: "write_offs must be a list" },
    )
    .max(5, "At most 5 write-offs")
    .default([]),
  /** What the allocations leave of the line (with its write-offs) stays as the contact's credit; else it must be nothing. */
  keep_credit: z.boolean({ error: "keep_credit must be true or false" }).default(false),
});
export type SettleInput = z.infer<typeof settleSchema>;
export type SettleForm = z.input<typeof settleSchema>;
