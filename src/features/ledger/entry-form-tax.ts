/**
 * The entry form with tax (decision 112): a saved entry's taxed lines as the form edits them, the tax of the form's
 * lines as the server will post it, and the form's rules and what it sends, tax included.
 */
import { z } from "zod";
import { entryInputSchema, type EntryInput } from "./ledger.schema.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { overrideOutside, taxEntry, type MathCode, type TaxedEntry, type TaxOverride } from "./line-tax.ts";
import type { TaxAmounts, TaxRounding } from "./tax.types.ts";
import {
  amountProblem,
  completeLines,
  contentPayload,
  ENTRY_MESSAGES,
  entryDateProblem,
  entryTotals,
  formLines,
  inputCents,
  parseAmount,
  validateLines,
  type EntryFormLine,
  type EntryFormValues,
  type SavedLine,
} from "./entry-form.ts";

/** A line as the API answers it for an entry: with its tax (decision 112). */
export interface SavedTaxedLine extends SavedLine {
  tax_code_id: number | null;
  tax_part_no: number | null;
  tax_base: string | null;
}

/** The key of a code's part among the tax amounts typed in the entry form. */
export const taxKey = (codeId: number, partNo: number): string => `c${codeId}p${partNo}`;

const absCents = (n: bigint): bigint => (n < 0n ? -n : n);

/**
 * A saved entry's lines as the entry form edits them (decision 112): the tax lines made from its taxed lines are left
 * out (the form makes them again), a taxed line shows its taxable base, so the amounts are tax-exclusive; a tax line's
 * amount is kept as typed over the computed one (the same when nothing was typed: then nothing is sent).
 */
export function formTaxedEntry(lines: SavedTaxedLine[]): Pick<EntryFormValues, "lines" | "taxAmounts" | "taxOverrides"> {
  const typed = lines.filter((l) => l.tax_part_no == null);
  const signed = (l: SavedTaxedLine) => (toCents(l.debit_amount) ?? 0n) - (toCents(l.credit_amount) ?? 0n);
  // What a partly recoverable part left on its code's taxed lines (their amount less their base): with the share posted
  // to the tax account, the part's whole tax, which is what the form types and compares with the computed one.
  const kept = new Map<number, bigint>();
  for (const l of typed)
    if (l.tax_code_id != null && l.tax_base != null)
      kept.set(l.tax_code_id, (kept.get(l.tax_code_id) ?? 0n) + signed(l) - (toCents(l.tax_base) ?? 0n));
  const taxOverrides: Record<string, string> = {};
  for (const l of lines) {
    if (l.tax_part_no == null || l.tax_code_id == null) continue;
    const posted = signed(l);
    const rest = kept.get(l.tax_code_id) ?? 0n;
    // The rest belongs to the deductible part, on the taxed lines' side (a reverse charge's due part is on the other).
    const whole = rest !== 0n && rest > 0n === posted > 0n ? posted + rest : posted;
    if (whole !== posted) kept.delete(l.tax_code_id);
    taxOverrides[taxKey(l.tax_code_id, l.tax_part_no)] = centsToDecimal(absCents(whole));
  }
  const formed = typed.map((l, i) => {
    const line = formLines([l])[0]!;
    if (l.tax_code_id == null) return line;
    const base = l.tax_base == null ? null : toCents(l.tax_base.replace(/^-/, ""));
    if (base == null || !l.tax_base) return { ...line, taxCodeId: String(l.tax_code_id) };
    const text = centsToDecimal(base);
    const credit = l.tax_base.startsWith("-") || (base === 0n && typed[i]!.credit_amount !== "0.00");
    return { ...line, debit: credit ? "" : text, credit: credit ? text : "", taxCodeId: String(l.tax_code_id) };
  });
  const taxed = typed.some((l) => l.tax_code_id != null);
  return { lines: formed, taxAmounts: taxed ? "exclusive" : undefined, taxOverrides: taxed ? taxOverrides : {} };
}

/** What the entry form needs to compute the tax of its lines: the organization's codes and its settings. */
export interface EntryTax {
  codes: Map<number, MathCode>;
  /** The organization's default way of typing amounts. */
  amounts: TaxAmounts;
  rounding: TaxRounding;
}

/** The entry's lines with their tax as the server will post them, and what the form sends for it. */
export interface TaxPreview extends TaxedEntry {
  amounts: TaxAmounts;
  /** Tax amounts typed that differ from the computed ones, signed as posted (debit positive). */
  overrides: TaxOverride[];
  /** Why a typed tax amount is refused, by `taxKey`. */
  problems: Record<string, string>;
}

/**
 * The tax of the form's lines, computed by the same function the server posts with (`taxEntry`), or null when no
 * line that counts names a known code. A typed tax amount is applied when it is readable and within the tolerance.
 */
