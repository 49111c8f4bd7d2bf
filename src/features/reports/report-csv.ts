import type { CsvAmount, CsvCell } from "~/lib/csv.ts";
import type { Report, ReportType } from "./reports.ts";

/** The trial balance's columns: debit and credit, and the balance signed by the account type's rule. */
export const CSV_COLUMNS = ["Account Code", "Account Name", "Account Type", "Debit", "Credit", "Balance"] as const;

/** An amount cell of the CSV: written as a number (decision 082); a blank stays blank. */
const amount = (decimal: string): CsvAmount | "" => (decimal === "" ? "" : { amount: decimal });

/**
 * The report as CSV (for `csvRows`): the trial balance's account rows and total; the Profit & Loss and the Balance
 * Sheet as laid out (a row per heading, account, subtotal and total; a sub-account's name indented), one amount column
 * per period and, with comparisons, each one's change and change in per cent.
 */
export function reportCsv(report: Report): { header: string[]; records: CsvCell[][] } {
  if (report.type === "trial_balance") {
    const records: CsvCell[][] = report.rows.map((r) => [
      r.account_code,
      r.account_name,
      r.account_type,
      amount(r.debit_total),
      amount(r.credit_total),
      amount(r.balance),
    ]);
    records.push(["", "Total", "", amount(report.total_debit), amount(report.total_credit), ""]);
    return { header: [...CSV_COLUMNS], records };
  }
  const [current, ...others] = report.columns;
  const header = [
    "Line",
    "Account Code",
    `${current!.label} (${current!.start === current!.end || report.type === "balance_sheet" ? current!.end : `${current!.start} to ${current!.end}`})`,
    ...others.flatMap((c) => [
      `${c.label} (${report.type === "balance_sheet" ? c.end : `${c.start} to ${c.end}`})`,
      `Change vs ${c.label}`,
      `Change % vs ${c.label}`,
    ]),
  ];
  const records = report.items.map((item): CsvCell[] => {
    const label =
      item.kind === "account" ? `${"  ".repeat(item.level - 1)}${item.label.slice((item.account_code?.length ?? -1) + 1)}` : item.label;
    if (item.kind === "heading") return [label, "", ...header.slice(2).map(() => "")];
    return [
      label,
      item.account_code ?? "",
      amount(item.amounts[0] ?? ""),
      ...others.flatMap((_, i) => {
        const c = item.changes?.[i];
        return [amount(item.amounts[i + 1] ?? ""), amount(c?.amount ?? ""), c?.percent == null ? "" : { amount: c.percent }];
      }),
    ];
  });
  return { header, records };
}

/** `trial_balance_2026-01-01_2026-11-22.csv` */
export function reportFileName(type: ReportType, start: string, end: string): string {
  return `${type}_${start}_${end}.csv`;
}
