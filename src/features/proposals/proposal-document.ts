import { createHash } from "node:crypto";
import { formatLongDate, formatMoney } from "~/lib/format.ts";
import { BILLING_LABELS, PLACEHOLDERS, type Billing } from "./proposals.schema.ts";
import type { ProposalTerms } from "./proposals.types.ts";

/*
 * The document a client signs (decision 118): the letter with its placeholders filled in, then the schedule of fees and
 * the terms, as plain text. It is made once, when the proposal is sent, and kept as it is; its SHA-256 is what the
 * client's page shows and posts back when she accepts.
 */

/** The firm that proposes (as its mails and documents name it). */
export const FIRM_NAME = "Ledgerline Advisors";

export interface DocumentLine {
  name: string;
  description: string | null;
  price_cents: bigint;
  billing: Billing;
  quantity: number;
  optional: boolean;
}

export interface DocumentTerms extends ProposalTerms {
  letter: string;
  lines: DocumentLine[];
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The placeholders of a letter that are not known (each once), in the order they appear. */
export function unknownPlaceholders(letter: string): string[] {
  const known = new Set<string>(PLACEHOLDERS);
  return [...new Set([...letter.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((p) => !known.has(p)))];
}

const term = (months: number) => (months === 0 ? "none" : months === 1 ? "1 month" : `${months} months`);

/** The schedule of fees, one line each: quantity, name, price, how it is billed, and whether it is an option. */
export function feesText(t: Pick<DocumentTerms, "lines" | "currency">): string {
  return t.lines
    .map((l) => {
      const amount = formatMoney(l.price_cents * BigInt(l.quantity), t.currency);
      const qty = l.quantity === 1 ? "" : `${l.quantity} × ${formatMoney(l.price_cents, t.currency)} = `;
      const head = `- ${l.name}: ${qty}${amount} ${BILLING_LABELS[l.billing]}${l.optional ? " (optional)" : ""}`;
      return l.description ? `${head}\n  ${l.description.replace(/\n/g, "\n  ")}` : head;
    })
    .join("\n");
}

/** The letter's text with every placeholder filled in. */
export function fillLetter(t: DocumentTerms): string {
  const values: Record<string, string> = {
    client_name: t.client_name,
    company: t.company || t.client_name,
    start_date: formatLongDate(t.start_date),
    fees: feesText(t),
    minimum_term: term(t.minimum_term_months),
    expires_on: formatLongDate(t.expires_on),
    firm_name: FIRM_NAME,
  };
  return t.letter.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The whole document as the client reads and signs it. */
export function documentText(t: DocumentTerms): string {
  const letter = fillLetter(t).trim();
  const feesPlaced = /\{\{\s*fees\s*\}\}/.test(t.letter);
  return [
    t.title,
    `${FIRM_NAME} — proposal to ${t.company || t.client_name}`,
    "",
    ...(letter ? [letter, ""] : []),
    ...(feesPlaced ? [] : ["Schedule of fees", feesText(t), ""]),
    "Terms",
    `Start date: ${formatLongDate(t.start_date)}`,
    `Minimum term: ${term(t.minimum_term_months)}`,
    `This proposal is valid until ${formatLongDate(t.expires_on)}.`,
  ].join("\n");
}

/** SHA-256 of text (UTF-8), in hex. */
export const sha256Hex = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");
