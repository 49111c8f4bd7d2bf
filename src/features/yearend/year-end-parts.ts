import { csvAmount, type CsvCell } from "~/lib/csv.ts";
import { moneyIn } from "~/lib/format.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { longDate, type PrintableReport, type PrintBooks, type PrintColumn, type PrintRow } from "~/features/reports/index.ts";

/*
 * The year-end package's parts as printed and as CSV (decision 124), from figures read by year-end-parts.server.ts:
 * the trial balances before and after the adjusting entries, the adjusting entries, the fixed assets. Amounts are cents;
 * a balance is debit positive.
 */

/** A closed fiscal year: named by the calendar year it ends in, its first and last days. */
export interface PackageYear {
  fiscal_year: number;
  start: string;
  end: string;
  label: string;
}

/** One account over the year: before it, the year's debits and credits (closing entries left out), the adjustments'. */
export interface AccountBalance {
  account_id: number;
  code: string;
  name: string;
  type: string;
  detail: string;
  opening: bigint;
  debit: bigint;
  credit: bigint;
  adjusting_debit: bigint;
  adjusting_credit: bigint;
}

export interface AdjustingLine {
  entry_number: string;
  entry_date: string;
  posted_on: string;
  description: string;
  code: string;
  name: string;
  debit: bigint;
  credit: bigint;
}

export interface ContractorPaid {
  contact_id: number;
  name: string;
  tax_id: string | null;
  paid: bigint;
  payments: number;
}

export interface FiledReturn {
  name: string;
  period_start: string;
  period_end: string;
  net: bigint;
  filed_on: string;
  filed_by: string | null;
  settlement: string | null;
}

/** A part of the package: its printed pages, and its CSV in the ZIP (null: the PDF alone holds it, unless `written`). */
export interface PackagePart {
  print: PrintableReport;
  csv: { file: string; header: readonly string[]; records: CsvCell[][] } | null;
  /** A file of the ZIP already written (the general ledger's CSV, written an account at a time). */
  written?: { file: string; text: string };
}

export const amount = (c: bigint) => csvAmount(centsToDecimal(c));
const sum = <T,>(rows: T[], pick: (r: T) => bigint) => rows.reduce((s, r) => s + pick(r), 0n);

export const longDay = longDate;
/** "January 1, 2025 to December 31, 2025" */
export const yearPeriod = (year: PackageYear) => `${longDate(year.start)} to ${longDate(year.end)}`;

export const TRIAL_BALANCE_CSV = [
  "Account Code",
  "Account Name",
  "Account Type",
  "Opening Debit",
  "Opening Credit",
  "Debits",
  "Credits",
  "Closing Debit",
  "Closing Credit",
] as const;

/** The trial balance of the year, after the adjusting entries or before them (without them); the closing entry left out. */
export function trialBalancePart(accounts: AccountBalance[], year: PackageYear, books: PrintBooks, after: boolean): PackagePart {
  const f = moneyIn(books.currency);
  const lines = accounts
    .map((a) => {
      const debit = after ? a.debit : a.debit - a.adjusting_debit;
      const credit = after ? a.credit : a.credit - a.adjusting_credit;
      return { a, debit, credit, closing: a.opening + debit - credit };
    })
    .filter((l) => l.a.opening !== 0n || l.debit !== 0n || l.credit !== 0n);
  const dr = (c: bigint) => (c > 0n ? c : 0n);
  const cr = (c: bigint) => (c < 0n ? -c : 0n);
  const side = (c: bigint) => (c === 0n ? "" : f.money(c));
  const totals = {
    openingDr: sum(lines, (l) => dr(l.a.opening)),
    openingCr: sum(lines, (l) => cr(l.a.opening)),
    debit: sum(lines, (l) => l.debit),
    credit: sum(lines, (l) => l.credit),
    closingDr: sum(lines, (l) => dr(l.closing)),
    closingCr: sum(lines, (l) => cr(l.closing)),
  };
  const column = (head: string): PrintColumn => ({ head, align: "right", width: 0.11 });
  const title = after ? "Trial balance after adjustments" : "Trial balance before adjustments";
  return {
    print: {
      title,
      organization: books.name,
      period: yearPeriod(year),
      columns: [
        { head: "Account", align: "left", width: 0.34 },
        column("Opening Dr"),
        column("Opening Cr"),
        column("Debits"),
        column("Credits"),
        column("Closing Dr"),
        column("Closing Cr"),
      ],
      rows: [
        ...lines.map(
          (l): PrintRow => ({
            kind: "line",
            depth: 1,
            cells: [`${l.a.code} ${l.a.name}`, side(dr(l.a.opening)), side(cr(l.a.opening)), f.money(l.debit), f.money(l.credit), side(dr(l.closing)), side(cr(l.closing))],
          }),
        ),
        {
          kind: "total",
          cells: ["Totals", ...[totals.openingDr, totals.openingCr, totals.debit, totals.credit, totals.closingDr, totals.closingCr].map((c) => f.money(c))],
        },
      ],
    },
    csv: {
      file: after ? "trial_balance_after_adjustments.csv" : "trial_balance_before_adjustments.csv",
      header: TRIAL_BALANCE_CSV,
      records: [
        ...lines.map((l): CsvCell[] => [
          l.a.code,
          l.a.name,
          l.a.type,
          amount(dr(l.a.opening)),
          amount(cr(l.a.opening)),
          amount(l.debit),
          amount(l.credit),
          amount(dr(l.closing)),
          amount(cr(l.closing)),
        ]),
        ["", "Total", "", ...[totals.openingDr, totals.openingCr, totals.debit, totals.credit, totals.closingDr, totals.closingCr].map(amount)],
      ],
    },
  };
}

