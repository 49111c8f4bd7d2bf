import { FIRM_LOCALE } from "~/lib/format.ts";
import { BRAND, INK, MUTED, drawTableRow, type PdfColumn, type PdfFrame } from "~/server/pdf.server.ts";
import type { Branding } from "./company-branding.server.ts";

/* The pieces every document PDF is drawn with (decision 116): the head with the business and the facts, a party, a table, the totals, the footers. */

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
/** Room kept at the foot of each page for its footer. */
export const FOOTER_ROOM = 24;

/** A unit price in the currency, with its third and fourth decimals only when it has them. */
export function unitPriceText(price: string, currency: string): string {
  const digits = (price.split(".")[1] ?? "").replace(/0+$/, "").length;
  return new Intl.NumberFormat(FIRM_LOCALE, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, Math.min(4, digits)),
  }).format(price as unknown as number);
}

/** The business at the top left (logo, name, address) and the document's title and facts at the top right. */
export function drawHead(doc: Doc, { left, width }: PdfFrame, b: Branding, title: string, facts: [string, string][]) {
  const top = doc.y;
  let y = top;
  if (b.logo) {
    doc.image(b.logo.bytes, left, y, { fit: [150, 56] });
    y += 62;
  }
  const half = width * 0.5;
  doc.font("Helvetica-Bold").fontSize(13).fillColor(INK).text(b.name, left, y, { width: half });
  if (b.address)
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(b.address, left, doc.y + 2, { width: half });
  const leftBottom = doc.y;
  const rx = left + width * 0.5;
  const rw = width * 0.5;
  doc.font("Helvetica-Bold").fontSize(20).fillColor(BRAND).text(title.toUpperCase(), rx, top, { width: rw, align: "right" });
  doc.moveDown(0.3);
  doc.fontSize(9.5);
  for (const [label, value] of facts) {
    const at = doc.y;
    doc
      .font("Helvetica")
      .fillColor(MUTED)
      .text(label, rx, at, { width: rw * 0.45, align: "right" });
    doc
      .font("Helvetica-Bold")
      .fillColor(INK)
      .text(value, rx + rw * 0.48, at, { width: rw * 0.52, align: "right" });
  }
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y) + 22;
  doc.fillColor(INK);
}

/** A labelled block: "Bill to", the contact's name in bold and its address. */
export function drawParty(doc: Doc, x: number, y: number, w: number, label: string, name: string, address: string | null): number {
  doc.font("Helvetica-Bold").fontSize(8.5).fillColor(MUTED).text(label.toUpperCase(), x, y, { width: w, characterSpacing: 0.5 });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(name, x, doc.y + 2, { width: w });
  if (address)
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .text(address, x, doc.y + 1, { width: w });
  return doc.y;
}

/** A rule across the frame just above the current line. */
export const rule = (doc: Doc, { left, width }: PdfFrame, color = "#cbd5e1") =>
  doc
    .save()
    .strokeColor(color)
    .lineWidth(0.75)
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .stroke()
    .restore();

/** A table whose heads are drawn again at the top of every page it runs onto. */
export function table(doc: Doc, frame: PdfFrame, cols: PdfColumn[]) {
  const heads = () => {
    doc.fontSize(8.5).fillColor(MUTED);
    drawTableRow(
      doc,
      cols,
      cols.map((c) => c.title),
      { bold: true },
    );
    rule(doc, frame);
    doc.y += 2;
    doc.fontSize(9.5).fillColor(INK);
  };
  const room = () => doc.page.height - doc.page.margins.bottom - FOOTER_ROOM;
  heads();
  return {
    row(values: string[], o: { bold?: boolean } = {}) {
      if (doc.y > room() - 16) {
        doc.addPage();
        heads();
      }
      doc.fontSize(9.5).fillColor(INK);
      drawTableRow(doc, cols, values, { bold: o.bold ?? false, gap: 5 });
    },
    room,
  };
}

/** Label and amount pairs at the right, under a table; the bold ones between rules. */
export function drawTotals(doc: Doc, frame: PdfFrame, rows: { label: string; value: string; bold?: boolean; big?: boolean }[]) {
  const { left, width } = frame;
  const lx = left + width * 0.45;
  const lw = width * 0.33;
  const vx = left + width * 0.78;
  const vw = width * 0.22;
  doc.y += 6;
  for (const r of rows) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - FOOTER_ROOM - 20) doc.addPage();
    const at = doc.y;
    const size = r.big ? 12 : 9.5;
    doc
      .font(r.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(r.bold ? INK : MUTED);
    doc.text(r.label, lx, at, { width: lw - 4, align: "right" });
    doc.fillColor(INK).text(r.value, vx, at, { width: vw - 4, align: "right" });
    doc.y = Math.max(doc.y, at + size + 4);
  }
  doc.x = left;
}

/** "Page n of N" and the document's name at the foot of every page (the pages were kept). */
export function drawFooters(doc: Doc, { left, width }: PdfFrame, text: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${text} · Page ${i - range.start + 1} of ${range.count}`, left, doc.page.height - bottom - 10, {
        width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** What a kind of document calls what is still open on it. */
