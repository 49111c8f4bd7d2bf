/**
 * A report as it is printed (decision 098): a title, whose books, the period, columns, and rows that say what they
 * are (a section's head, an account's line, a subtotal, a total). The PDF renderer draws any such model the same
 * way; the converters below are the only place that knows each report's shape for printing. Amounts are already
 * formatted as the screen formats them.
 */
export interface PrintColumn {
  head: string;
  align: "left" | "right";
  /** The column's share of the page's width; the shares of a report add up to 1. */
  width: number;
}

export type PrintRow =
  | { kind: "section"; label: string }
  /** A line; `depth` indents it: 0 not at all, 1 under its section's head, 2 and more a child account under its parent. */
  | { kind: "line"; cells: string[]; depth: number }
  /** A summary's figure ("Statement opening balance"), drawn as a line: not one of the lines MAX_PRINTED_LINES counts. */
  | { kind: "figure"; cells: string[] }
  | { kind: "subtotal"; cells: string[] }
  | { kind: "total"; cells: string[] }
  | { kind: "note"; text: string };

/** Whose report is printed: the organization's name, and the currency its amounts are written in (decision 102). */
export interface PrintBooks {
  name: string;
  currency: string;
}

export interface PrintableReport {
  title: string;
  organization: string;
  /** "October 1, 2026 to October 31, 2026", or "As of October 31, 2026" for a position. */
  period: string;
  columns: PrintColumn[];
  rows: PrintRow[];
}
