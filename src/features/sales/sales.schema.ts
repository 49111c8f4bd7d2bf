import { z } from "zod";
import { toCents } from "~/lib/money.ts";
import { idField, idQueryField, isoDateField, pageField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { EARLIEST_ENTRY_DATE, MAX_AMOUNT, MAX_LINES, postingDateField } from "~/features/ledger/ledger.schema.ts";

/*
 * What the sales and purchases API accepts (decision 116): contacts, documents (invoices, credit notes, bills, supplier
 * credits), payments and allocations, aging and statements. Every refusal names its field.
 */

export const DOCUMENT_KINDS = ["invoice", "credit_note", "bill", "supplier_credit"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const SIDES = ["receivable", "payable"] as const;
export type Side = (typeof SIDES)[number];

/** The side a kind of document is on: sales on the receivables, purchases on the payables. */
export const sideOfKind = (kind: DocumentKind): Side => (kind === "invoice" || kind === "credit_note" ? "receivable" : "payable");

const MAX_AMOUNT_CENTS = toCents(MAX_AMOUNT)!;

/** A positive amount of money with at most 2 decimals ("1,234.50" as typed, or a JSON number). */
export function moneyField(label: string, o: { allowZero?: boolean } = {}) {
  return z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    const typed = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
    const text = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(typed) ? typed.replace(/,/g, "") : typed;
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    };
    if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(`${label} must be a number`);
    if ((text.split(".")[1] ?? "").length > 2) return fail(`${label} must have at most 2 decimals`);
    const cents = toCents(text)!;
    if (cents < 0n) return fail(`${label} must not be negative`);
    if (cents === 0n && !o.allowZero) return fail(`${label} must be more than zero`);
    if (cents > MAX_AMOUNT_CENTS) return fail(`${label} is too large`);
    return cents;
  });
}

/** A decimal with at most `places` decimals, from 0 (or above it), up to `max`, as exact text ("2.5000"). */
function decimalField(label: string, o: { places: number; max: number; positive?: boolean; negativeError?: string }) {
  return z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim().replace(/,/g, "");
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    };
    if (/^-\d+(\.\d+)?$/.test(text) && /[1-9]/.test(text)) return fail(o.negativeError ?? `${label} must not be negative`);
    if (!/^\d+(\.\d+)?$/.test(text)) return fail(`${label} must be a number`);
    const [whole, frac = ""] = text.split(".");
    if (frac.length > o.places) return fail(`${label} must have at most ${o.places} decimals`);
    if (Number(text) > o.max) return fail(`${label} must be at most ${o.max}`);
    if (o.positive && !/[1-9]/.test(text)) return fail(`${label} must be more than zero`);
    return `${BigInt(whole!)}.${frac.padEnd(o.places, "0")}`;
  });
}

const emailField = z
  .string({ error: "Email must be text" })
  .trim()
  .max(254, "Email must be at most 254 characters")
  .refine((v) => v === "" || z.email().safeParse(v).success, "Email must be an email address")
  .transform((v) => (v === "" ? null : v));

export const contactSchema = z
  .object({
    name: requiredTextField("Name", { max: 200 }),
    is_customer: z.boolean({ error: "is_customer must be true or false" }).default(true),
    is_supplier: z.boolean({ error: "is_supplier must be true or false" }).default(false),
    /** Paid as an independent contractor: its payments are listed for the 1099 of the year-end package (decision 124). */
    is_1099_contractor: z.boolean({ error: "is_1099_contractor must be true or false" }).default(false),
    tax_id: textField("Tax id", { max: 50 }).nullish(),
    email: emailField.nullish(),
    address: textField("Address", { max: 1000, multiline: true }).nullish(),
    payment_terms_days: z
      .number({ error: "Payment terms must be a whole number of days" })
      .int("Payment terms must be a whole number of days")
      .min(0, "Payment terms must be 0 to 365 days")
      .max(365, "Payment terms must be 0 to 365 days")
      .default(30),
    default_revenue_account_id: idField("Default revenue account", { rangeError: "Account not found or inactive" }).nullish(),
    default_expense_account_id: idField("Default expense account", { rangeError: "Account not found or inactive" }).nullish(),
    default_tax_code_id: idField("Default tax code", { rangeError: "Tax code not found" }).nullish(),
  })
  .refine((c) => c.is_customer || c.is_supplier, { message: "A contact is a customer, a supplier or both", path: ["is_customer"] });
