import { z } from "zod";
import { ACCOUNT_DETAIL_TYPES, ACCOUNT_TYPES, detailTypeFits, type AccountDetailType, type AccountType } from "./account-types.ts";
import { FREQUENCIES } from "./recurrence.ts";
import { TAX_AMOUNTS } from "./tax.types.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { idField, idParam, isoDateField, pageField, requiredTextField, textField } from "~/lib/schema-fields.ts";

/** Largest amount a line or an entry may carry: numeric(14,2). */
export const MAX_AMOUNT = 999_999_999_999.99;
export const MAX_LINES = 500;

const accountFields = z.object({
  account_code: z
    .string({ error: "Account code is required" })
    .trim()
    .min(1, "Account code is required")
    .max(20, "Account code must be at most 20 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, "Account code may hold letters, digits, dots and dashes"),
  account_name: requiredTextField("Account name", { max: 200, typeError: "Account name is required" }),
  account_type: z.enum(ACCOUNT_TYPES, { error: "Account type is required" }),
  /** Left out: the type's default by the account's name (the database's rule); kept as it is on an edit when it fits. */
  detail_type: z.enum(ACCOUNT_DETAIL_TYPES, { error: "Choose a detail type" }).optional(),
  /** The parent account (same type); null or left out: none. On an edit, left out keeps the parent. */
  parent_id: z.preprocess((v) => (v === "" ? null : v), idField("Parent account").nullable().optional()),
});

/** The detail type must be one of the account type's. */
const detailFits = <T extends { account_type: AccountType; detail_type?: AccountDetailType | undefined }>(a: T) =>
  a.detail_type === undefined || detailTypeFits(a.account_type, a.detail_type);
const detailFitsMessage = { message: "Choose a detail type of the account type", path: ["detail_type"] };

export const accountCreateSchema = accountFields.refine(detailFits, detailFitsMessage);
export type AccountCreate = z.infer<typeof accountCreateSchema>;
export type AccountFormValues = z.input<typeof accountCreateSchema>;

/** Editing keeps the code (locked). */
export const accountUpdateSchema = accountFields.omit({ account_code: true }).refine(detailFits, detailFitsMessage);
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** GET /accounts: `include_inactive=true` lists deleted accounts too (the chart's Show inactive). */
export const accountListQuerySchema = z.object({
  include_inactive: z.enum(["true", "false"], { error: "include_inactive must be true or false" }).optional(),
});

/** DELETE /accounts/:id: `confirm=true` deletes an account that journal lines use, after its balance was shown. */
export const accountDeleteQuerySchema = z.object({
  confirm: z.enum(["true", "false"], { error: "confirm must be true or false" }).optional(),
});

const MAX_AMOUNT_CENTS = toCents(MAX_AMOUNT)!;

/**
 * A line's amount: a decimal string as the database stores it ("1234.50", or typed "1,234.50"), what the browser sends; a JSON number is
 * read through its shortest text, for callers that send one. The output is the exact decimal with two places.
 */
const amount = z.union([z.string(), z.number()], { error: "must be a number" }).transform((value, ctx) => {
  const typed = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  // Thousands grouped by commas, as typed in a form: "1,234.56".
  const text = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(typed) ? typed.replace(/,/g, "") : typed;
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message, input: value });
    return z.NEVER;
  };
  if (typeof value === "number" && value > MAX_AMOUNT) return fail("is too large");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return fail("must be a number");
  if (text.startsWith("-") && /[1-9]/.test(text)) return fail("must not be negative");
  if ((text.split(".")[1] ?? "").length > 2) return fail("must have at most 2 decimals");
  const cents = toCents(text.replace(/^-/, ""))!;
  if (cents > MAX_AMOUNT_CENTS) return fail("is too large");
  return centsToDecimal(cents);
});

const lineFields = {
  account_id: idField("Account", { rangeError: "Account not found or inactive" }),
  description: textField("Line description", { max: 500 }).nullish(),
  /** The customer or supplier a receivable or payable line is owed by or to (decision 116). */
  contact_id: idField("Contact", { rangeError: "Contact not found" }).nullish(),
  debit_amount: amount,
  credit_amount: amount,
};
const oneSide = (l: { debit_amount: string; credit_amount: string }) => toCents(l.debit_amount)! > 0n !== toCents(l.credit_amount)! > 0n;
const oneSideMessage = { message: "A line holds either a debit or a credit", path: ["debit_amount"] };

export const entryLineSchema = z.object(lineFields).refine(oneSide, oneSideMessage);

/** A line of an entry typed by hand or imported: it may name a tax code (decision 112); its tax lines are made from it. */
export const taxedLineSchema = z
  .object({ ...lineFields, tax_code_id: idField("Tax code", { rangeError: "Tax code not found" }).nullish() })
  .refine(oneSide, oneSideMessage);

