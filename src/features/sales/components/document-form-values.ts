import { z } from "zod";
import { addDays } from "~/lib/format.ts";
import { taxEntry, type MathCode, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import { lineAmountCents, lineSign } from "../document-math.ts";
import { documentSchema, sideOfKind, type DocumentInput, type DocumentKind } from "../sales.schema.ts";
import type { Contact, DocumentDetails } from "../sales.types.ts";
import type { DocumentPayload } from "../documents.api.ts";

/*
 * The document form's values (every field as typed text, named as the API names it, so that a refusal's `fields` land
 * on their fields), what it sends, and its live preview: each line's amount and the subtotal, tax and total computed
 * by the functions the server prices with (lineAmountCents, the ledger's taxEntry). The server's figures are the truth.
 */

export interface DocumentLineValues {
  description: string;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  account_id: string;
  tax_code_id: string;
}

export interface DocumentFormState {
  kind: DocumentKind;
  contact_id: string;
  issue_date: string;
  due_date: string;
  reference: string;
  amounts_are: "exclusive" | "inclusive";
  notes: string;
  credits_document_id: string;
  lines: DocumentLineValues[];
}

export const blankLine = (o: Partial<DocumentLineValues> = {}): DocumentLineValues => ({
  description: "",
  quantity: "1",
  unit_price: "",
  discount_percent: "",
  account_id: "",
  tax_code_id: "",
  ...o,
});

/** "2.5000" → "2.5", "400.0000" → "400", "19.9900" → "19.99": a stored decimal as a person types it. */
export function plainDecimal(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** A unit price with at least its cents: "400.0000" → "400.00", "0.3750" → "0.375". */
function priceText(text: string): string {
  const plain = plainDecimal(text);
  const [whole, frac = ""] = plain.split(".");
  return `${whole}.${frac.padEnd(2, "0")}`;
}

const lineValues = (l: DocumentDetails["lines"][number]): DocumentLineValues => ({
  description: l.description,
  quantity: plainDecimal(l.quantity),
  unit_price: priceText(l.unit_price),
  discount_percent: plainDecimal(l.discount_percent) === "0" ? "" : plainDecimal(l.discount_percent),
  account_id: String(l.account_id),
  tax_code_id: l.tax_code_id == null ? "" : String(l.tax_code_id),
});

/** A blank document of `kind`, dated `today`. */
export function blankDocument(kind: DocumentKind, today: string, amounts: "exclusive" | "inclusive"): DocumentFormState {
  return {
    kind,
    contact_id: "",
    issue_date: today,
    due_date: "",
    reference: "",
    amounts_are: amounts,
    notes: "",
    credits_document_id: "",
    lines: [blankLine()],
  };
}

/** A saved draft as the form edits it. */
export function formOfDocument(d: DocumentDetails): DocumentFormState {
  return {
    kind: d.kind,
    contact_id: String(d.contact_id),
    issue_date: d.issue_date,
    due_date: d.due_date,
    reference: d.reference ?? "",
    amounts_are: d.amounts_are,
    notes: d.notes ?? "",
    credits_document_id: d.credits_document_id == null ? "" : String(d.credits_document_id),
    lines: d.lines.map(lineValues),
  };
}

/** The kind that credits a kind: a credit note an invoice, a supplier credit a bill. */
export const creditKindOf = (kind: DocumentKind): DocumentKind | null =>
  kind === "invoice" ? "credit_note" : kind === "bill" ? "supplier_credit" : null;

/** A credit note (or a supplier credit) for an approved document: its contact, lines and way of typing amounts, dated `today`. */
export function creditOf(d: DocumentDetails, today: string): DocumentFormState {
  return {
    ...formOfDocument(d),
    kind: creditKindOf(d.kind)!,
    issue_date: today,
    due_date: "",
    reference: d.number ?? "",
    notes: "",
    credits_document_id: String(d.id),
  };
}

const idOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text) : 0);
const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** What the form sends. */
export function payloadOf(v: DocumentFormState): DocumentPayload {
  return {
    kind: v.kind,
    contact_id: idOf(v.contact_id),
    issue_date: v.issue_date,
    due_date: orNull(v.due_date),
    reference: orNull(v.reference),
    amounts_are: v.amounts_are,
    notes: orNull(v.notes),
    credits_document_id: v.credits_document_id ? idOf(v.credits_document_id) : null,
    lines: v.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_percent: l.discount_percent.trim() === "" ? "0" : l.discount_percent,
      account_id: idOf(l.account_id),
      tax_code_id: l.tax_code_id ? idOf(l.tax_code_id) : null,
    })),
  };
}

