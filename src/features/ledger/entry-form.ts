import { z } from "zod";
import { entryDateSchema, entryInputSchema, MAX_AMOUNT, type EntryInput } from "./ledger.schema.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";

/** A line as the entry form holds it: amounts are the text typed in the inputs. */
export interface EntryFormLine {
  accountId: string;
  description: string;
  debit: string;
  credit: string;
}

/** What every form that holds an entry's lines has (the entry form, the recurring entry form). */
export interface EntryLinesValues {
  lines: EntryFormLine[];
}

/** The description, reference and lines of an entry or of a recurring entry's template, as typed. */
export interface EntryContentValues extends EntryLinesValues {
  description: string;
  reference: string;
}

export interface EntryFormValues extends EntryContentValues {
  entryDate: string;
}

/** A line of the form: empty, or with the given fields. */
export const newLine = (l: Partial<EntryFormLine> = {}): EntryFormLine => ({ accountId: "", description: "", debit: "", credit: "", ...l });

/** A line as the API answers it, of an entry or of a recurring entry's template. */
export interface SavedLine {
  account_id: number;
  description: string | null;
  debit_amount: string;
  credit_amount: string;
}

/** Saved lines as the form holds them: a zero amount is an empty input. */
export function formLines(lines: SavedLine[]): EntryFormLine[] {
  return lines.map((l) =>
    newLine({
      accountId: String(l.account_id),
      description: l.description ?? "",
      debit: l.debit_amount === "0.00" ? "" : l.debit_amount,
      credit: l.credit_amount === "0.00" ? "" : l.credit_amount,
    }),
  );
}

export const ENTRY_MESSAGES = {
  descriptionRequired: "Description is required",
  dateRequired: "Entry date is required",
  twoLines: "At least two account lines are required",
  unbalanced: "Debits must equal credits",
  notBalancedInline: "Entry is not balanced. Debits must equal credits.",
} as const;

export const AMOUNT_MESSAGES = {
  format: "Enter an amount such as 1250.00",
  negative: "Amount must not be negative",
  decimals: "Amount must have at most 2 decimals",
  tooLarge: "Amount is too large",
} as const;

const MAX_CENTS = toCents(MAX_AMOUNT)!;
/** Digits, optionally grouped by thousands with commas, then an optional point and decimals. */
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d*))?$/;

/**
 * An amount as typed, read exactly into cents: "" is 0; "1,250.5" is 125050; "-50", "100.999", "12abc" and
 * amounts above the largest a line may carry are refused with the message to show on the field.
 */
export function parseAmount(text: string): { cents: bigint; error?: undefined } | { cents?: undefined; error: string } {
  const t = text.trim();
  if (t === "") return { cents: 0n };
  if (/^[-−]/.test(t)) return { error: AMOUNT_MESSAGES.negative };
  const m = AMOUNT.exec(t);
  if (!m || (m[1] === undefined && !m[2])) return { error: AMOUNT_MESSAGES.format };
  const decimals = m[2] ?? "";
  if (decimals.length > 2) return { error: AMOUNT_MESSAGES.decimals };
  const cents = BigInt((m[1] ?? "0").replace(/,/g, "")) * 100n + BigInt(decimals.padEnd(2, "0"));
  if (cents > MAX_CENTS) return { error: AMOUNT_MESSAGES.tooLarge };
  return { cents };
}

/** Cents typed in an amount input; empty or refused text counts as 0 (the field shows why). */
export function inputCents(text: string): bigint {
  return parseAmount(text).cents ?? 0n;
}

export function entryTotals(lines: EntryFormLine[]): { debit: bigint; credit: bigint; difference: bigint } {
  let debit = 0n;
  let credit = 0n;
  for (const l of lines) {
    debit += inputCents(l.debit);
    credit += inputCents(l.credit);
  }
  return { debit, credit, difference: debit - credit };
}

/** Balanced: |debits - credits| under 0.01 and debits above 0. */
export function isBalanced(lines: EntryFormLine[]): boolean {
  const { debit, difference } = entryTotals(lines);
  return debit > 0n && difference < 1n && difference > -1n;
}

/** Lines that count: an account and a non-zero debit or credit. */
export function completeLines(lines: EntryFormLine[]): EntryFormLine[] {
  return lines.filter((l) => l.accountId !== "" && (inputCents(l.debit) > 0n || inputCents(l.credit) > 0n));
}

/** Whether anything has been typed into an amount: until then the form does not call the entry unbalanced. */
export function hasAmounts(lines: EntryFormLine[]): boolean {
  return lines.some((l) => l.debit.trim() !== "" || l.credit.trim() !== "");
}

