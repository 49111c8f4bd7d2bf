import { toCents } from "./money.ts";

/** A line as the entry form holds it: amounts are the text typed in the inputs. */
export interface EntryFormLine {
  accountId: string;
  description: string;
  debit: string;
  credit: string;
}

export interface EntryFormValues {
  description: string;
  entryDate: string;
  reference: string;
  lines: EntryFormLine[];
}

export const ENTRY_MESSAGES = {
  descriptionRequired: "Description is required",
  dateRequired: "Entry date is required",
  twoLines: "At least two account lines are required",
  unbalanced: "Debits must equal credits",
  notBalancedInline: "Entry is not balanced. Debits must equal credits.",
} as const;

/** Cents typed in an amount input; empty, invalid or negative text counts as 0. */
export function inputCents(text: string): bigint {
  const c = toCents(text.trim() === "" ? "0" : text);
  return c !== null && c > 0n ? c : 0n;
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

/** Balanced: |debits - credits| under 0.01 and debits above 0 (SPEC §5, §9). */
export function isBalanced(lines: EntryFormLine[]): boolean {
  const { debit, difference } = entryTotals(lines);
  return debit > 0n && difference < 1n && difference > -1n;
}

/** Lines that count: an account and a non-zero debit or credit. */
export function completeLines(lines: EntryFormLine[]): EntryFormLine[] {
  return lines.filter((l) => l.accountId !== "" && (inputCents(l.debit) > 0n || inputCents(l.credit) > 0n));
}

/** The first failing rule of SPEC §5 in its order, or null when the entry may be saved. */
export function validateEntryForm(values: EntryFormValues): string | null {
  if (values.description.trim() === "") return ENTRY_MESSAGES.descriptionRequired;
  if (values.entryDate.trim() === "") return ENTRY_MESSAGES.dateRequired;
  if (completeLines(values.lines).length < 2) return ENTRY_MESSAGES.twoLines;
  if (!isBalanced(values.lines) || !isBalanced(completeLines(values.lines))) return ENTRY_MESSAGES.unbalanced;
  return null;
}
