import { csvRows } from "~/lib/csv.ts";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "./leads-inbox.schema.ts";
import type { LeadSummary } from "./leads-inbox.types.ts";

export const LEADS_CSV_HEADER = ["Received (UTC)", "Kind", "Name", "Email", "Company", "Status", "Owner", "Spam"];

/** The filtered leads as CSV (the product's one CSV writer: RFC 4180, CRLF, safe in a spreadsheet; decision 082). */
export function leadsCsv(leads: LeadSummary[]): string {
  return csvRows(
    LEADS_CSV_HEADER,
    leads.map((l) => [
      l.createdAt.replace("T", " ").slice(0, 19),
      LEAD_KIND_LABELS[l.kind],
      l.name ?? "",
      l.email,
      l.company ?? "",
      LEAD_STATUS_LABELS[l.status],
      l.owner ? l.owner.email : "",
      l.spam ? (l.spamReason ?? "yes") : "",
    ]),
  );
}
