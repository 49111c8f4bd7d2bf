import { moneyIn } from "~/lib/format.ts";
import type { PrintColumn, PrintRow, PrintableReport } from "./report-print.types.ts";

/** What the printed statement needs of a laid-out statement (Profit & Loss, Balance Sheet): its columns and items. */
export interface LaidOutStatement {
  columns: { label: string }[];
  items: {
    kind: "heading" | "account" | "line" | "subtotal" | "total";
    label: string;
    /** Accounts: 1 at the top of their section, 2 for a sub-account…; other items 0. */
    level: number;
    account_code?: string;
    amounts: string[];
    changes?: { amount: string; percent: string | null }[];
  }[];
}

/** Whether a report carries the laid-out statement (its items), rather than only its account lists. */
export function isLaidOut(report: object): report is LaidOutStatement {
  const r = report as Partial<LaidOutStatement>;
  return Array.isArray(r.items) && Array.isArray(r.columns) && r.columns.length > 0;
}

/** An item's text: an account's code before its name unless the label already starts with it. */
export function itemLabel(item: Pick<LaidOutStatement["items"][number], "label" | "account_code">): string {
  return item.account_code && !item.label.startsWith(item.account_code) ? `${item.account_code} ${item.label}` : item.label;
}

const percent = (p: string | null) => (p === null ? "n/a" : `${p}%`);

/**
 * A laid-out statement as printed: its sections, each account indented by its level (a sub-account under its parent),
 * subtotals and totals; beside comparison columns, the change from each and the change in per cent.
 */
export function laidOutPrint(
  statement: LaidOutStatement,
  head: { title: string; organization: string; period: string; currency: string },
): PrintableReport {
  const { money } = moneyIn(head.currency);
  const [current, ...others] = statement.columns;
  const compared = others.length > 0;
  const amountHeads = [...statement.columns.map((c) => c.label), ...others.flatMap((c) => [`Change from ${c.label}`, `% from ${c.label}`])];
  const share = Math.min(0.13, 0.7 / amountHeads.length);
  const columns: PrintColumn[] = [
    { head: "Account", align: "left", width: 1 - share * amountHeads.length },
    ...amountHeads.map((h): PrintColumn => ({ head: h, align: "right", width: share })),
  ];
  const cells = (item: LaidOutStatement["items"][number]) => [
    itemLabel(item),
    ...item.amounts.map((a) => (a === "" ? "" : money(a))),
    ...(compared
      ? others.flatMap((_, i) => (item.changes?.[i] ? [money(item.changes[i].amount), percent(item.changes[i].percent)] : ["", ""]))
      : []),
  ];
  const rows = statement.items.map((item): PrintRow => {
    if (item.kind === "heading") return { kind: "section", label: item.label };
    if (item.kind === "subtotal" || item.kind === "total") return { kind: item.kind, cells: cells(item) };
    return { kind: "line", cells: cells(item), depth: Math.max(1, item.level) };
  });
  const period = compared ? `${head.period}, compared with ${others.map((c) => c.label).join(" and ")}` : head.period;
  return { title: head.title, organization: head.organization, period: current ? period : head.period, columns, rows };
}