/** The form's rules: what it sends, checked by the API's own schema (its messages at the API's field names). */
export const documentFormSchema = z
  .custom<DocumentFormState>((v) => typeof v === "object" && v !== null)
  .transform(payloadOf)
  .pipe(documentSchema) satisfies z.ZodType<DocumentInput, DocumentFormState>;

/** A typed decimal (commas allowed) with at most 4 decimals, as the API reads it; null when it is not one. */
function decimalText(text: string): string | null {
  const t = text.trim().replace(/,/g, "");
  return /^\d+(\.\d{1,4})?$/.test(t) ? t : null;
}

/** A line's amount in cents as the server will price it, or null while its quantity or price cannot be read. */
export function lineCents(l: DocumentLineValues): bigint | null {
  const q = decimalText(l.quantity);
  const p = decimalText(l.unit_price);
  const d = l.discount_percent.trim() === "" ? "0" : decimalText(l.discount_percent);
  if (q === null || p === null || d === null || Number(d) > 100) return null;
  return lineAmountCents(q, p, d);
}

export interface DocumentPreview {
  /** Each line's amount (as typed: exclusive or inclusive of tax), null when it cannot be read yet. */
  amounts: (bigint | null)[];
  subtotal: bigint;
  tax: bigint;
  total: bigint;
  /** The tax per code, in the document's sense (positive). */
  taxes: { tax_code_id: number; code: string; name: string; amount: bigint }[];
}

/**
 * The document as it will be priced: its lines posted with their tax (the ledger's taxEntry, with the codes and the
 * organization's rounding), the subtotal (net of tax), the tax per code and the total. Lines that cannot be read yet
 * count as nothing.
 */
export function previewOf(v: DocumentFormState, codes: Map<number, MathCode>, rounding: TaxRounding): DocumentPreview {
  const sign = lineSign(v.kind);
  const amounts = v.lines.map(lineCents);
  const input = v.lines.flatMap((l, i) => {
    const cents = amounts[i];
    if (cents == null) return [];
    const code = idOf(l.tax_code_id);
    return [{ account_id: idOf(l.account_id), description: null, amount: cents * sign, tax_code_id: codes.has(code) ? code : null }];
  });
  const posted = taxEntry(input, codes, v.amounts_are, rounding).lines;
  let total = 0n;
  let tax = 0n;
  const byCode = new Map<number, bigint>();
  for (const l of posted) {
    const own = l.amount * sign;
    total += own;
    if (l.tax_part_no != null && l.tax_code_id != null) {
      tax += own;
      byCode.set(l.tax_code_id, (byCode.get(l.tax_code_id) ?? 0n) + own);
    }
  }
  const taxes = [...byCode.entries()]
    .map(([id, amount]) => ({ tax_code_id: id, code: codes.get(id)!.code, name: codes.get(id)!.name, amount }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return { amounts, subtotal: total - tax, tax, total, taxes };
}

/** The reference's label on the form: a bill's is the number the supplier gave her invoice. */
export const referenceLabel = (kind: DocumentKind): string => (kind === "bill" ? "Supplier's invoice number" : "Reference");

/** A refusal of the reference (the API names it "Reference") in the words of the field's label. */
export const referenceMessage = (kind: DocumentKind, message: string | undefined): string | undefined =>
  message?.replace(/^Reference\b/, referenceLabel(kind));

/** The codes a line of this kind may take on `date`: for its side (sales or purchases), valid then; a line's own code kept. */
export function codesFor(codes: TaxCode[], kind: DocumentKind, date: string, kept: string[]): TaxCode[] {
  const appliesTo = sideOfKind(kind) === "receivable" ? "sales" : "purchases";
  return codes.filter(
    (c) =>
      kept.includes(String(c.id)) ||
      (c.applies_to === appliesTo && (!c.valid_from || c.valid_from <= date) && (!c.valid_to || date <= c.valid_to)),
  );
}

/** The account a contact's lines default to on this kind of document. */
export const defaultAccountOf = (c: Contact, kind: DocumentKind): number | null =>
  sideOfKind(kind) === "receivable" ? c.default_revenue_account_id : c.default_expense_account_id;

/** The due date a contact's payment terms give a document issued on `issueDate`. */
export const dueFromTerms = (c: Pick<Contact, "payment_terms_days">, issueDate: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(issueDate) ? addDays(issueDate, c.payment_terms_days) : "";
