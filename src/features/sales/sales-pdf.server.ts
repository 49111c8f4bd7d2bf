import { formatLongDate, moneyIn, type MoneyFormat } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { INK, MUTED, renderPdf, type PdfColumn } from "~/server/pdf.server.ts";
import { KIND_LABELS, quantityText } from "./document-math.ts";
import { AGING_BUCKETS, sideOfKind, type AgingBucket } from "./sales.schema.ts";
import type { DocumentDetails, Statement } from "./sales.types.ts";
import type { Branding } from "./company-branding.server.ts";
import { MARGIN, drawFooters, drawHead, drawParty, drawTotals, rule, table, unitPriceText } from "./sales-pdf-parts.server.ts";

/*
 * The documents the books send out, as PDFs (decision 116): an invoice, a credit note, a bill or a supplier credit, and
 * a contact's statement. Each opens with the business that keeps the books (the organization's name, its address and
 * logo: migration 0050), then the contact, then the figures, in the books' currency. Drawn through the one PDF path
 * (renderPdf, US Letter, Helvetica); the pages are kept until the end to write "Page n of N" at their foot (a
 * document has at most 500 lines, a statement a period's lines).
 */

const OWED_LABEL = {
  invoice: "Amount due",
  bill: "Amount due",
  credit_note: "Credit remaining",
  supplier_credit: "Credit remaining",
} as const;

/** The file a document downloads as: "INV-0001.pdf", a draft "invoice-draft-12.pdf". */
export const documentFileName = (d: Pick<DocumentDetails, "id" | "kind" | "number">): string =>
  `${(d.number ?? `${d.kind.replace("_", "-")}-draft-${d.id}`).replace(/[^A-Za-z0-9_.-]/g, "_")}.pdf`;

/** The title of a document as its reader sees it: "Invoice INV-0001", "Draft invoice". */
export const documentTitle = (d: Pick<DocumentDetails, "kind" | "number">): string =>
  d.number ? `${KIND_LABELS[d.kind]} ${d.number}` : `Draft ${KIND_LABELS[d.kind].toLowerCase()}`;

/**
 * One document as a PDF: the business, the contact (billed to, or the supplier of a bill), the number and dates, the
 * lines with quantity, unit price, discount and tax code, the totals with the tax of each code, what was paid and what
 * is still owed. A draft says so; a void document says it was voided.
 */
export function documentPdf(
  d: DocumentDetails,
  contact: { name: string; address: string | null },
  b: Branding,
): ReadableStream<Uint8Array> {
  const fmt: MoneyFormat = moneyIn(b.currency);
  const money = fmt.money;
  const title = documentTitle(d);
  const info = { Title: `${title} · ${b.name}`, Author: b.name };
  return renderPdf({ margin: MARGIN, info, bufferPages: true }, async (doc, frame, pause) => {
    const { left, width } = frame;
    const facts: [string, string][] = [
      ["Number", d.number ?? "Draft"],
      ["Date", formatLongDate(d.issue_date)],
      ["Due", formatLongDate(d.due_date)],
    ];
    if (d.reference) facts.push([d.kind === "bill" || d.kind === "supplier_credit" ? "Supplier's number" : "Reference", d.reference]);
    drawHead(doc, frame, b, KIND_LABELS[d.kind], facts);

    const receivable = sideOfKind(d.kind) === "receivable";
    const partyTop = doc.y;
    const partyBottom = drawParty(
      doc,
      left,
      partyTop,
      width * 0.5,
      receivable ? (d.kind === "invoice" ? "Bill to" : "Credit to") : "Supplier",
      contact.name,
      contact.address,
    );
    // What is owed, large, at the right of the contact.
    const rx = left + width * 0.55;
    const rw = width * 0.45;
    if (d.status === "void") {
      doc.font("Helvetica-Bold").fontSize(16).fillColor("#b91c1c").text("VOID", rx, partyTop, { width: rw, align: "right" });
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text("This document was voided: nothing is owed on it.", rx, doc.y, { width: rw, align: "right" });
    } else if (d.status === "approved") {
      doc
        .font("Helvetica-Bold")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(OWED_LABEL[d.kind].toUpperCase(), rx, partyTop, { width: rw, align: "right", characterSpacing: 0.5 });
      doc
        .font("Helvetica-Bold")
        .fontSize(18)
        .fillColor(INK)
        .text(money(d.owed), rx, doc.y + 2, { width: rw, align: "right" });
      if (d.owed !== "0.00" && (d.kind === "invoice" || d.kind === "bill"))
        doc
          .font("Helvetica")
          .fontSize(9)
          .fillColor(MUTED)
          .text(`Due ${formatLongDate(d.due_date)}`, rx, doc.y, { width: rw, align: "right" });
    } else {
      doc.font("Helvetica-Bold").fontSize(16).fillColor(MUTED).text("DRAFT", rx, partyTop, { width: rw, align: "right" });
    }
    doc.x = left;
    doc.y = Math.max(partyBottom, doc.y) + 24;

    const cols: PdfColumn[] = [
      { title: "Description", x: left, w: width * 0.4, align: "left" },
      { title: "Qty", x: left + width * 0.4, w: width * 0.09, align: "right" },
      { title: "Unit price", x: left + width * 0.49, w: width * 0.15, align: "right" },
      { title: "Disc.", x: left + width * 0.64, w: width * 0.08, align: "right" },
      { title: "Tax", x: left + width * 0.72, w: width * 0.1, align: "left" },
      { title: "Amount", x: left + width * 0.82, w: width * 0.18, align: "right" },
    ];
    const t = table(doc, frame, cols);
    for (const l of d.lines) {
      await pause();
      const discount = quantityText(l.discount_percent);
      t.row([
        l.description,
        quantityText(l.quantity),
        unitPriceText(l.unit_price, b.currency),
        discount === "0" ? "" : `${discount}%`,
        l.tax_code ?? "",
        money(l.amount),
      ]);
    }
    rule(doc, frame);
    if (d.amounts_are === "inclusive") {
      doc
        .font("Helvetica")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text("Line amounts include tax.", left, doc.y + 2, { width });
    }

    const rows: { label: string; value: string; bold?: boolean; big?: boolean }[] = [{ label: "Subtotal", value: money(d.subtotal) }];
    if (d.taxes.length > 0) for (const x of d.taxes) rows.push({ label: `${x.name} (${x.code})`, value: money(x.amount) });
    else if (d.tax_total !== "0.00") rows.push({ label: "Tax", value: money(d.tax_total) });
    rows.push({ label: "Total", value: money(d.total), bold: true });
    if (d.status === "approved") {
      const paid = toCents(d.total)! - toCents(d.owed)!;
      if (paid !== 0n) rows.push({ label: "Paid and credited", value: money(centsToDecimal(-paid)) });
      rows.push({ label: OWED_LABEL[d.kind], value: money(d.owed), bold: true, big: true });
    }
    drawTotals(doc, frame, rows);

    if (d.notes) {
      doc.y += 16;
      if (doc.y > t.room() - 40) doc.addPage();
      doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text("Notes", left, doc.y, { width });
      doc
        .font("Helvetica")
        .fontSize(9.5)
        .fillColor(INK)
        .text(d.notes, left, doc.y + 2, { width });
    }
    drawFooters(doc, frame, `${b.name} · ${title}`);
  });
}

