import { sql } from "drizzle-orm";
import { csvAmount, csvRows, type CsvCell } from "~/lib/csv.ts";
import { formatCount, moneyIn } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { BankAccount, ReconciliationRecord } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { reconciliationRecord, type ReconciledItem as Item, type ReconciledItems } from "./bank-reconcile.server.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { reportPdf } from "~/features/reports/index.server.ts";
import {
  longDate,
  MAX_PRINTED_LINES,
  printBooks,
  printedLinesMessage,
  type PrintableReport,
  type PrintBooks,
  type PrintRow,
} from "~/features/reports/index.ts";

/*
 * The report of a finished reconciliation, as a PDF and as a CSV: a summary (the statement's opening, the deposits and
 * payments it cleared, its closing, what the books hold that the statement does not yet, the book balance), then what
 * it cleared and what stayed open, as kept when it was finished.
 */

export interface ReconciliationReport {
  books: PrintBooks;
  account: BankAccount;
  record: ReconciliationRecord;
  cleared: Item[];
  uncleared: Item[];
  /** The statement's opening as kept with the reconciliation (none before it was kept, or for a start from 0.00). */
  opening: { date: string; balance: string } | null;
}

/** What to do instead of printing a reconciliation of too many items. */
const TOO_LONG_ADVICE = "Download the CSV instead.";

/**
 * A finished reconciliation of the account. For print (`printed`), its items are counted first: more than
 * MAX_PRINTED_LINES is a 400 before they are read.
 */
