import { sql } from "drizzle-orm";
import { csvAmount, csvRows } from "~/lib/csv.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { drawFacts, drawTableRow, renderPdf, type PdfColumn } from "~/server/pdf.server.ts";
import { notFound } from "./accounting-errors.server.ts";
import type { BankAccount, ReconciliationRecord } from "./bank.types.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { reconciliationRecord, type ReconciledItem as Item, type ReconciledItems } from "./bank-reconcile.server.ts";
import { moneyIn } from "~/lib/format.ts";
import { toCents } from "./money.ts";
import type { Membership } from "./organizations.server.ts";

/* The report of a finished reconciliation, as a PDF and as a CSV: the balances, what it cleared and what stayed open. */

export interface ReconciliationReport {
  organization: string;
  account: BankAccount;
  record: ReconciliationRecord;
  cleared: Item[];
  uncleared: Item[];
}

export async function reconciliationReport(db: Db, m: Membership, bankId: number, id: number): Promise<ReconciliationReport> {
  const account = await getBankAccount(db, m, bankId);
  const record = await reconciliationRecord(db, bankId, id);
  if (!record) throw notFound("Reconciliation");
  const [row] = await queryRows<{ items: ReconciledItems | string }>(db, sql`select items from bank_reconciliations where id = ${id}`);
  const items = typeof row!.items === "string" ? (JSON.parse(row!.items) as ReconciledItems) : row!.items;
  return { organization: m.organizationName, account, record, ...items };
}

const sum = (items: Item[]) => items.reduce((s, i) => s + toCents(i.amount)!, 0n);

export function reconciliationCsv(r: ReconciliationReport): string {
  const head: [string, string][] = [
    ["Organization", r.organization],
    ["Bank account", `${r.account.name} (${r.account.account_code} ${r.account.account_name})`],
    ["Statement date", r.record.statement_date],
    ["Statement balance", r.record.statement_balance],
    ["Book balance", r.record.book_balance],
    ["Finished by", `${r.record.finished_by ?? ""} ${r.record.finished_at.slice(0, 19)}`],
  ];
  const rows = [
    ...head.map(([k, v]) => [k, v, "", "", "", ""]),
    ...r.cleared.map((i) => ["Cleared", i.date, i.entry_number, i.description, i.statement_text ?? "", csvAmount(i.amount)]),
    ...r.uncleared.map((i) => ["Uncleared", i.date, i.entry_number, i.description, "", csvAmount(i.amount)]),
  ];
  return `${csvRows(["section", "date", "entry", "description", "statement text", "amount"], rows)}\r\n`;
}

export function reconciliationPdf(r: ReconciliationReport): ReadableStream<Uint8Array> {
  const { money } = moneyIn(r.account.currency);
  const info = { Title: `Bank reconciliation ${r.account.name} ${r.record.statement_date}`, Author: r.organization };
  return renderPdf({ margin: 50, info, bufferPages: true }, async (doc, { left, width }, pause) => {
    doc.font("Helvetica-Bold").fontSize(16).text(r.organization);
    doc.font("Helvetica").fontSize(12).text(`Bank reconciliation: ${r.account.name}, statement of ${r.record.statement_date}`);
    doc.fontSize(10).moveDown(0.5);
    const facts: [string, string][] = [
      ["Ledger account", `${r.account.account_code} ${r.account.account_name}`],
      ["Statement closing balance", money(r.record.statement_balance)],
      ["Cleared balance", money(r.record.statement_balance)],
      ["Book balance", money(r.record.book_balance)],
      ["Difference", money("0.00")],
      [
        "Finished",
        `${r.record.finished_at.slice(0, 16)} by ${r.record.finished_by ?? "a former member"}${r.record.undone_at ? ` (undone ${r.record.undone_at.slice(0, 16)})` : ""}`,
      ],
    ];
    drawFacts(doc, facts);
    const cols: PdfColumn[] = [
      { title: "Date", x: left, w: 70, align: "left" },
      { title: "Entry", x: left + 70, w: 70, align: "left" },
      { title: "Description", x: left + 140, w: width - 240, align: "left" },
      { title: "Amount", x: left + width - 100, w: 100, align: "right" },
    ];
    const row = (values: string[], bold = false) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 40) {
        doc.addPage();
        row(
          cols.map((c) => c.title),
          true,
        );
      }
      drawTableRow(doc, cols, values, { bold, gap: 3 });
    };
    const section = async (title: string, items: Item[]) => {
      doc.moveDown().font("Helvetica-Bold").fontSize(11).text(title, left).fontSize(9);
      row(
        cols.map((c) => c.title),
        true,
      );
      for (const i of items) {
        await pause();
        row([i.date, i.entry_number, i.statement_text ? `${i.description} (${i.statement_text})` : i.description, money(i.amount)]);
      }
      row(["", "", `Total (${items.length})`, money(sum(items))], true);
    };
    await section("Cleared in this reconciliation", r.cleared);
    await section(`Uncleared up to ${r.record.statement_date}`, r.uncleared);
    const range = doc.bufferedPageRange();
    for (let p = range.start; p < range.start + range.count; p++) {
      doc.switchToPage(p);
      doc
        .font("Helvetica")
        .fontSize(8)
        .text(`Page ${p + 1} of ${range.count}`, left, doc.page.height - 35, { width, align: "right", lineBreak: false });
    }
  });
}
