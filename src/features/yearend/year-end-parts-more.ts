import type { CsvCell } from "~/lib/csv.ts";
import { formatCount, moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import type { PrintBooks, PrintRow } from "~/features/reports/index.ts";
import { AGING_BUCKETS, type AgingBucket } from "~/features/sales/sales.schema.ts";
import type { AgingReport } from "~/features/sales/sales.types.ts";
import { contractorThreshold } from "./contractor-threshold.ts";
import { amount, longDay, yearPeriod, type ContractorPaid, type FiledReturn, type PackagePart, type PackageYear } from "./year-end-parts.ts";

/*
 * The year-end package's other parts (decision 124): what customers owe and what is owed to suppliers at the year's end,
 * the payments to 1099 contractors of the calendar year the fiscal year ends in, and the year's tax returns.
 */

const BUCKET_HEADS: Record<AgingBucket, string> = { current: "Current", "1_30": "1-30 days", "31_60": "31-60 days", "61_90": "61-90 days", over_90: "Over 90" };
const cents = (d: string) => toCents(d) ?? 0n;

/** Receivables or payables at the year's end, every contact with its ages, the total and the control account's balance. */
export function agingPart(report: AgingReport | null, side: "receivable" | "payable", year: PackageYear, books: PrintBooks): PackagePart {
  const f = moneyIn(books.currency);
  const title = side === "receivable" ? "Receivables at year end" : "Payables at year end";
  const rows: PrintRow[] = [];
  const records: CsvCell[][] = [];
  if (!report) rows.push({ kind: "note", text: "These books keep no customers and suppliers." });
  else {
    for (const r of report.rows) {
      rows.push({ kind: "line", depth: 0, cells: [r.contact_name, ...AGING_BUCKETS.map((b) => f.money(r.buckets[b])), f.money(r.total)] });
      records.push([r.contact_name, ...AGING_BUCKETS.map((b) => amount(cents(r.buckets[b]))), amount(cents(r.total))]);
    }
    if (report.rows.length === 0) rows.push({ kind: "note", text: "Nothing was owed on this day." });
    rows.push({ kind: "total", cells: ["Total", ...AGING_BUCKETS.map((b) => f.money(report.totals[b])), f.money(report.totals.total)] });
    records.push(["Total", ...AGING_BUCKETS.map((b) => amount(cents(report.totals[b]))), amount(cents(report.totals.total))]);
    const account = report.control_account;
    rows.push({ kind: "figure", cells: [`${account.code} ${account.name}, balance`, "", "", "", "", "", f.money(account.balance)] });
  }
  return {
    print: {
      title,
      organization: books.name,
      period: `As of ${longDay(year.end)}`,
      columns: [
        { head: "Contact", align: "left", width: 0.28 },
        ...AGING_BUCKETS.map((b) => ({ head: BUCKET_HEADS[b], align: "right" as const, width: 0.12 })),
        { head: "Total", align: "right", width: 0.12 },
      ],
      rows,
    },
    csv: {
      file: side === "receivable" ? "receivables.csv" : "payables.csv",
      header: ["Contact", ...AGING_BUCKETS.map((b) => BUCKET_HEADS[b]), "Total"],
      records,
    },
  };
}

/**
 * The 1099 contractors paid at least the threshold in the calendar year the fiscal year ends in; in books kept in
 * another currency than USD the part says it does not apply.
 */
export function contractorsPart(paid: ContractorPaid[], calendarYear: number, year: PackageYear, books: PrintBooks): PackagePart {
  const f = moneyIn(books.currency);
  const threshold = contractorThreshold(calendarYear);
  const rows: PrintRow[] = [];
  const listed = books.currency === "USD" ? paid.filter((p) => p.paid >= threshold.cents) : [];
  if (books.currency !== "USD")
    rows.push({ kind: "note", text: `Does not apply: these books are kept in ${books.currency}, and 1099 reporting is of payments in US dollars.` });
  else {
    rows.push({
      kind: "note",
      text: `Contacts marked as 1099 contractors paid at least ${f.money(threshold.cents)} in ${calendarYear} (${threshold.source}): payments to suppliers and bank lines matched to their bills, from bank accounts (not cards).`,
    });
    for (const p of listed) rows.push({ kind: "line", depth: 0, cells: [p.name, p.tax_id ?? "", formatCount(p.payments), f.money(p.paid)] });
    if (paid.length === 0) rows.push({ kind: "note", text: "No contact is marked as a 1099 contractor." });
    else rows.push({ kind: "total", cells: ["Total", "", "", f.money(listed.reduce((s, p) => s + p.paid, 0n))] });
    const under = paid.length - listed.length;
    if (under > 0)
      rows.push({
        kind: "note",
        text: `${under} other contractor${under === 1 ? " was" : "s were"} paid less than ${f.money(threshold.cents)} in ${calendarYear}, and ${under === 1 ? "is" : "are"} not listed.`,
      });
  }
  return {
    print: {
      title: "Payments to 1099 contractors",
      organization: books.name,
      period: `Calendar year ${calendarYear} (fiscal year ${year.label})`,
      columns: [
        { head: "Contractor", align: "left", width: 0.4 },
        { head: "Tax id", align: "left", width: 0.2 },
        { head: "Payments", align: "right", width: 0.15 },
        { head: "Paid", align: "right", width: 0.25 },
      ],
      rows,
    },
    csv: {
      file: "contractors_1099.csv",
      header: ["Contractor", "Tax ID", "Payments", "Paid"],
      records: listed.map((p) => [p.name, p.tax_id ?? "", p.payments, amount(p.paid)]),
    },
  };
}

/** The tax returns whose period ends in the year, as filed: period, when and by whom, the settlement entry, the net. */
export function returnsPart(returns: FiledReturn[], year: PackageYear, books: PrintBooks): PackagePart {
  const f = moneyIn(books.currency);
  const rows: PrintRow[] = returns.map((r) => ({
    kind: "line",
    depth: 0,
    cells: [r.name, `${r.period_start} to ${r.period_end}`, `${r.filed_on}${r.filed_by ? `, ${r.filed_by}` : ""}`, r.settlement ?? "", f.money(r.net)],
  }));
  if (returns.length === 0) rows.push({ kind: "note", text: "No tax return was filed for a period ending in the year." });
  else rows.push({ kind: "total", cells: ["Total", "", "", "", f.money(returns.reduce((s, r) => s + r.net, 0n))] });
  return {
    print: {
      title: "Tax returns filed",
      organization: books.name,
      period: yearPeriod(year),
      columns: [
        { head: "Return", align: "left", width: 0.26 },
        { head: "Period", align: "left", width: 0.22 },
        { head: "Filed", align: "left", width: 0.22 },
        { head: "Settlement", align: "left", width: 0.12 },
        { head: "Net", align: "right", width: 0.18 },
      ],
      rows,
    },
    csv: {
      file: "tax_returns.csv",
      header: ["Return", "Period Start", "Period End", "Filed On", "Filed By", "Settlement Entry", "Net"],
      records: returns.map((r) => [r.name, r.period_start, r.period_end, r.filed_on, r.filed_by ?? "", r.settlement ?? "", amount(r.net)]),
    },
  };
}