export async function reconciliationReport(
  db: Db,
  m: Membership,
  bankId: number,
  id: number,
  { printed = false } = {},
): Promise<ReconciliationReport> {
  const account = await getBankAccount(db, m, bankId);
  const record = await reconciliationRecord(db, bankId, id);
  if (!record) throw notFound("Reconciliation");
  if (printed) {
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select (coalesce(jsonb_array_length(items -> 'cleared'), 0) + coalesce(jsonb_array_length(items -> 'uncleared'), 0))::integer as n
            from bank_reconciliations where id = ${id}`,
    );
    const n = Number(counted!.n);
    if (n > MAX_PRINTED_LINES) {
      const message = printedLinesMessage(n, TOO_LONG_ADVICE);
      throw invalidInput({ reconciliationId: message }, message);
    }
  }
  const [row] = await queryRows<{ items: Partial<ReconciledItems> | string }>(
    db,
    sql`select items from bank_reconciliations where id = ${id}`,
  );
  const items = typeof row!.items === "string" ? (JSON.parse(row!.items) as Partial<ReconciledItems>) : row!.items;
  return {
    books: printBooks(m),
    account,
    record,
    cleared: items.cleared ?? [],
    uncleared: items.uncleared ?? [],
    opening: items.opening ?? null,
  };
}

const sum = (items: Item[]) => items.reduce((s, i) => s + toCents(i.amount)!, 0n);

/** The summary's figures, in cents; they add up: opening + deposits + payments = closing, closing + uncleared + start = book. */
export interface ReconciliationSummary {
  opening: { date: string | null; cents: bigint };
  deposits: { count: number; cents: bigint };
  payments: { count: number; cents: bigint };
  closing: bigint;
  uncleared: { count: number; cents: bigint };
  /** What the books held before the statement's opening less that opening (0 when they agreed). */
  start: bigint;
  book: bigint;
}

export function reconciliationSummary(r: ReconciliationReport): ReconciliationSummary {
  const deposits = r.cleared.filter((i) => toCents(i.amount)! >= 0n);
  const payments = r.cleared.filter((i) => toCents(i.amount)! < 0n);
  const closing = toCents(r.record.statement_balance)!;
  // The opening kept with the reconciliation; before one was kept, where the cleared items start from to reach its closing.
  const cleared = sum(r.cleared);
  const kept = r.opening ? toCents(r.opening.balance)! : null;
  const opening = kept !== null && kept + cleared === closing ? kept : closing - cleared;
  const book = toCents(r.record.book_balance)!;
  const uncleared = sum(r.uncleared);
  return {
    opening: { date: r.opening?.date ?? null, cents: opening },
    deposits: { count: deposits.length, cents: sum(deposits) },
    payments: { count: payments.length, cents: sum(payments) },
    closing,
    uncleared: { count: r.uncleared.length, cents: uncleared },
    start: book - closing - uncleared,
    book,
  };
}

export function reconciliationCsv(r: ReconciliationReport): string {
  const s = reconciliationSummary(r);
  const amount = (cents: bigint) => csvAmount(centsToDecimal(cents));
  const head: [string, CsvCell][] = [
    ["Organization", r.books.name],
    ["Bank account", `${r.account.name} (${r.account.account_code} ${r.account.account_name})`],
    ["Statement date", r.record.statement_date],
    ["Statement opening balance", amount(s.opening.cents)],
    ["Cleared deposits", amount(s.deposits.cents)],
    ["Cleared payments", amount(s.payments.cents)],
    ["Statement balance", csvAmount(r.record.statement_balance)],
    ["Uncleared items", amount(s.uncleared.cents)],
    ...(s.start === 0n ? [] : [["Difference at the start (books less statement)", amount(s.start)] satisfies [string, CsvCell]]),
    ["Book balance", csvAmount(r.record.book_balance)],
    ["Finished by", `${r.record.finished_by ?? ""} ${r.record.finished_at.slice(0, 19)}`],
  ];
  const rows = [
    ...head.map(([k, v]) => [k, v, "", "", "", ""]),
    ...r.cleared.map((i) => ["Cleared", i.date, i.entry_number, i.description, i.statement_text ?? "", csvAmount(i.amount)]),
    ...r.uncleared.map((i) => ["Uncleared", i.date, i.entry_number, i.description, "", csvAmount(i.amount)]),
  ];
  return `${csvRows(["section", "date", "entry", "description", "statement text", "amount"], rows)}\r\n`;
}

/** An item's text: its description, and the statement's text only where it says something the description does not. */
function itemText(i: Item): string {
  const own = i.description.trim();
  const bank = i.statement_text?.trim() ?? "";
  return bank === "" || own.toLowerCase().includes(bank.toLowerCase()) ? own : `${own} (bank: ${bank})`;
}

/** The reconciliation as printed: the summary, then the cleared deposits, the cleared payments and the uncleared items. */
export function reconciliationPrint(r: ReconciliationReport): PrintableReport {
  const { money } = moneyIn(r.books.currency);
  const s = reconciliationSummary(r);
  const date = r.record.statement_date;
  const counted = (label: string, n: number) => `${label} (${formatCount(n)})`;
  const finished = `Finished ${r.record.finished_at.slice(0, 16)} by ${r.record.finished_by ?? "a former member"}`;
  const undone = r.record.undone_at ? `, undone ${r.record.undone_at.slice(0, 16)}` : "";
  const list = (title: string, items: Item[], total: string): PrintRow[] => [
    { kind: "section", label: title },
    ...(items.length === 0
      ? [{ kind: "note", text: "None." } as const]
      : items.map((i): PrintRow => ({ kind: "line", depth: 0, cells: [i.date, i.entry_number, itemText(i), money(i.amount)] }))),
    { kind: "subtotal", cells: ["", "", counted(total, items.length), money(sum(items))] },
  ];
  const deposits = r.cleared.filter((i) => toCents(i.amount)! >= 0n);
  const payments = r.cleared.filter((i) => toCents(i.amount)! < 0n);
  return {
    title: "Bank Reconciliation",
    organization: r.books.name,
    period: `${r.account.name} (${r.account.account_code} ${r.account.account_name}), statement of ${longDate(date)}`,
    columns: [
      { head: "Date", align: "left", width: 0.13 },
      { head: "Entry", align: "left", width: 0.13 },
      { head: "Description", align: "left", width: 0.54 },
      { head: "Amount", align: "right", width: 0.2 },
    ],
    rows: [
      { kind: "note", text: `Difference ${money(0n)} · ${finished}${undone}` },
      { kind: "section", label: "Summary" },
      { kind: "figure", cells: [s.opening.date ?? "", "", "Statement opening balance", money(s.opening.cents)] },
      { kind: "figure", cells: ["", "", counted("Cleared deposits", s.deposits.count), money(s.deposits.cents)] },
      { kind: "figure", cells: ["", "", counted("Cleared payments", s.payments.count), money(s.payments.cents)] },
      { kind: "subtotal", cells: [date, "", "Statement closing balance", money(s.closing)] },
      { kind: "figure", cells: ["", "", counted("Uncleared items in the books", s.uncleared.count), money(s.uncleared.cents)] },
      ...(s.start === 0n
        ? []
        : [{ kind: "figure", cells: ["", "", "Difference at the start (books less statement)", money(s.start)] } satisfies PrintRow]),
      { kind: "total", cells: [date, "", "Book balance", money(s.book)] },
      ...list("Cleared deposits", deposits, "Total cleared deposits"),
      ...list("Cleared payments", payments, "Total cleared payments"),
      ...list(`Uncleared items: in the books up to ${date}, not yet on the statement`, r.uncleared, "Total uncleared items"),
    ],
  };
}

export function reconciliationPdf(r: ReconciliationReport): ReadableStream<Uint8Array> {
  return reportPdf(reconciliationPrint(r));
}