/** Why the entry date is refused (empty, not a date, before 1900, after 2200, more than a year ahead), or null. */
export function entryDateProblem(date: string): string | null {
  if (date.trim() === "") return ENTRY_MESSAGES.dateRequired;
  const parsed = entryDateSchema.safeParse(date);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? ENTRY_MESSAGES.dateRequired);
}

/** The first amount the form refuses, as "Line 2 debit: Amount must not be negative", or null. */
export function amountProblem(lines: EntryFormLine[]): string | null {
  for (const [i, l] of lines.entries()) {
    for (const side of ["debit", "credit"] as const) {
      const { error } = parseAmount(l[side]);
      if (error) return `Line ${i + 1} ${side}: ${error}`;
    }
  }
  return null;
}

/**
 * The first failing rule of an entry's lines, or null: every amount readable, at least two lines that count, debits
 * equal to credits. A refused amount is reported before the line count, since it is why a line does not count.
 */
export function validateLines(lines: EntryFormLine[]): string | null {
  const amount = amountProblem(lines);
  if (amount) return amount;
  if (completeLines(lines).length < 2) return ENTRY_MESSAGES.twoLines;
  if (!isBalanced(lines) || !isBalanced(completeLines(lines))) return ENTRY_MESSAGES.unbalanced;
  return null;
}

/** The first failing rule of the entry form, in the order they are checked, or null when the entry may be saved. */
export function validateEntryForm(values: EntryFormValues): string | null {
  if (values.description.trim() === "") return ENTRY_MESSAGES.descriptionRequired;
  return entryDateProblem(values.entryDate) ?? validateLines(values.lines);
}

/** The description, reference and lines as sent: the lines that count, amounts as decimal strings ("1234.50"), blank texts as null. */
export function contentPayload(values: EntryContentValues): Omit<z.input<typeof entryInputSchema>, "entry_date"> {
  const amount = (text: string) => centsToDecimal(inputCents(text));
  return {
    description: values.description.trim(),
    reference: values.reference.trim() || null,
    lines: completeLines(values.lines).map((l) => ({
      account_id: Number(l.accountId),
      description: l.description.trim() || null,
      debit_amount: amount(l.debit),
      credit_amount: amount(l.credit),
    })),
  };
}

/** What the entry form sends. */
export function entryPayload(values: EntryFormValues): z.input<typeof entryInputSchema> {
  return { ...contentPayload(values), entry_date: values.entryDate };
}

/**
 * The entry form's rules for react-hook-form: the first failing rule of the form (validateEntryForm, as one
 * form-wide message under `root`), then what it sends, checked by the API's own schema (entryInputSchema).
 */
export const entryFormSchema = z
  .custom<EntryFormValues>((v) => typeof v === "object" && v !== null)
  .superRefine((values, ctx) => {
    const problem = validateEntryForm(values);
    if (problem) ctx.addIssue({ code: "custom", path: ["root"], message: problem });
  })
  .transform(entryPayload)
  .pipe(entryInputSchema) satisfies z.ZodType<EntryInput, EntryFormValues>;

/**
 * What a form holds, without blank lines and surrounding spaces: two forms with the same content compare equal. The
 * fields other than description, reference and lines (a date, a schedule) are compared as they are.
 */
function content({ description, reference, lines, ...rest }: EntryContentValues): string {
  const filled = lines
    .map((l) => ({ accountId: l.accountId, description: l.description.trim(), debit: l.debit.trim(), credit: l.credit.trim() }))
    .filter((l) => l.accountId !== "" || l.description !== "" || l.debit !== "" || l.credit !== "");
  const others = Object.entries(rest).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([description.trim(), reference.trim(), filled, others]);
}

/** Whether closing the form now would lose something typed since it opened (the entry form, the recurring entry form). */
export function isDirty<V extends EntryContentValues>(values: V, initial: V): boolean {
  return content(values) !== content(initial);
}

/**
 * Accounts matching what is typed in an account picker: every word must appear in "code name" (any case);
 * accounts whose code starts with the text come first, in the order given.
 */
export function filterAccounts<A extends { account_code: string; account_name: string }>(accounts: A[], query: string): A[] {
  const q = query.trim().toLowerCase();
  if (q === "") return accounts;
  const words = q.split(/\s+/);
  const byCode: A[] = [];
  const others: A[] = [];
  for (const a of accounts) {
    const label = `${a.account_code} ${a.account_name}`.toLowerCase();
    if (a.account_code.toLowerCase().startsWith(q)) byCode.push(a);
    else if (words.every((w) => label.includes(w))) others.push(a);
  }
  return [...byCode, ...others];
}
