import { sql } from "drizzle-orm";
import { moneyIn } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { longDate, printBooks, type PrintableReport, type PrintBooks, type PrintRow } from "~/features/reports/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { agingReport } from "./aging.server.ts";
import { AGING_BUCKETS, type AgingBucket, type Side } from "./sales.schema.ts";
import type { AgingReport, AgingRow } from "./sales.types.ts";

/*
 * The month-end pack's aging summaries (decision 116): what customers owe and what is owed to suppliers as of the
 * month's last day, by age (the totals of each bucket), the contacts owing or owed the most, and the control account's
 * balance on that day beside the total (they are equal by construction: aging.server.ts).
 */

/** Contacts named on a summary; the others are one line. */
export const TOP_CONTACTS = 10;

const TITLES: Record<Side, string> = { receivable: "Aged receivables summary", payable: "Aged payables summary" };
/** Days past due (ASCII hyphens: the PDF's built-in fonts have no en dash). */
const BUCKET_HEADS: Record<AgingBucket, string> = { current: "Current", "1_30": "1-30 days", "31_60": "31-60 days", "61_90": "61-90 days", over_90: "Over 90" };

const COLUMNS: PrintableReport["columns"] = [
  { head: "Contact", align: "left", width: 0.28 },
  ...AGING_BUCKETS.map((b) => ({ head: BUCKET_HEADS[b], align: "right" as const, width: 0.12 })),
  { head: "Total", align: "right", width: 0.12 },
];

/** A side's aging as a printed page: the largest balances first, the rest as one line, the totals, the control account. */
export function agingSummaryPrint(report: AgingReport, books: PrintBooks): PrintableReport {
  const f = moneyIn(books.currency);
  const cents = (d: string) => toCents(d) ?? 0n;
  const cells = (label: string, b: Record<AgingBucket, string>, total: string) => [label, ...AGING_BUCKETS.map((k) => f.money(b[k])), f.money(total)];
  const ranked = [...report.rows].sort((a, b) => {
    const d = cents(b.total) - cents(a.total);
    return d === 0n ? a.contact_name.localeCompare(b.contact_name) : d > 0n ? 1 : -1;
  });
  const top = ranked.slice(0, TOP_CONTACTS);
  const rest = ranked.slice(TOP_CONTACTS);
  const rows: PrintRow[] = [
    { kind: "section", label: report.side === "receivable" ? "Customers owing the most" : "Suppliers owed the most" },
    ...top.map((r): PrintRow => ({ kind: "line", depth: 1, cells: cells(r.contact_name, r.buckets, r.total) })),
  ];
  if (rest.length) {
    const sum = (pick: (r: AgingRow) => string) => centsToDecimal(rest.reduce((s, r) => s + cents(pick(r)), 0n));
    const buckets = Object.fromEntries(AGING_BUCKETS.map((k) => [k, sum((r) => r.buckets[k])])) as Record<AgingBucket, string>;
    rows.push({ kind: "line", depth: 1, cells: cells(`${rest.length} other contact${rest.length === 1 ? "" : "s"}`, buckets, sum((r) => r.total)) });
  }
  if (report.rows.length === 0) rows.push({ kind: "note", text: "Nothing is owed on this day." });
  rows.push({ kind: "total", cells: cells("Total", report.totals, report.totals.total) });
  const account = report.control_account;
  rows.push({ kind: "figure", cells: [`${account.code} ${account.name}, balance`, "", "", "", "", "", f.money(account.balance)] });
  return { title: TITLES[report.side], organization: books.name, period: `As of ${longDate(report.as_of)}`, columns: COLUMNS, rows };
}

/**
 * The pack's aging pages as of a day: receivables, then payables, each when its control account has a posting by that
 * day. Books that never used customers and suppliers (no settings made yet) get none, and nothing is made for them.
 */
export async function agingSummaryPages(db: Db, m: Membership, asOf: string): Promise<PrintableReport[]> {
  const [used] = await queryRows(db, sql`select 1 from sales_settings where organization_id = ${m.organizationId}`);
  if (!used) return [];
  const pages: PrintableReport[] = [];
  for (const side of ["receivable", "payable"] as const) {
    const report = await agingReport(db, m, side, asOf);
    const [posted] = await queryRows(
      db,
      sql`select 1 from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
           where l.organization_id = ${m.organizationId} and l.account_id = ${report.control_account.id}
             and e.status = 'posted' and e.entry_date <= ${asOf}::date
           limit 1`,
    );
    if (posted) pages.push(agingSummaryPrint(report, printBooks(m)));
  }
  return pages;
}
