import type { CsvCell } from "~/lib/csv.ts";
import { moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import type { PrintBooks, PrintableReport, PrintRow } from "~/features/reports/index.ts";
import { CASH_BASIS_NOTE, UNPAID_TAX_LABEL, type TaxReturnBox, type TaxReturnPart, type TaxReturnReport } from "./tax-return.types.ts";

/*
 * A tax return as printed and as CSV (decision 112): the boxes with their base and tax, the corrections of filed
 * periods, the figures per code and part, the net, and the reconciliation with the tax accounts (on the cash basis with
 * the tax of the invoices and bills still unpaid).
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const longDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
};

/** "Net payable" or "Net refundable", by the net's sign. */
export const netLabel = (net: string) => ((toCents(net) ?? 0n) < 0n ? "Net refundable" : "Net payable");
const abs = (d: string) => d.replace(/^-/, "");
/** A code's part as the return names it, on screen, on paper and in the CSV: "Los Angeles County (due)". */
export const partLabel = (p: Pick<TaxReturnPart, "name" | "role">) => `${p.name} (${p.role})`;

const COLUMNS = [
  { head: "Box", align: "left" as const, width: 0.12 },
  { head: "Description", align: "left" as const, width: 0.5 },
  { head: "Base", align: "right" as const, width: 0.19 },
  { head: "Tax", align: "right" as const, width: 0.19 },
];

/** The return's boxes, corrections, codes and net as one printable report; `notes` are written at its end. */
export function taxReturnPrint(r: TaxReturnReport, books: PrintBooks, title = "Tax return", notes: string[] = []): PrintableReport {
  const f = moneyIn(books.currency);
  const box = (b: TaxReturnBox): PrintRow => ({ kind: "line", depth: 1, cells: [b.box, b.label ?? "", f.money(b.base), f.money(b.tax)] });
  const rows: PrintRow[] = [{ kind: "section", label: "Boxes" }, ...r.boxes.map(box)];
  if (r.corrections.length) rows.push({ kind: "section", label: "Corrections" }, ...r.corrections.map(box));
  rows.push({ kind: "section", label: "By tax code" });
  for (const c of r.codes) {
    rows.push({ kind: "line", depth: 1, cells: [c.code, c.name, f.money(c.base), ""] });
    for (const p of c.parts) rows.push({ kind: "line", depth: 2, cells: ["", partLabel(p), f.money(p.base), f.money(p.tax)] });
  }
  rows.push(
    { kind: "subtotal", cells: ["", "Tax due", "", f.money(r.due)] },
    { kind: "subtotal", cells: ["", "Tax deductible", "", f.money(r.deductible)] },
    { kind: "total", cells: ["", netLabel(r.net), "", f.money(abs(r.net))] },
  );
  if (r.basis === "cash") rows.push({ kind: "note", text: CASH_BASIS_NOTE });
  for (const text of notes) rows.push({ kind: "note", text });
  return { title, organization: books.name, period: `${longDate(r.from)} to ${longDate(r.to)}`, columns: COLUMNS, rows };
}

/** The tax accounts' movement beside the return's tax on them (on the cash basis, their balance and the unpaid tax). */
export function taxReconciliationPrint(r: TaxReturnReport, books: PrintBooks): PrintableReport {
  const f = moneyIn(books.currency);
  if (r.basis === "cash") return cashReconciliationPrint(r, books);
  return {
    title: "Tax accounts reconciliation",
    organization: books.name,
    period: `${longDate(r.from)} to ${longDate(r.to)}`,
    columns: [
      { head: "Account", align: "left", width: 0.4 },
      { head: "Movement", align: "right", width: 0.2 },
      { head: "Return tax", align: "right", width: 0.2 },
      { head: "Difference", align: "right", width: 0.2 },
    ],
    rows: [
      ...r.reconciliation.map((a): PrintRow => ({
        kind: "line",
        depth: 0,
        cells: [`${a.account_code} ${a.account_name}`, f.money(a.movement), f.money(a.return_tax), f.money(a.difference)],
      })),
      { kind: "note", text: "Debit positive. A difference is an amount posted to the tax account without a tax code." },
    ],
  };
}

function cashReconciliationPrint(r: TaxReturnReport, books: PrintBooks): PrintableReport {
  const f = moneyIn(books.currency);
  return {
    title: "Tax accounts reconciliation",
    organization: books.name,
    period: `${longDate(r.from)} to ${longDate(r.to)}`,
    columns: [
      { head: "Account", align: "left", width: 0.25 },
      { head: "Balance", align: "right", width: 0.15 },
      { head: "Return tax", align: "right", width: 0.15 },
      { head: "Unpaid", align: "right", width: 0.15 },
      { head: "Earlier", align: "right", width: 0.15 },
      { head: "Difference", align: "right", width: 0.15 },
    ],
    rows: [
      ...r.reconciliation.map((a): PrintRow => ({
        kind: "line",
        depth: 0,
        cells: [
          `${a.account_code} ${a.account_name}`,
          f.money(a.cash?.balance ?? a.movement),
          f.money(a.return_tax),
          f.money(a.cash?.unpaid ?? "0.00"),
          f.money(a.cash?.earlier ?? "0.00"),
          f.money(a.difference),
        ],
      })),
      { kind: "note", text: `Debit positive. Balance on ${longDate(r.to)}, before the settlement of this period's return.` },
      { kind: "note", text: `Unpaid: ${UNPAID_TAX_LABEL}, on ${longDate(r.to)}.` },
      {
        kind: "note",
        text: "Earlier: left in the account from before the period (not settled by a filed return, or posted without a tax code).",
      },
      {
        kind: "note",
        text: "Difference: posted to the account in the period without a tax code. Balance = return tax + unpaid + earlier + difference.",
      },
    ],
  };
}

/** The month-end pack's page: the boxes with base and tax, and the net. */
export function taxSummaryPrint(r: TaxReturnReport, books: PrintBooks): PrintableReport {
  const f = moneyIn(books.currency);
  const line = (b: TaxReturnBox): PrintRow => ({ kind: "line", depth: 1, cells: [b.box, b.label ?? "", f.money(b.base), f.money(b.tax)] });
  const rows: PrintRow[] = [{ kind: "section", label: "Boxes" }, ...r.boxes.map(line)];
  if (r.corrections.length) rows.push({ kind: "section", label: "Corrections" }, ...r.corrections.map(line));
  rows.push({ kind: "total", cells: ["", netLabel(r.net), "", f.money(abs(r.net))] });
  return { title: "Tax summary", organization: books.name, period: `${longDate(r.from)} to ${longDate(r.to)}`, columns: COLUMNS, rows };
}

/** The return as CSV rows: a row per box (its group), per code and part, the totals, and the tax accounts. */
export function taxReturnCsv(r: TaxReturnReport): { header: string[]; records: CsvCell[][] } {
  const amount = (d: string): CsvCell => ({ amount: d });
  const records: CsvCell[][] = [];
  if (r.basis === "cash") records.push(["Basis", "", CASH_BASIS_NOTE, "", "", ""]);
  for (const b of r.boxes) records.push(["Box", b.box, b.label ?? "", amount(b.base), amount(b.tax), ""]);
  for (const b of r.corrections) records.push(["Correction", b.box, b.label ?? "", amount(b.base), amount(b.tax), ""]);
  for (const c of r.codes) {
    records.push(["Code", c.code, c.name, amount(c.base), "", ""]);
    for (const p of c.parts) records.push(["Part", `${c.code}/${p.part_no}`, partLabel(p), amount(p.base), amount(p.tax), ""]);
  }
  records.push(["Total", "", "Tax due", "", amount(r.due), ""]);
  records.push(["Total", "", "Tax deductible", "", amount(r.deductible), ""]);
  records.push(["Total", "", "Net payable (negative: refundable)", "", amount(r.net), ""]);
  for (const a of r.reconciliation) {
    records.push(["Account", a.account_code, a.account_name, amount(a.movement), amount(a.return_tax), amount(a.difference)]);
    if (!a.cash) continue;
    records.push(["Unpaid", a.account_code, UNPAID_TAX_LABEL, amount(a.cash.unpaid), "", ""]);
    records.push([
      "Unpaid at start",
      a.account_code,
      `${UNPAID_TAX_LABEL}, the day before the period`,
      amount(a.cash.unpaid_start),
      "",
      "",
    ]);
    records.push(["Earlier", a.account_code, "Left from before the period, not settled by a filed return", amount(a.cash.earlier), "", ""]);
    records.push(["Balance", a.account_code, "Balance = return tax + unpaid + earlier + difference", amount(a.cash.balance), "", ""]);
  }
  return { header: ["Kind", "Box or code", "Description", "Base or movement", "Tax", "Difference"], records };
}
