import Papa from "papaparse";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "./leads-inbox.schema.ts";
import type { LeadSummary } from "./leads-inbox.types.ts";

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe, so a visitor's "=HYPERLINK(...)" stays text when the firm opens the export.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const LEADS_CSV_HEADER = ["Received (UTC)", "Kind", "Name", "Email", "Company", "Status", "Owner", "Spam"];

/** The filtered leads as CSV (RFC 4180, CRLF line ends). */
export function leadsCsv(leads: LeadSummary[]): string {
  const rows = leads.map((l) =>
    [
      l.createdAt.replace("T", " ").slice(0, 19),
      LEAD_KIND_LABELS[l.kind],
      l.name ?? "",
      l.email,
      l.company ?? "",
      LEAD_STATUS_LABELS[l.status],
      l.owner ? l.owner.email : "",
      l.spam ? (l.spamReason ?? "yes") : "",
    ].map(safeCell),
  );
  return Papa.unparse({ fields: LEADS_CSV_HEADER, data: rows }, { newline: "\r\n" });
}