export type ContactInput = z.infer<typeof contactSchema>;
export type ContactFormValues = z.input<typeof contactSchema>;

export const contactsQuerySchema = z.object({
  q: textField("Search", { max: 100 }).optional(),
  role: z.enum(["customer", "supplier"], { error: "role must be customer or supplier" }).optional(),
  page: pageField(),
});

export const mergeContactSchema = z.object({ into_id: idField("Contact to keep", { rangeError: "Contact not found" }) });

export const documentLineSchema = z.object({
  description: requiredTextField("Description", { max: 500 }),
  quantity: decimalField("Quantity", {
    places: 4,
    max: 9_999_999_999,
    positive: true,
    negativeError: "Quantity must not be negative: a credit note takes an amount back",
  }),
  unit_price: decimalField("Unit price", { places: 4, max: 9_999_999_999 }),
  discount_percent: decimalField("Discount", { places: 4, max: 100 }).default("0"),
  account_id: idField("Account", { rangeError: "Account not found or inactive" }),
  tax_code_id: idField("Tax code", { rangeError: "Tax code not found" }).nullish(),
});
export type DocumentLineInput = z.infer<typeof documentLineSchema>;

/** A document's date posted to the ledger, named as its form names it ("Issue date"): an entry date's rules. */
export const documentDateField = postingDateField;

export const documentSchema = z
  .object({
    kind: z.enum(DOCUMENT_KINDS, { error: "Kind must be invoice, credit_note, bill or supplier_credit" }),
    contact_id: idField("Contact", { rangeError: "Contact not found" }),
    issue_date: documentDateField("Issue date"),
    /** Left out: the issue date plus the contact's payment terms. */
    due_date: isoDateField("Due date", { min: EARLIEST_ENTRY_DATE }).nullish(),
    reference: textField("Reference", { max: 100 }).nullish(),
    amounts_are: z.enum(["exclusive", "inclusive"], { error: "Amounts are exclusive or inclusive of tax" }).default("exclusive"),
    notes: textField("Notes", { max: 2000, multiline: true }).nullish(),
    credits_document_id: idField("Credited document", { rangeError: "Document not found" }).nullish(),
    lines: z
      .array(documentLineSchema, { error: "A document needs at least one line" })
      .min(1, "A document needs at least one line")
      .max(MAX_LINES, `A document has at most ${MAX_LINES} lines`),
  })
  .refine((d) => !d.due_date || d.due_date >= d.issue_date, { message: "Due date must not be before the issue date", path: ["due_date"] });
export type DocumentInput = z.infer<typeof documentSchema>;
export type DocumentFormValues = z.input<typeof documentSchema>;

export const documentsQuerySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: "Kind must be invoice, credit_note, bill or supplier_credit" }).optional(),
  side: z.enum(SIDES, { error: "Side must be receivable or payable" }).optional(),
  status: z
    .enum(["draft", "awaiting_approval", "approved", "void", "unpaid", "overdue", "paid"], {
      error: "Status must be draft, awaiting_approval, approved, void, unpaid, overdue or paid",
    })
    .optional(),
  contact_id: idQueryField("Contact", "a contact").optional(),
  q: textField("Search", { max: 100 }).optional(),
  page: pageField(),
});

export const voidSchema = z.object({
  /** The reversal's date: the document's own date keeps the void in its period. */
  date: documentDateField("Date of the reversal"),
});

export const approveManySchema = z.object({
  ids: z
    .array(idField("Document", { rangeError: "Document not found" }), { error: "ids must be a list of documents" })
    .min(1, "Choose at least one document")
    .max(1000, "At most 1,000 documents at once"),
});

export const sendSchema = z.object({
  /** Left out: the contact's email. */
  to: z.email("To must be an email address").max(254, "To must be at most 254 characters").optional(),
  message: textField("Message", { max: 2000, multiline: true }).nullish(),
});

