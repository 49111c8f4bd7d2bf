import { drawFacts, drawTableRow, renderPdf, type PdfColumn } from "~/server/pdf.server.ts";
import type { EntryDetails } from "./journal-entries.server.ts";
import { moneyIn } from "~/lib/format.ts";

/** The entry as a one-document PDF: header, lines with totals, and its audit trail. */
export function entryPdf(entry: EntryDetails, organizationName: string, currency: string): ReadableStream<Uint8Array> {
  const { money } = moneyIn(currency);
  const info = { Title: `Journal entry ${entry.entry_number}`, Author: organizationName };
  return renderPdf({ margin: 50, info }, async (doc, { left, width }, pause) => {
    doc.font("Helvetica-Bold").fontSize(16).text(organizationName);
    doc.font("Helvetica").fontSize(12).text(`Journal entry ${entry.entry_number}`);
    doc.moveDown(0.5);
    const facts: [string, string][] = [
      ["Date", entry.entry_date],
      ["Status", entry.status === "posted" ? "Posted" : "Draft"],
      ["Description", entry.description],
      ["Reference", entry.reference ?? ""],
      ["Total", money(entry.total_amount)],
    ];
    if (entry.reversal_of_number) facts.push(["Reverses", entry.reversal_of_number]);
    if (entry.reversed_by_number) facts.push(["Reversed by", entry.reversed_by_number]);
    doc.fontSize(10);
    drawFacts(doc, facts);
    doc.moveDown();

    const cols: PdfColumn[] = [
      { title: "Account", x: left, w: width * 0.4, align: "left" },
      { title: "Description", x: left + width * 0.4, w: width * 0.3, align: "left" },
      { title: "Debit", x: left + width * 0.7, w: width * 0.15, align: "right" },
      { title: "Credit", x: left + width * 0.85, w: width * 0.15, align: "right" },
    ];
    const row = (values: string[], bold = false) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
      drawTableRow(doc, cols, values, { bold });
    };
    row(
      cols.map((c) => c.title),
      true,
    );
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .stroke();
    for (const l of entry.lines) {
      await pause();
      row([
        `${l.account_code} ${l.account_name}`,
        l.description ?? "",
        l.debit_amount !== "0.00" ? money(l.debit_amount) : "",
        l.credit_amount !== "0.00" ? money(l.credit_amount) : "",
      ]);
    }
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .stroke();
    row(["Total", "", money(entry.total_amount), money(entry.total_amount)], true);

    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(11).text("Audit trail", left);
    doc.font("Helvetica").fontSize(10);
    for (const a of entry.audit) {
      await pause();
      const when = new Date(a.at).toISOString().replace("T", " ").slice(0, 19) + " UTC";
      doc.text(`${when}  ${a.action}${a.user_name ? ` by ${a.user_name}` : ""}${a.detail ? ` (${a.detail})` : ""}`);
    }
  });
}