/** A tax amount typed over the computed one, for a code's part; signed as posted (debit positive). */
const taxOverrideSchema = z.object({
  tax_code_id: idField("Tax code", { rangeError: "Tax code not found" }),
  part_no: z.number({ error: "Part is required" }).int("Part is required").min(1, "Part not found").max(9, "Part not found"),
  amount: z.union([z.string(), z.number()], { error: "must be a number" }).transform((value, ctx) => {
    const text = String(value).trim();
    const cents = /^-?\d+(\.\d{1,2})?$/.test(text) ? toCents(text.replace(/^-/, "")) : null;
    if (cents == null || cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", message: "must be an amount with at most 2 decimals", input: value });
      return z.NEVER;
    }
    return text.startsWith("-") ? -cents : cents;
  }),
});

export const EARLIEST_ENTRY_DATE = "1900-01-01";
export const LATEST_ENTRY_DATE = "2200-12-31";

/** The last date an entry may carry: one year after today (UTC), and never after 2200. */
export function latestEntryDate(now = new Date()): string {
  const ahead = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
  return ahead < LATEST_ENTRY_DATE ? ahead : LATEST_ENTRY_DATE;
}

/**
 * A date posted to the ledger, named as its form names it ("Entry date", a document's "Issue date"): a real calendar
 * date from 1900 to 2200, not more than one year ahead of today.
 */
export function postingDateField(label: string) {
  return z.iso.date(`${label} is required`).superRefine((d, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return;
    if (d < EARLIEST_ENTRY_DATE) ctx.addIssue({ code: "custom", message: `${label} must not be before ${EARLIEST_ENTRY_DATE}` });
    else if (d > LATEST_ENTRY_DATE) ctx.addIssue({ code: "custom", message: `${label} must not be after ${LATEST_ENTRY_DATE}` });
    else if (d > latestEntryDate()) ctx.addIssue({ code: "custom", message: `${label} must not be more than one year ahead` });
  });
}

/** An entry's date. */
export const entryDateSchema = postingDateField("Entry date");

/** What an entry and a recurring entry's template both hold: description, reference and balanced lines. */
const entryContent = {
  description: requiredTextField("Description", { max: 500, typeError: "Description is required" }),
  reference: textField("Reference", { max: 100 }).nullish(),
  lines: z
    .array(entryLineSchema, { error: "At least two account lines are required" })
    .min(2, "At least two account lines are required")
    .max(MAX_LINES, `An entry has at most ${MAX_LINES} lines`),
};

/** Debits equal credits, above zero and within the largest total. With a tax code on a line, once its tax is made (on the server). */
function checkBalance(e: { lines: { debit_amount: string; credit_amount: string; tax_code_id?: number | null }[] }, ctx: z.RefinementCtx): void {
  if (e.lines.some((l) => l.tax_code_id != null)) return;
  let debit = 0n;
  let credit = 0n;
  for (const l of e.lines) {
    debit += toCents(l.debit_amount) ?? 0n;
    credit += toCents(l.credit_amount) ?? 0n;
  }
  if (debit !== credit || debit <= 0n) ctx.addIssue({ code: "custom", message: "Debits must equal credits", path: ["lines"] });
  else if (debit > 99_999_999_999_999n) ctx.addIssue({ code: "custom", message: "Entry total is too large", path: ["lines"] });
}

export const entryInputSchema = z
  .object({
    ...entryContent,
    lines: z
      .array(taxedLineSchema, { error: "At least two account lines are required" })
      .min(2, "At least two account lines are required")
      .max(MAX_LINES, `An entry has at most ${MAX_LINES} lines`),
    entry_date: entryDateSchema,
    /** Amounts typed with or without their tax; left out: the organization's default. */
    tax_amounts: z.enum(TAX_AMOUNTS, { error: "Choose exclusive or inclusive" }).optional(),
    tax_overrides: z.array(taxOverrideSchema).max(MAX_LINES).optional(),
  })
  .superRefine(checkBalance);
export type EntryInput = z.infer<typeof entryInputSchema>;

/** POST /entries and PUT /entries/:id: `?post=true` saves and posts in one step ("Save and post"). */
export const entrySaveQuerySchema = z.object({ post: z.enum(["true", "false"], { error: "post must be true or false" }).optional() });

/** A schedule's first and last date: real calendar dates from 1900 to 2200. */
const scheduleDate = (label: string) =>
  z.iso.date(`${label} is required`).refine((d) => d >= EARLIEST_ENTRY_DATE && d <= LATEST_ENTRY_DATE, {
    message: `${label} must be between ${EARLIEST_ENTRY_DATE} and ${LATEST_ENTRY_DATE}`,
  });

/**
 * POST and PUT /recurring and the recurring entry form: the entry to make (description, reference, lines) and its
 * schedule. `post` makes each run a posted entry; otherwise a draft to review.
 */