export const linkSchema = z.object({
  days: z.number({ error: "days must be a whole number" }).int("days must be a whole number").min(1, "days must be 1 to 90").max(90, "days must be 1 to 90").default(30),
});

const allocationTarget = z.object({
  /** The open item: the receivable or payable journal line (`item_id` of the open items). */
  item_id: idField("Open item", { max: Number.MAX_SAFE_INTEGER, rangeError: "Open item not found" }),
  amount: moneyField("Amount"),
});

export const paymentSchema = z.object({
  contact_id: idField("Contact", { rangeError: "Contact not found" }),
  side: z.enum(SIDES, { error: "Side must be receivable or payable" }),
  /** in: money received (a customer paying, a supplier refunding); out: money paid (a bill, a refund to a customer). */
  direction: z.enum(["in", "out"], { error: "Direction must be in or out" }),
  date: documentDateField("Date"),
  /** The bank or cash account of the ledger the money went through. */
  account_id: idField("Paid through", { rangeError: "Account not found or inactive" }),
  amount: moneyField("Amount"),
  /** When given, it must be the books' currency. */
  currency: z.string({ error: "Currency must be text" }).trim().toUpperCase().optional(),
  reference: textField("Reference", { max: 100 }).nullish(),
  allocations: z.array(allocationTarget, { error: "allocations must be a list" }).max(500, "At most 500 allocations").default([]),
  /** Written off in the same entry: an early-payment discount, a bank fee. Their sum adds to what is settled. */
  write_offs: z
    .array(
      z.object({
        account_id: idField("Write-off account", { rangeError: "Account not found or inactive" }),
        amount: moneyField("Write-off amount"),
        description: textField("Write-off description", { max: 200 }).nullish(),
      }),
      { error: "write_offs must be a list" },
    )
    .max(5, "At most 5 write-offs")
    .default([]),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

export const allocationSchema = z.object({
  debit_item_id: idField("Debit item", { max: Number.MAX_SAFE_INTEGER, rangeError: "Open item not found" }),
  credit_item_id: idField("Credit item", { max: Number.MAX_SAFE_INTEGER, rangeError: "Open item not found" }),
  amount: moneyField("Amount"),
  /** Left out: the later of the two items' dates. */
  date: documentDateField("Date").optional(),
});
export type AllocationInput = z.infer<typeof allocationSchema>;

export const openItemsQuerySchema = z.object({
  contact_id: idQueryField("Contact", "a contact").optional(),
  side: z.enum(SIDES, { error: "Side must be receivable or payable" }),
  /** Items still owed on this date (default: today). */
  as_of: isoDateField("As of", { min: EARLIEST_ENTRY_DATE }).optional(),
});

export const agingQuerySchema = z.object({
  side: z.enum(SIDES, { error: "Side must be receivable or payable" }),
  as_of: isoDateField("As of", { min: EARLIEST_ENTRY_DATE }).optional(),
});

export const AGING_BUCKETS = ["current", "1_30", "31_60", "61_90", "over_90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const agingItemsQuerySchema = agingQuerySchema.extend({
  contact_id: z.union([idQueryField("Contact", "a contact"), z.literal("none")]).optional(),
  bucket: z.enum(AGING_BUCKETS, { error: "Bucket must be current, 1_30, 31_60, 61_90 or over_90" }).optional(),
});

export const statementQuerySchema = z
  .object({
    from: isoDateField("From", { min: EARLIEST_ENTRY_DATE }),
    to: isoDateField("To", { min: EARLIEST_ENTRY_DATE }),
  })
  .refine((q) => q.from <= q.to, { message: "From must not be after To", path: ["from"] });

export const salesSettingsSchema = z.object({
  receivable_account_id: idField("Receivables account", { rangeError: "Account not found or inactive" }),
  payable_account_id: idField("Payables account", { rangeError: "Account not found or inactive" }),
  bills_need_approval: z.boolean({ error: "bills_need_approval must be true or false" }),
  client_may_send: z.boolean({ error: "client_may_send must be true or false" }),
});
export type SalesSettingsInput = z.infer<typeof salesSettingsSchema>;
