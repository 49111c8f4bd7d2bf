import { z } from "zod";
import { currencyField, idField, isoDateField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";

/** Bank accounts, statement imports, matching and reconciliation: the inputs their forms and routes share. */

export const BANK_ACCOUNT_KINDS = ["bank", "card"] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];

/** Largest statement file accepted. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** Most transactions read from one file. */
export const MAX_STATEMENT_LINES = 100_000;
/** Most lines in one match or one categorization at a time. */
export const MAX_MATCH_LINES = 200;

export const bankAccountSchema = z.object({
  name: requiredTextField("Name", { max: 100 }),
  kind: z.enum(BANK_ACCOUNT_KINDS, { error: "Choose a bank account or a card" }),
  account_id: idField("Ledger account"),
  /** The books' currency when left out; another is refused until foreign currencies are kept (decision 102). */
  currency: currencyField().optional(),
  number: textField("Account number", { max: 50 }).optional(),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;
export type BankAccountForm = z.input<typeof bankAccountSchema>;

/** A signed amount with at most 2 decimals, as a decimal string ("-1234.50"); "1,234.50" as typed is read too. */
export const signedAmountField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    const typed = String(value).trim();
    const text = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(typed) ? typed.replace(/,/g, "") : typed;
    const cents = toCents(text);
    if (cents === null || cents > 99_999_999_999_999n || cents < -99_999_999_999_999n) {
      ctx.addIssue({ code: "custom", message: `${label} must be an amount with at most 2 decimals`, input: value });
      return z.NEVER;
    }
    return centsToDecimal(cents);
  });

