import { roundDiv } from "~/features/ledger/index.ts";
import type { DocumentKind } from "./sales.schema.ts";

/*
 * A document's arithmetic, shared by its form's preview and the server: exact, in integers.
 */

/** A quantity or a percentage as printed: "2.5000" → "2.5"; "3.0000" → "3". */
export const quantityText = (q: string): string => q.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/** "2.5000" → 25000n (ten-thousandths). */
const scaled4 = (text: string): bigint => {
  const [whole, frac = ""] = text.split(".");
  return BigInt(whole!) * 10_000n + BigInt(frac.padEnd(4, "0").slice(0, 4));
};

/** A line's amount in cents: quantity × unit price less the discount (a percentage), rounded once, half away from zero. */
export function lineAmountCents(quantity: string, unitPrice: string, discountPercent: string): bigint {
  // quantity and price in 1e-4, the share kept (100 % − discount; a percentage in 1e-4 is a fraction in 1e-6) in 1e-6:
  // cents = q·p·keep × 100 / (1e4·1e4·1e6).
  const keep = 1_000_000n - scaled4(discountPercent);
  return roundDiv(scaled4(quantity) * scaled4(unitPrice) * keep, 1_000_000_000_000n);
}

/**
 * The sign of a document's own lines in the ledger (debit positive): an invoice's revenue and a supplier credit's
 * expense are credits; a credit note's revenue and a bill's expense are debits. Its receivable or payable line carries
 * the other side.
 */
export const lineSign = (kind: DocumentKind): 1n | -1n => (kind === "invoice" || kind === "supplier_credit" ? -1n : 1n);

export const KIND_LABELS: Record<DocumentKind, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  bill: "Bill",
  supplier_credit: "Supplier credit",
};

export const SERIES_PREFIX: Record<DocumentKind, string> = {
  invoice: "INV-",
  credit_note: "CN-",
  bill: "BILL-",
  supplier_credit: "SC-",
};
