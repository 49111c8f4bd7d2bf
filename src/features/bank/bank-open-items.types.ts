/*
 * A statement line settled against customers' and suppliers' open items (issue 42): what the bank API answers. Amounts
 * are decimal strings; an item's amounts are counted in its side's sense (positive: owed to the organization on
 * receivables, by it on payables).
 */

export type OpenItemSide = "receivable" | "payable";

/** Why an item or a group of items is offered: its amount is the line's, its number is in the line's text, its contact is named there. */
export type OpenItemReason = "amount" | "reference" | "contact";

export interface BankOpenItem {
  /** The receivable or payable journal line. */
  item_id: number;
  contact_id: number;
  contact_name: string;
  date: string;
  due_date: string;
  document_number: string | null;
  /** "Invoice INV-0003", or the entry's description when it comes from no document. */
  description: string;
  reference: string | null;
  amount: string;
  /** What is still owed on it today. */
  open: string;
  reasons: OpenItemReason[];
}

/** One way to settle the line: one contact's items, with the amount allocated to each (the last in part, at times). */
export interface OpenItemSuggestion {
  contact_id: number;
  contact_name: string;
  allocations: { item_id: number; amount: string }[];
  total: string;
  reasons: OpenItemReason[];
  /** Higher is likelier; the suggestions come best first. */
  score: number;
}

/** GET …/lines/:lineId/open-items */
export interface BankLineOpenItems {
  line: { id: number; date: string; amount: string; description: string; payee: string | null; reference: string | null };
  /** Money in settles receivables, money out payables (unless asked otherwise). */
  side: OpenItemSide;
  suggestions: OpenItemSuggestion[];
  /**
   * Items to choose from: the named contact's (`contact_id`), those the search finds (`q`), else those of the
   * suggestions' contacts; oldest due first.
   */
  items: BankOpenItem[];
}

/** POST …/lines/:lineId/settle (201): the payment posted, and the line's match to its bank side. */
export interface BankLineSettled {
  match_id: number;
  entry_id: number;
  entry_number: string;
  /** The payment's own open item: what was not allocated stays on it as the contact's credit. */
  item_id: number;
  unallocated: string;
}