export function taxPreview(values: EntryFormValues, tax: EntryTax | null): TaxPreview | null {
  if (!tax) return null;
  const input = completeLines(values.lines).map((l) => {
    const id = Number(l.taxCodeId || NaN);
    return {
      account_id: Number(l.accountId),
      description: l.description.trim() || null,
      amount: inputCents(l.debit) - inputCents(l.credit),
      tax_code_id: tax.codes.has(id) ? id : null,
    };
  });
  if (!input.some((l) => l.tax_code_id !== null)) return null;
  const amounts = values.taxAmounts ?? tax.amounts;
  const plain = taxEntry(input, tax.codes, amounts, tax.rounding);
  const overrides: TaxOverride[] = [];
  const problems: Record<string, string> = {};
  for (const c of plain.computed) {
    const key = taxKey(c.tax_code_id, c.part_no);
    const text = values.taxOverrides?.[key]?.trim() ?? "";
    if (text === "") continue;
    const parsed = parseAmount(text);
    if (parsed.error !== undefined) {
      problems[key] = parsed.error;
      continue;
    }
    const signed = c.amount < 0n ? -parsed.cents : parsed.cents;
    if (signed === c.amount) continue;
    const override = { tax_code_id: c.tax_code_id, part_no: c.part_no, amount: signed };
    if (overrideOutside([c], [override])) {
      problems[key] = `Must be within ${centsToDecimal(c.tolerance)} of the computed tax ${centsToDecimal(absCents(c.amount))}`;
      continue;
    }
    overrides.push(override);
  }
  return { ...taxEntry(input, tax.codes, amounts, tax.rounding, overrides), amounts, overrides, problems };
}

/** The totals as posted: with the tax when there is some, else the lines as typed. */
export function postedTotals(lines: EntryFormLine[], preview: TaxPreview | null): { debit: bigint; credit: bigint; difference: bigint } {
  if (!preview) return entryTotals(lines);
  let debit = 0n;
  let credit = 0n;
  for (const l of preview.lines) {
    if (l.amount > 0n) debit += l.amount;
    else credit -= l.amount;
  }
  return { debit, credit, difference: debit - credit };
}

/**
 * The first failing rule of the entry form, in the order they are checked, or null when the entry may be saved. With
 * taxed lines, a typed tax amount must be accepted and the lines must balance once the tax is added.
 */
export function validateEntryForm(values: EntryFormValues, tax: EntryTax | null = null): string | null {
  if (values.description.trim() === "") return ENTRY_MESSAGES.descriptionRequired;
  const preview = taxPreview(values, tax);
  if (!preview) return entryDateProblem(values.entryDate) ?? validateLines(values.lines);
  const problem = entryDateProblem(values.entryDate) ?? amountProblem(values.lines);
  if (problem) return problem;
  if (completeLines(values.lines).length < 2) return ENTRY_MESSAGES.twoLines;
  const typed = Object.values(preview.problems)[0];
  if (typed) return `Tax amount: ${typed}`;
  const { debit, difference } = postedTotals(values.lines, preview);
  return debit > 0n && difference === 0n ? null : ENTRY_MESSAGES.unbalancedWithTax;
}

/** What the entry form sends: with taxed lines, each line's code, how the amounts are typed and the tax amounts typed. */
export function entryPayload(values: EntryFormValues, tax: EntryTax | null = null): z.input<typeof entryInputSchema> {
  const payload = { ...contentPayload(values), entry_date: values.entryDate };
  const preview = taxPreview(values, tax);
  if (!preview) return payload;
  return {
    ...payload,
    lines: payload.lines.map((l, i) => ({ ...l, tax_code_id: preview.lines[i]?.tax_code_id ?? null })),
    tax_amounts: preview.amounts,
    tax_overrides: preview.overrides.map((o) => ({ tax_code_id: o.tax_code_id, part_no: o.part_no, amount: centsToDecimal(o.amount) })),
  };
}

/**
 * The entry form's rules for react-hook-form: the first failing rule of the form (validateEntryForm, as one
 * form-wide message under `root`), then what it sends, checked by the API's own schema (entryInputSchema).
 */
export const entryFormSchemaFor = (tax: EntryTax | null) =>
  z
    .custom<EntryFormValues>((v) => typeof v === "object" && v !== null)
    .superRefine((values, ctx) => {
      const problem = validateEntryForm(values, tax);
      if (problem) ctx.addIssue({ code: "custom", path: ["root"], message: problem });
    })
    .transform((values) => entryPayload(values, tax))
    .pipe(entryInputSchema) satisfies z.ZodType<EntryInput, EntryFormValues>;

/** The entry form's rules without tax codes. */
export const entryFormSchema = entryFormSchemaFor(null);
