/** What the payment dialog's form holds and how it is checked before it is sent. */
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { idField, isoDateField, textField } from "~/lib/schema-fields.ts";
import { EARLIEST_ENTRY_DATE } from "~/features/ledger/ledger.schema.ts";
import { moneyField } from "../sales.schema.ts";
import type { DocumentDetails } from "../sales.types.ts";

/** An account money is paid through: the books' bank and cash accounts (`bank`), then other current assets. */
export interface PayAccount {
  id: number;
  account_code: string;
  account_name: string;
  bank: boolean;
}

/** The pay accounts as offered: the bank and cash ones, the others, and the one chosen to start with (a bank, else cash). */
export function payAccountChoices(payAccounts: PayAccount[]) {
  const banks = payAccounts.filter((a) => a.bank);
  const others = payAccounts.filter((a) => !a.bank);
  const first = banks[0] ?? others.find((a) => a.account_name.toLowerCase() === "cash") ?? others[0];
  return { banks, others, first };
}

export interface PaymentFormValues {
  date: string;
  account_id: string;
  amount: string;
  reference: string;
  allocations: { item_id: number; amount: string }[];
  write_off: { on: boolean; account_id: string; amount: string; description: string };
}

const firstIssue = (r: { success: false; error: { issues: { message: string }[] } }) => r.error.issues[0]?.message ?? "Invalid";
export const idOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : 0);
/** Cents of what is typed so far ("1,234.5"), 0 while it cannot be read: for the summary only. */
export const typedCents = (text: string) => toCents(text.trim().replace(/,/g, "")) ?? 0n;

/** An amount of money typed, as the API reads it (more than zero). */
export const typedMoney = (label: string) =>
  z.string().transform((v, ctx) => {
    const r = moneyField(label).safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: "custom", message: firstIssue(r) });
    return z.NEVER;
  });

/** An amount of money as the API reads it; blank is nothing (an item not allocated to). */
const optionalMoney = (label: string) =>
  z.string().transform((v, ctx) => {
    if (v.trim() === "") return 0n;
    const r = moneyField(label, { allowZero: true }).safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: "custom", message: firstIssue(r) });
    return z.NEVER;
  });

export const paymentFormSchema = z
  .object({
    date: isoDateField("Date", { min: EARLIEST_ENTRY_DATE }),
    account_id: z
      .string()
      .transform(idOf)
      .pipe(idField("Paid through", { error: "Choose the account the money went through" })),
    amount: typedMoney("Amount"),
    reference: textField("Reference", { max: 100 }),
    allocations: z.array(z.object({ item_id: z.number(), amount: optionalMoney("Amount") })),
    write_off: z
      .object({ on: z.boolean(), account_id: z.string(), amount: z.string(), description: textField("Description", { max: 200 }) })
      .superRefine((w, ctx) => {
        if (!w.on) return;
        if (!idOf(w.account_id)) ctx.addIssue({ code: "custom", path: ["account_id"], message: "Choose the account written off to" });
        const r = moneyField("Write-off amount").safeParse(w.amount);
        if (!r.success) ctx.addIssue({ code: "custom", path: ["amount"], message: firstIssue(r) });
      }),
  })
  .superRefine((v, ctx) => {
    const settled = v.amount + (v.write_off.on ? typedCents(v.write_off.amount) : 0n);
    const allocated = v.allocations.reduce((s, a) => s + a.amount, 0n);
    if (allocated > settled)
      ctx.addIssue({
        code: "custom",
        path: ["allocations"],
        message: `The amounts allocated (${centsToDecimal(allocated)}) add up to more than the payment settles (${centsToDecimal(settled)})`,
      });
  });

/** Whether a document's open item is a credit (a credit note, a supplier credit): it is refunded rather than paid. */
export const isCredit = (d: Pick<DocumentDetails, "kind">) => d.kind === "credit_note" || d.kind === "supplier_credit";

/** The payment dialog's form. */
export type PaymentFormApi = UseFormReturn<PaymentFormValues, unknown, z.output<typeof paymentFormSchema>>;
