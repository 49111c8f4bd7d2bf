import { counterLabel, type GeneralLedger, type GeneralLedgerLine } from "./general-ledger.ts";
import { moneyIn } from "~/lib/format.ts";
import { periodText, type PrintBooks, type PrintableReport, type PrintRow } from "./report-print.ts";

type PrintedLedger = Pick<
  GeneralLedger,
  "account" | "start" | "end" | "opening_balance" | "debit_total" | "credit_total" | "closing_balance"
>;

/**
 * The general ledger as printed, of one account or of several (every account with lines in the period): each account
 * a section, its opening balance at the start date, every posted line (date, entry, description, counter-account, tax
 * code, debit, credit, running balance), and its closing balance with the period's debits and credits.
 */
export function generalLedgersPrint(
  ledgers: { ledger: PrintedLedger; lines: GeneralLedgerLine[] }[],
  period: { start: string; end: string },
  books: PrintBooks,
): PrintableReport {
  const { money, balance } = moneyIn(books.currency);
  const side = (decimal: string) => (decimal === "0.00" ? "" : money(decimal));
  const section = (ledger: PrintedLedger, lines: GeneralLedgerLine[]): PrintRow[] => [
    { kind: "section", label: `${ledger.account.account_code} ${ledger.account.account_name}` },
    { kind: "subtotal", cells: [ledger.start, "", "Opening balance", "", "", "", "", balance(ledger.opening_balance)] },
    ...(lines.length === 0 ? [{ kind: "note", text: "No posted lines in the period." } as const] : []),
    ...lines.map((l): PrintRow => ({
      kind: "line",
      depth: 0,
      cells: [
        l.entry_date,
        l.entry_number,
        l.line_description || l.description,
        counterLabel(l),
        l.tax_code ?? "",
        side(l.debit_amount),
        side(l.credit_amount),
        balance(l.balance),
      ],
    })),
    {
      kind: "total",
      cells: [
        ledger.end,
        "",
        "Closing balance",
        "",
        "",
        money(ledger.debit_total),
        money(ledger.credit_total),
        balance(ledger.closing_balance),
      ],
    },
  ];
  const rows = ledgers.flatMap(({ ledger, lines }) => section(ledger, lines));
  return {
    title: "General Ledger",
    organization: books.name,
    period: periodText(period.start, period.end),
    columns: [
      { head: "Date", align: "left", width: 0.1 },
      { head: "Entry", align: "left", width: 0.09 },
      { head: "Description", align: "left", width: 0.22 },
      { head: "Counter account", align: "left", width: 0.17 },
      { head: "Tax", align: "left", width: 0.06 },
      { head: "Debit", align: "right", width: 0.12 },
      { head: "Credit", align: "right", width: 0.12 },
      { head: "Balance", align: "right", width: 0.12 },
    ],
    rows: rows.length > 0 ? rows : [{ kind: "note", text: "No posted lines in the period." }],
  };
}

/** One account's general ledger as printed. */
export function generalLedgerPrint(ledger: PrintedLedger, lines: GeneralLedgerLine[], books: PrintBooks): PrintableReport {
  return generalLedgersPrint([{ ledger, lines }], ledger, books);
}
