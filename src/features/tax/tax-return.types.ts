/**
 * A tax return for a period (decision 112): the boxes with the taxable base and the tax that feed them, the same
 * figures per code and part (a US code's parts are its jurisdictions), the net payable (negative: refundable), the
 * corrections (reversals of entries of a filed period, reported here) and the reconciliation with the tax accounts.
 * Amounts are exact decimal strings with two places. On the cash basis the tax of invoices and bills counts when they
 * are paid (tax-return-cash.server.ts).
 */
import type { TaxBasis } from "~/features/ledger/index.ts";

/** Where a box's figures come from: the period's own lines, or corrections of an earlier filed period. */
export const TAX_RETURN_GROUPS = ["boxes", "corrections"] as const;
export type TaxReturnGroup = (typeof TAX_RETURN_GROUPS)[number];

export interface TaxReturnBox {
  box: string;
  /** The box's label in the ready-made set whose boxes these are, or null. */
  label: string | null;
  group: TaxReturnGroup;
  /** Taxable base: sales credit-positive, purchases debit-positive. */
  base: string;
  /** Tax: due credit-positive, deductible debit-positive. */
  tax: string;
}

export interface TaxReturnPart {
  part_no: number;
  name: string;
  role: "due" | "deductible";
  account_id: number;
  base: string;
  tax: string;
}

export interface TaxReturnCode {
  tax_code_id: number;
  code: string;
  name: string;
  applies_to: "sales" | "purchases";
  base: string;
  parts: TaxReturnPart[];
}

/** A tax account: its movement in the period from every posted line (settlements of filed returns left out) beside the return's tax on it. */
export interface TaxReturnAccount {
  account_id: number;
  account_code: string;
  account_name: string;
  /** Debit positive. */
  movement: string;
  /** The return's tax posted to it, debit positive. */
  return_tax: string;
  /**
   * Posted to the account without a tax code in the period: movement - return_tax on the invoice basis; on the cash
   * basis also less the change in the unpaid tax (cash.unpaid - cash.unpaid_start).
   */
  difference: string;
  /** On the cash basis only: balance = return_tax + unpaid + earlier + difference. */
  cash?: TaxReturnAccountCash;
}

/** The name of the tax of unpaid invoices and bills on the cash basis, wherever it is shown. */
export const UNPAID_TAX_LABEL = "Tax on unpaid invoices and bills, due when paid";
/** What the cash basis means, said once on the return. */
export const CASH_BASIS_NOTE = "Cash basis: the tax of an invoice or bill counts when it is paid, in the share paid.";

/** A tax account on the cash basis (debit positive). */
export interface TaxReturnAccountCash {
  /** The account's balance on the period's end, before the settlement of a return filed for the period. */
  balance: string;
  /** Tax on invoices and bills unpaid on the period's end: due (or deductible) when they are paid. */
  unpaid: string;
  /** The same on the day before the period. */
  unpaid_start: string;
  /** Left in the account from before the period beside that unpaid tax: earlier periods not settled, lines without a code. */
  earlier: string;
}

export interface TaxReturnReport {
  from: string;
  to: string;
  /** "invoice": tax counted on the document's date; "cash": an invoice's or bill's tax when it is paid. */
  basis: TaxBasis;
  boxes: TaxReturnBox[];
  corrections: TaxReturnBox[];
  codes: TaxReturnCode[];
  due: string;
  deductible: string;
  /** Due minus deductible: positive payable, negative refundable. */
  net: string;
  reconciliation: TaxReturnAccount[];
  /** Tax-coded lines behind the figures. */
  line_count: number;
}

/** GET …/tax-return */
export interface TaxReturnAnswer {
  tax_return: TaxReturnReport;
}

/** A line behind a box (on the cash basis, a line's share settled by one allocation, or a line counted on its date). */
export interface TaxReturnLine {
  line_id: number;
  entry_id: number;
  entry_number: string;
  entry_date: string;
  /** On the cash basis, the allocation that settles this share of the line and its date; null for a line counted on its date. */
  allocation_id: number | null;
  settled_on: string | null;
  description: string;
  account_code: string;
  account_name: string;
  tax_code: string;
  /** Signed as the box counts it; null when the line adds no base to the box. */
  base: string | null;
  tax: string | null;
}

/** GET …/tax-return/lines: a page of lines, `next` the cursor of the page after it (null at the end). */
export interface TaxReturnLinesAnswer {
  lines: TaxReturnLine[];
  next: string | null;
}

export interface FiledTaxReturn {
  id: number;
  name: string;
  period_start: string;
  period_end: string;
  net_amount: string;
  authority_account_id: number;
  settlement_entry_id: number | null;
  settlement_entry_number: string | null;
  file_name: string;
  filed_by: string | null;
  /** ISO 8601, UTC. */
  filed_at: string;
}

/** Filed returns on a page of their list. */
export const FILED_RETURNS_PAGE_SIZE = 20;

/** GET …/tax-returns?page=: a page of the filed returns, the latest period first. */
export interface FiledTaxReturnsAnswer {
  tax_returns: FiledTaxReturn[];
  page: number;
  has_more: boolean;
}

/** POST …/tax-returns */
export interface TaxReturnFiled {
  tax_return: FiledTaxReturn;
}
