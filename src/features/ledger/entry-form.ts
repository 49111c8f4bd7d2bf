/**
 * The entry form's lines and amounts as typed: reading amounts, totals, the rules of the lines and what they send.
 * The tax of the lines, the form's rules with tax and what it sends are in entry-form-tax.ts.
 */
import type { z } from "zod";
import { entryDateSchema, type entryInputSchema, MAX_AMOUNT } from "./ledger.schema.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { TaxAmounts } from "./tax.types.ts";

/** A line as the entry form holds it: amounts are the text typed in the inputs. */
export interface EntryFormLine {
  accountId: string;
  description: string;
  debit: string;
  credit: string;
  /** The line's tax code id ("" or left out: none); only the entry form offers it. */
  taxCodeId?: string;
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
  /** How the amounts of taxed lines are typed; left out: the organization's setting. */
  taxAmounts?: TaxAmounts;
  /** Tax amounts typed over the computed ones, by `taxKey` (unsigned, as typed; "" or left out: the computed one). */
  taxOverrides?: Record<string, string>;
}

/** A line of the form: empty, or with the given fields. */
export const newLine = (l: Partial<EntryFormLine> = {}): EntryFormLine => ({
  accountId: "",
  description: "",
  debit: "",
  credit: "",
  taxCodeId: "",
  ...l,
});

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
  unbalancedWithTax: "Debits must equal credits once the tax is added",
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

/**
 * What a form holds, without blank lines and surrounding spaces: two forms with the same content compare equal. The
 * fields other than description, reference and lines (a date, a schedule) are compared as they are.
 */
function content({ description, reference, lines, ...rest }: EntryContentValues): string {
  const filled = lines
    .map((l) => ({
      accountId: l.accountId,
      description: l.description.trim(),
      debit: l.debit.trim(),
      credit: l.credit.trim(),
      tax: l.taxCodeId ?? "",
    }))
    .filter((l) => l.accountId !== "" || l.description !== "" || l.debit !== "" || l.credit !== "" || l.tax !== "");
  // Tax amounts typed and then cleared are as if never typed.
  const others = Object.entries(rest)
    .map(([k, v]) =>
      k === "taxOverrides"
        ? [
            k,
            Object.entries(v as Record<string, string>)
              .filter(([, t]) => t.trim() !== "")
              .sort(),
          ]
        : [k, v],
    )
    .filter(([k, v]) => v !== undefined && !(k === "taxOverrides" && (v as unknown[]).length === 0))
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
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