/** POST /statements: how to read the file; the file is the body. */
export const statementQuerySchema = z.object({
  name: textField("File name", { max: 200 }).optional(),
  /** QIF states no date format: month first (8/12/13 = August 12) or day first. */
  qif_dates: z.enum(["mdy", "dmy"], { error: "qif_dates must be mdy or dmy" }).optional(),
  /** Which statement of a file that holds several accounts' statements (0-based). */
  statement: z.coerce.number({ error: "statement must be a number" }).int().min(0).max(999).optional(),
  /** The CSV layout (JSON of BankCsvSettings) when the guessed one is not right. */
  csv: z.string().max(20_000, "csv is too long").optional(),
  /** The file names another account than this bank account's number: imported only when confirmed. */
  confirm_account: z.enum(["true", "false"], { error: "confirm_account must be true or false" }).optional(),
  /** Likely duplicates: skipped (the default) but those `keep` names, or all imported. */
  likely: z.enum(["skip", "import"], { error: "likely must be skip or import" }).optional(),
  /** The likely duplicates to import all the same: their places among the file's transactions, "0,4,7". */
  keep: z
    .string()
    .regex(/^\d{1,6}(,\d{1,6}){0,499}$/, "keep must list at most 500 transaction numbers, separated by commas")
    .transform((s) => new Set(s.split(",").map(Number)))
    .optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const BANK_LINE_FILTERS = ["unmatched", "matched", "all", "excluded"] as const;
export const BANK_LINE_ORDERS = ["oldest", "newest"] as const;
export const bankLinesQuerySchema = z.object({
  show: z.enum(BANK_LINE_FILTERS, { error: "show must be unmatched, matched, all or excluded" }).optional(),
  /** Oldest first (as the statement reads) unless newest is asked for. */
  order: z.enum(BANK_LINE_ORDERS, { error: "order must be oldest or newest" }).optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1).max(100_000).optional(),
});
export type BankLinesQuery = z.infer<typeof bankLinesQuerySchema>;

/**
 * A receipt attached from a statement line (the file is the body, its name in `?name=`): `entry` chooses the entry when
 * the line is matched to several.
 */
export const lineDocumentQuerySchema = z.object({
  entry: z.coerce
    .number({ error: "Choose one of the entries this line is matched to" })
    .int("Choose one of the entries this line is matched to")
    .positive("Choose one of the entries this line is matched to")
    .max(2_147_483_647, "Choose one of the entries this line is matched to")
    .optional(),
});

const idList = (label: string, min: number) =>
  z
    .array(idField(label, { max: Number.MAX_SAFE_INTEGER }), { error: `${label}s are required` })
    .min(min, `Choose at least ${min === 1 ? "one" : min}`)
    .max(MAX_MATCH_LINES, `At most ${MAX_MATCH_LINES} at a time`)
    .refine((ids) => new Set(ids).size === ids.length, "A line is named twice");

/** Statement lines and ledger lines that are the same money: their amounts must agree to the cent. */
export const matchSchema = z.object({
  bank_line_ids: idList("Statement line", 1),
  ledger_line_ids: idList("Ledger line", 1),
});
export type MatchInput = z.infer<typeof matchSchema>;

/** Ledger lines marked cleared without a statement line (an opening balance, a line before the first statement). */
export const clearSchema = z.object({ ledger_line_ids: idList("Ledger line", 1) });

/** A tax code chosen for a bank line's amount, which is then the gross: the tax is taken out of it (decision 112). */
const taxCodeField = () => idField("Tax code", { rangeError: "Tax code not found" }).nullish();

/**
 * A statement line turned into a posted entry against the chosen account; with a tax code, the line's amount is the
 * gross and the entry carries the tax lines.
 */
export const categorizeSchema = z.object({
  bank_line_ids: idList("Statement line", 1),
  account_id: idField("Account"),
  tax_code_id: taxCodeField(),
  description: textField("Description", { max: 500 }).optional(),
});
export type CategorizeInput = z.infer<typeof categorizeSchema>;

/** Most rows one statement line is split over. */
export const MAX_SPLITS = 50;

/**
 * One statement line categorized over several accounts and tax codes (POST …/split): each row's amount is gross and
 * counted in the line's direction (positive: the same way as the line's money, in or out; negative: the other way),
 * and the rows add up to the line's amount exactly (checked on the server, which knows the line).
 */
export const splitSchema = z.object({
  bank_line_id: idField("Statement line", { max: Number.MAX_SAFE_INTEGER }),
  description: textField("Description", { max: 500 }).optional(),
  splits: z
    .array(
      z.object({
        account_id: idField("Account"),
        amount: signedAmountField("Amount").refine((a) => toCents(a) !== 0n, "Amount must not be 0"),
        tax_code_id: taxCodeField(),
        description: textField("Description", { max: 500 }).optional(),
      }),
      { error: "Split rows are required" },
    )
    .min(1, "Add at least one row")
    .max(MAX_SPLITS, `At most ${MAX_SPLITS} rows`),
});
export type SplitInput = z.infer<typeof splitSchema>;
export type SplitForm = z.input<typeof splitSchema>;

/** A statement line set aside: it counts nowhere until brought back. */
export const excludeSchema = z.object({ reason: requiredTextField("Reason", { max: 500 }) });
export type ExcludeInput = z.infer<typeof excludeSchema>;

/** A suggestion set aside so that it is not offered again. */
export const rejectSchema = z.object({
  bank_line_id: idField("Statement line", { max: Number.MAX_SAFE_INTEGER }),
  ledger_line_id: idField("Ledger line", { max: Number.MAX_SAFE_INTEGER }),
});

export const reconciliationQuerySchema = z.object({ date: isoDateField("Statement date").optional() });

export const reconcileSchema = z.object({
  statement_date: isoDateField("Statement date"),
  statement_balance: signedAmountField("Statement balance"),
});
export type ReconcileInput = z.infer<typeof reconcileSchema>;

/** A statement line sent to the organization's owners as a question. */
export const askSchema = z.object({
  bank_line_id: idField("Statement line", { max: Number.MAX_SAFE_INTEGER }),
  question: textField("Question", { max: 1000, multiline: true }).optional(),
});

/** The owner's answer: an account, a note, or both (at least one). */
export const answerSchema = z
  .object({
    account_id: idField("Account").nullable().optional(),
    note: textField("Note", { max: 1000, multiline: true }).optional(),
  })
  .refine((a) => a.account_id != null || (a.note ?? "") !== "", { path: ["note"], message: "Choose an account or write a note" });
export type AnswerInput = z.infer<typeof answerSchema>;