/** The adjusting entries: each entry a section (number, date, the day it was posted, description), its lines. */
export function adjustingPart(lines: AdjustingLine[], max: number, year: PackageYear, books: PrintBooks): PackagePart {
  const f = moneyIn(books.currency);
  const shown = lines.slice(0, max);
  const rows: PrintRow[] = [];
  let entry = "";
  for (const l of shown) {
    if (l.entry_number !== entry) {
      entry = l.entry_number;
      rows.push({ kind: "section", label: `${l.entry_number} · ${l.entry_date} · posted ${l.posted_on}` });
    }
    rows.push({ kind: "line", depth: 1, cells: [`${l.code} ${l.name}`, l.description, l.debit ? f.money(l.debit) : "", l.credit ? f.money(l.credit) : ""] });
  }
  if (shown.length === 0) rows.push({ kind: "note", text: `No entry dated in the year was posted after ${longDay(year.end)}.` });
  else rows.push({ kind: "total", cells: ["Totals", "", f.money(sum(shown, (l) => l.debit)), f.money(sum(shown, (l) => l.credit))] });
  if (lines.length > max)
    rows.push({ kind: "note", text: `Only the first ${max} lines are listed; the trial balances count every adjusting entry.` });
  rows.unshift({
    kind: "note",
    text: `Entries dated in the year and posted after its last day (${longDay(year.end)}), the year-end closing entry left out.`,
  });
  return {
    print: {
      title: "Adjusting entries",
      organization: books.name,
      period: yearPeriod(year),
      columns: [
        { head: "Account", align: "left", width: 0.34 },
        { head: "Description", align: "left", width: 0.36 },
        { head: "Debit", align: "right", width: 0.15 },
        { head: "Credit", align: "right", width: 0.15 },
      ],
      rows,
    },
    csv: {
      file: "adjusting_entries.csv",
      header: ["Entry", "Date", "Posted", "Account Code", "Account Name", "Description", "Debit", "Credit"],
      records: shown.map((l) => [l.entry_number, l.entry_date, l.posted_on, l.code, l.name, l.description, amount(l.debit), amount(l.credit)]),
    },
  };
}

/** An accumulated depreciation (or amortization) account among the fixed assets: so named, or with a credit balance. */
const CONTRA = /depreciation|amortization|amortisation/i;
export const isAccumulatedDepreciation = (a: AccountBalance) => CONTRA.test(a.name) || a.opening + a.debit - a.credit < 0n;

/**
 * The fixed assets of the year: every account of detail type "fixed_asset", its balance at the year's start, its
 * additions (debits), its disposals and depreciation (credits) and its balance at the year's end; the cost accounts,
 * then the accumulated depreciation, the net book value; the year's depreciation expense (expense accounts so named).
 */
export function fixedAssetsPart(accounts: AccountBalance[], year: PackageYear, books: PrintBooks): PackagePart {
  const f = moneyIn(books.currency);
  const assets = accounts.filter((a) => a.detail === "fixed_asset");
  const end = (a: AccountBalance) => a.opening + a.debit - a.credit;
  const groups: [string, AccountBalance[]][] = [
    ["Cost", assets.filter((a) => !isAccumulatedDepreciation(a))],
    ["Accumulated depreciation", assets.filter(isAccumulatedDepreciation)],
  ];
  const cells = (label: string, start: bigint, debit: bigint, credit: bigint, close: bigint) => [label, f.balance(start), f.money(debit), f.money(credit), f.balance(close)];
  const rows: PrintRow[] = [];
  const records: CsvCell[][] = [];
  for (const [label, list] of groups) {
    if (list.length === 0) continue;
    rows.push({ kind: "section", label });
    for (const a of list) {
      rows.push({ kind: "line", depth: 1, cells: cells(`${a.code} ${a.name}`, a.opening, a.debit, a.credit, end(a)) });
      records.push([label, a.code, a.name, amount(a.opening), amount(a.debit), amount(a.credit), amount(end(a))]);
    }
    rows.push({ kind: "subtotal", cells: cells(`Total ${label.toLowerCase()}`, sum(list, (a) => a.opening), sum(list, (a) => a.debit), sum(list, (a) => a.credit), sum(list, end)) });
  }
  if (assets.length === 0) rows.push({ kind: "note", text: "No account of the chart is a fixed asset." });
  else rows.push({ kind: "total", cells: ["Net book value", f.balance(sum(assets, (a) => a.opening)), "", "", f.balance(sum(assets, end))] });
  const expense = accounts.filter((a) => a.type === "Expense" && CONTRA.test(a.name));
  const charged = sum(expense, (a) => a.debit - a.credit);
  rows.push({ kind: "figure", cells: ["Depreciation expense for the year", "", "", "", f.money(charged)] });
  return {
    print: {
      title: "Fixed assets and depreciation",
      organization: books.name,
      period: yearPeriod(year),
      columns: [
        { head: "Account", align: "left" as const, width: 0.32 },
        { head: "Start of year", align: "right", width: 0.17 },
        { head: "Additions", align: "right", width: 0.17 },
        { head: "Disposals, depreciation", align: "right", width: 0.17 },
        { head: "End of year", align: "right", width: 0.17 },
      ],
      rows,
    },
    csv: {
      file: "fixed_assets.csv",
      header: ["Section", "Account Code", "Account Name", "Start of Year", "Additions", "Disposals and Depreciation", "End of Year"],
      records: [...records, ["Depreciation expense", "", "", "", "", "", amount(charged)]],
    },
  };
}
