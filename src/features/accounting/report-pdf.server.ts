import { BRAND, INK, MUTED, renderPdf, type PdfFrame } from "~/server/pdf.server.ts";
import type { PrintableReport, PrintColumn, PrintRow } from "./report-print.ts";

/** A cover page: whose books, what the document is, for which period, and facts such as who prepared it. */
export interface PrintCover {
  organization: string;
  title: string;
  subtitle: string;
  facts: [label: string, value: string][];
}

const MARGIN = 40;
/** Room kept at the foot of each page for its footer (the document's name and "Page 1 of 2"). */
const FOOTER_ROOM = 22;
const FONT_SIZE = 8.5;
const GAP = 4;
const INDENT = 12;

type Doc = PDFKit.PDFDocument;

/**
 * One report, or several (a month-end pack, with its cover), as one PDF: each report starts a page with its
 * organization, title and period; its column heads are drawn again at the top of every page it runs onto, under a
 * "(continued)" line; every page ends with the document's name and "Page n of N". Sections are bold heads, child
 * lines indented, subtotals and totals bold between rules, amounts right-aligned.
 */
export function reportsPdf(reports: PrintableReport[], meta: { title: string; author: string; cover?: PrintCover }): Promise<Buffer> {
  const info = { Title: meta.title, Author: meta.author };
  return renderPdf({ margin: MARGIN, bufferPages: true, info }, (doc, frame) => {
    if (meta.cover) drawCover(doc, frame, meta.cover);
    reports.forEach((report, i) => {
      if (i > 0 || meta.cover) doc.addPage();
      drawReport(doc, frame, report);
    });
    drawFooters(doc, frame, meta.title);
  });
}

/** One report's PDF, named in its footer by its title and organization. */
export function reportPdf(report: PrintableReport): Promise<Buffer> {
  return reportsPdf([report], { title: `${report.title} · ${report.organization}`, author: report.organization });
}

function drawCover(doc: Doc, { left, width }: PdfFrame, cover: PrintCover) {
  doc.y = 180;
  doc.font("Helvetica-Bold").fontSize(24).fillColor(INK).text(cover.organization, left, doc.y, { width });
  doc.moveDown(0.4);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(BRAND).text(cover.title, { width });
  doc.font("Helvetica").fontSize(14).fillColor(INK).text(cover.subtitle, { width });
  doc.moveDown(1.5);
  doc.fontSize(11);
  for (const [label, value] of cover.facts) {
    doc.font("Helvetica-Bold").fillColor(MUTED).text(`${label}: `, { continued: true }).font("Helvetica").fillColor(INK).text(value);
    doc.moveDown(0.3);
  }
}

/** The x of each column's left edge and its width, across the frame. */
function layout(columns: PrintColumn[], { left, width }: PdfFrame) {
  let x = left;
  return columns.map((c) => {
    const at = { x, w: c.width * width, align: c.align };
    x += at.w;
    return at;
  });
}

function drawReport(doc: Doc, frame: PdfFrame, report: PrintableReport) {
  const { left, width } = frame;
  const cols = layout(report.columns, frame);
  const bottom = () => doc.page.height - MARGIN - FOOTER_ROOM;
  const rule = (y: number, from: number, thickness: number) =>
    doc
      .save()
      .lineWidth(thickness)
      .strokeColor(INK)
      .moveTo(from, y)
      .lineTo(left + width, y)
      .stroke()
      .restore();
  const amountsFrom = cols[1]?.x ?? left;

  const cellOptions = (i: number, indent: number) => ({ width: cols[i]!.w - GAP - indent, align: cols[i]!.align });
  const heightOf = (cells: string[], bold: boolean, indent: number) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text || " ", cellOptions(i, i === 0 ? indent : 0))));
  };
  const drawCells = (cells: string[], bold: boolean, indent: number) => {
    const y = doc.y;
    const h = heightOf(cells, bold, indent);
    doc.fillColor(INK);
    cells.forEach((text, i) => {
      const c = cols[i]!;
      const pad = i === 0 ? indent : 0;
      doc.text(text, c.align === "right" ? c.x + GAP : c.x + pad, y, cellOptions(i, pad));
    });
    doc.x = left;
    doc.y = y + h + 3;
  };
  const heads = () => {
    drawCells(
      report.columns.map((c) => c.head),
      true,
      0,
    );
    rule(doc.y - 1, left, 0.8);
    doc.y += 3;
  };
  /** A new page when `needed` points do not fit: the continuation line and the column heads again. */
  const room = (needed: number) => {
    if (doc.y + needed <= bottom()) return;
    doc.addPage();
    doc.font("Helvetica").fontSize(9).fillColor(MUTED);
    doc.text(`${report.organization} · ${report.title} (continued) · ${report.period}`, left, MARGIN, { width });
    doc.moveDown(0.6);
    heads();
  };

  doc.font("Helvetica-Bold").fontSize(15).fillColor(INK).text(report.organization, left, MARGIN, { width });
  doc.font("Helvetica-Bold").fontSize(12).fillColor(BRAND).text(report.title, { width });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(report.period, { width });
  doc.moveDown(0.8);
  heads();

  const rowHeight = (row: PrintRow) =>
    row.kind === "note" || row.kind === "section" ? heightOf([row.kind === "note" ? row.text : row.label], true, 0) : 0;
  report.rows.forEach((row, i) => {
    if (row.kind === "section") {
      const next = report.rows[i + 1];
      const nextHeight = next && next.kind !== "section" && next.kind !== "note" ? heightOf(next.cells, false, 0) : 0;
      room(rowHeight(row) + nextHeight + 10);
      doc.y += 4;
      drawCells([row.label], true, 0);
    } else if (row.kind === "note") {
      room(rowHeight(row));
      doc.font("Helvetica-Oblique").fontSize(FONT_SIZE).fillColor(MUTED).text(row.text, left, doc.y, { width });
      doc.moveDown(0.3);
    } else if (row.kind === "line") {
      const indent = INDENT * row.depth;
      room(heightOf(row.cells, false, indent));
      drawCells(row.cells, false, indent);
    } else {
      const total = row.kind === "total";
      room(heightOf(row.cells, true, 0) + 8);
      rule(doc.y - 1, total ? left : amountsFrom, total ? 0.8 : 0.5);
      doc.y += 2;
      drawCells(row.cells, true, 0);
      if (total) rule(doc.y - 1, left, 0.8);
      doc.y += total ? 6 : 2;
    }
  });
}

/** Every page's foot: the document's name on the left, "Page n of N" on the right. */
function drawFooters(doc: Doc, { left, width }: PdfFrame, name: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 8;
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(name, left, y, { width: width * 0.75, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i - start + 1} of ${count}`, left + width * 0.75, y, { width: width * 0.25, align: "right", lineBreak: false });
    doc.page.margins.bottom = marginBottom;
  }
}