export const recurringEntrySchema = z
  .object({
    ...entryContent,
    frequency: z.enum(FREQUENCIES, { error: "Frequency must be monthly, quarterly or yearly" }),
    day_of_month: z.coerce
      .number({ error: "Day of the month must be from 1 to 31" })
      .int("Day of the month must be from 1 to 31")
      .min(1, "Day of the month must be from 1 to 31")
      .max(31, "Day of the month must be from 1 to 31"),
    start_date: scheduleDate("Start date"),
    end_date: scheduleDate("End date").nullish(),
    post: z.boolean({ error: "Choose whether runs are posted" }).default(false),
  })
  .superRefine(checkBalance)
  .refine((r) => !r.end_date || r.end_date >= r.start_date, { message: "End date must not be before the start date", path: ["end_date"] });
export type RecurringEntryInput = z.infer<typeof recurringEntrySchema>;

/** Entries on one page of the journal. */
export const JOURNAL_PAGE_SIZE = 100;

/** Entries one search of the entry picker answers (attaching a file to an entry): a short list to choose from. */
export const ENTRY_PICKER_SIZE = 20;

/**
 * The journal's filters, every one optional: GET /entries and the Journal screen's URL (`/accounting/:orgId/journal`).
 * `q` finds the words in an entry's number, description or reference, or its total (a word that reads as an amount),
 * or its date (a day, `2026-03-02`, or a range, `2026-03-01..2026-03-31`); `account` keeps entries with a line on it;
 * `limit` asks for fewer than 100 a page (the entry picker).
 */
export const journalQuerySchema = z
  .object({
    q: textField("Search", { max: 200 }).optional(),
    status: z.enum(["draft", "posted"], { error: "Status must be draft or posted" }).optional(),
    from: isoDateField("From").optional(),
    to: isoDateField("To").optional(),
    account: z.coerce
      .number({ error: "Account not found" })
      .int("Account not found")
      .positive("Account not found")
      .max(2_147_483_647, "Account not found")
      .optional(),
    page: pageField(),
    limit: z.coerce
      .number({ error: `Limit must be a whole number from 1 to ${JOURNAL_PAGE_SIZE}` })
      .int(`Limit must be a whole number from 1 to ${JOURNAL_PAGE_SIZE}`)
      .min(1, `Limit must be a whole number from 1 to ${JOURNAL_PAGE_SIZE}`)
      .max(JOURNAL_PAGE_SIZE, `Limit must be a whole number from 1 to ${JOURNAL_PAGE_SIZE}`)
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "To must be on or after From", path: ["to"] });
export type JournalQuery = z.infer<typeof journalQuerySchema>;
export type JournalFilters = z.input<typeof journalQuerySchema>;

/** Most drafts posted by one request. */
export const MAX_DRAFTS_AT_ONCE = 200;

/** POST /entries/post-drafts: the drafts chosen in the journal, posted together (each checked as on its own). */
export const postDraftsSchema = z.object({
  ids: z
    .array(
      z.int("Each draft is given by its id").positive("Each draft is given by its id").max(2_147_483_647, "Each draft is given by its id"),
      {
        error: "Choose the drafts to post",
      },
    )
    .min(1, "Choose at least one draft")
    .max(MAX_DRAFTS_AT_ONCE, `Post at most ${MAX_DRAFTS_AT_ONCE} drafts at a time`),
});
export type PostDraftsInput = z.infer<typeof postDraftsSchema>;

/** POST /entries/:id/reverse: the reversal is an entry, so its date follows an entry's rule. */
export const reverseSchema = z.object({ entry_date: entryDateSchema });

export const idParamSchema = idParam();

/** An opening balance's debit or credit: a blank field counts as zero. */
const openingAmount = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? "0" : v), amount);

/** Most accounts given opening balances at once. */
export const MAX_OPENING_LINES = 2000;

/**
 * PUT /opening-balances and the Opening balances form: each account's balance as of a date, on its debit or credit
 * side; what does not balance goes to Opening Balance Equity.
 */
export const openingBalancesSchema = z
  .object({
    as_of: entryDateSchema,
    lines: z
      .array(
        z
          .object({ account_id: idField("Account"), debit_amount: openingAmount, credit_amount: openingAmount })
          .refine((l) => !(toCents(l.debit_amount)! > 0n && toCents(l.credit_amount)! > 0n), {
            message: "A balance is a debit or a credit, not both",
            path: ["debit_amount"],
          }),
        { error: "Enter at least one opening balance" },
      )
      .max(MAX_OPENING_LINES, `At most ${MAX_OPENING_LINES} accounts at once`),
  })
  .refine((o) => o.lines.some((l) => toCents(l.debit_amount)! > 0n || toCents(l.credit_amount)! > 0n), {
    message: "Enter at least one opening balance",
    path: ["lines"],
  });
export type OpeningBalancesInput = z.infer<typeof openingBalancesSchema>;
export type OpeningBalancesForm = z.input<typeof openingBalancesSchema>;