const BUCKET_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  "1_30": "1-30 days",
  "31_60": "31-60 days",
  "61_90": "61-90 days",
  over_90: "Over 90 days",
};

/** The file a statement downloads as. */
export const statementFileName = (s: Pick<Statement, "contact" | "from" | "to">): string =>
  `statement_${
    s.contact.name
      .replace(/[^A-Za-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 60) || "contact"
  }_${s.from}_${s.to}.pdf`;

/**
 * A contact's statement as a PDF: the business, the contact, the period; the balance brought forward, every line of
 * the period with its running balance, the balance carried; what is due on the last day by age.
 */
export function statementPdf(s: Statement, b: Branding): ReadableStream<Uint8Array> {
  const { money, balance } = moneyIn(b.currency);
  const info = { Title: `Statement · ${s.contact.name} · ${b.name}`, Author: b.name };
  return renderPdf({ margin: MARGIN, info, bufferPages: true }, async (doc, frame, pause) => {
    const { left, width } = frame;
    drawHead(doc, frame, b, "Statement", [
      ["From", formatLongDate(s.from)],
      ["To", formatLongDate(s.to)],
    ]);
    const partyTop = doc.y;
    const receivable = s.side === "receivable";
    const partyBottom = drawParty(
      doc,
      left,
      partyTop,
      width * 0.5,
      receivable ? "Statement for" : "Supplier",
      s.contact.name,
      s.contact.address,
    );
    const rx = left + width * 0.55;
    const rw = width * 0.45;
    doc
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(receivable ? "BALANCE DUE" : "BALANCE OWED", rx, partyTop, { width: rw, align: "right", characterSpacing: 0.5 });
    doc
      .font("Helvetica-Bold")
      .fontSize(18)
      .fillColor(INK)
      .text(balance(s.closing_balance), rx, doc.y + 2, { width: rw, align: "right" });
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(`on ${formatLongDate(s.to)}`, rx, doc.y, { width: rw, align: "right" });
    doc.x = left;
    doc.y = Math.max(partyBottom, doc.y) + 24;

    const cols: PdfColumn[] = [
      { title: "Date", x: left, w: width * 0.16, align: "left" },
      { title: "Description", x: left + width * 0.16, w: width * 0.36, align: "left" },
      { title: "Charges", x: left + width * 0.52, w: width * 0.16, align: "right" },
      { title: "Credits", x: left + width * 0.68, w: width * 0.16, align: "right" },
      { title: "Balance", x: left + width * 0.84, w: width * 0.16, align: "right" },
    ];
    const t = table(doc, frame, cols);
    t.row([s.from, "Balance brought forward", "", "", balance(s.opening_balance)]);
    for (const l of s.lines) {
      await pause();
      t.row([
        l.date,
        l.description,
        l.charge === "0.00" ? "" : money(l.charge),
        l.credit === "0.00" ? "" : money(l.credit),
        balance(l.balance),
      ]);
    }
    rule(doc, frame);
    t.row([s.to, "Balance carried forward", "", "", balance(s.closing_balance)], { bold: true });

    doc.y += 18;
    if (doc.y > t.room() - 60) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text("What is due, by age", left, doc.y, { width });
    doc.y += 4;
    const w = width / (AGING_BUCKETS.length + 1);
    const aging: PdfColumn[] = [...AGING_BUCKETS.map((k) => BUCKET_LABELS[k]), "Total"].map((title, i) => ({
      title,
      x: left + i * w,
      w,
      align: "right",
    }));
    const a = table(doc, frame, aging);
    a.row([...AGING_BUCKETS.map((k) => money(s.aging[k])), money(s.aging.total)], { bold: true });
    drawFooters(doc, frame, `${b.name} · Statement for ${s.contact.name}`);
  });
}
