import { invalidInput } from "~/server/http/app-error.ts";
import { BRAND, INK, MUTED, renderPdf, type PdfFrame, type PdfPause } from "~/server/pdf.server.ts";
import { MAX_PRINTED_LINES, printedLinesMessage, type PrintableReport, type PrintColumn } from "./report-print.ts";

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
/** The tallest a cell is drawn (points, a third of a page): longer text ends in "…", so every row fits on a page. */
const MAX_CELL_HEIGHT = 240;

type Doc = PDFKit.PDFDocument;

/**
 * One report, or several (a month-end pack, with its cover), as one PDF streamed as it is drawn: each report starts a
 * page with its organization, title and period; its column heads are drawn again at the top of every page it runs
 * onto, under a "(continued)" line; every page ends with the document's name and "Page n of N". Sections are bold
 * heads, child lines indented, subtotals and totals bold between rules, amounts right-aligned. The reports are laid
 * out once without drawing to count the pages, then drawn, each page written out as it ends (decision 107). More
 * than MAX_PRINTED_LINES lines are refused before anything is drawn.
 */
export function reportsPdf(
  reports: PrintableReport[],
  meta: { title: string; author: string; cover?: PrintCover; contents?: boolean },
): ReadableStream<Uint8Array> {
  const lines = reports.reduce((n, r) => n + r.rows.filter((row) => row.kind === "line").length, 0);
  if (lines > MAX_PRINTED_LINES) {
    const message = printedLinesMessage(lines);
    throw invalidInput({ start: message }, message);
  }
  const info = { Title: meta.title, Author: meta.author };
  return renderPdf({ margin: MARGIN, info }, async (doc, frame, pause) => {
    let total = (meta.cover ? 1 : 0) + (meta.contents ? 1 : 0);
    /** The page each report starts on, for the contents page. */
    const starts: number[] = [];
    for (const report of reports) {
      starts.push(total + 1);
      total += await drawReport(doc, frame, report, pause, null);
    }
    let page = 0;
    const endPage = () => drawFooter(doc, frame, meta.title, ++page, total);
    const newPage = () => {
      endPage();
      doc.addPage();
    };
    if (meta.cover) drawCover(doc, frame, meta.cover);
    if (meta.contents) {
      if (meta.cover) newPage();
      drawContents(doc, frame, reports, starts);
    }
    for (const [i, report] of reports.entries()) {
      if (i > 0 || meta.cover || meta.contents) newPage();
      await drawReport(doc, frame, report, pause, newPage);
    }
    endPage();
  });
}

/** One report's PDF, named in its footer by its title and organization. */
export function reportPdf(report: PrintableReport): ReadableStream<Uint8Array> {
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

/** A contents page: each report's title and the page it starts on (one page: a document of a few dozen parts). */
function drawContents(doc: Doc, { left, width }: PdfFrame, reports: PrintableReport[], starts: number[]) {
  doc.x = left;
  doc.y = MARGIN;
  doc.font("Helvetica-Bold").fontSize(15).fillColor(INK).text("Contents", left, doc.y, { width });
  doc.moveDown(0.8);
  doc.fontSize(11);
  for (const [i, report] of reports.entries()) {
    const y = doc.y;
    doc.font("Helvetica").fillColor(INK).text(report.title, left, y, { width: width * 0.8, lineBreak: false, ellipsis: true });
    doc.text(`Page ${starts[i]}`, left + width * 0.8, y, { width: width * 0.2, align: "right", lineBreak: false });
    doc.x = left;
    doc.y = y + 18;
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

/**
 * Draws one report from the top of the current page, starting a page with `newPage` when one is full, and answers
 * the pages it took. With `newPage` null it only lays the report out: the same heights and breaks, nothing drawn.
 */
async function drawReport(doc: Doc, frame: PdfFrame, report: PrintableReport, pause: PdfPause, newPage: (() => void) | null) {
  const { left, width } = frame;
  const cols = layout(report.columns, frame);
  const bottom = doc.page.height - MARGIN - FOOTER_ROOM;
  let pages = 1;
  const rule = (y: number, from: number, thickness: number) => {
    if (newPage)
      doc
        .save()
        .lineWidth(thickness)
        .strokeColor(INK)
        .moveTo(from, y)
        .lineTo(left + width, y)
        .stroke()
        .restore();
  };
  /** Text across the frame at the current height, in this font, size and colour; the height goes on below it. */
  const block = (text: string, font: string, size: number, color: string) => {
    doc.font(font).fontSize(size);
    if (newPage) doc.fillColor(color).text(text, left, doc.y, { width });
    else doc.y += doc.heightOfString(text, { width });
  };
  const amountsFrom = cols[1]?.x ?? left;

  const cellOptions = (i: number, indent: number) => ({
    width: cols[i]!.w - GAP - indent,
    align: cols[i]!.align,
    height: MAX_CELL_HEIGHT,
    ellipsis: true,
  });
  const font = (bold: boolean) => doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
  const heightOf = (cells: string[], bold: boolean, indent: number) => {
    font(bold);
    const tallest = Math.max(...cells.map((text, i) => doc.heightOfString(text || " ", cellOptions(i, i === 0 ? indent : 0))));
    return Math.min(tallest, MAX_CELL_HEIGHT);
  };
  const drawCells = (cells: string[], bold: boolean, indent: number, h = heightOf(cells, bold, indent)) => {
    const y = doc.y;
    if (newPage) {
      font(bold).fillColor(INK);
      cells.forEach((text, i) => {
        const c = cols[i]!;
        const pad = i === 0 ? indent : 0;
        doc.text(text, c.align === "right" ? c.x + GAP : c.x + pad, y, cellOptions(i, pad));
      });
    }
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
  // A section's head runs across the page, so that an account's name never wraps inside a narrow first column.
  const across = { width: width - GAP, height: MAX_CELL_HEIGHT, ellipsis: true };
  const sectionHeight = (label: string) => Math.min(font(true).heightOfString(label, across), MAX_CELL_HEIGHT);
  const sectionHead = (label: string, h: number) => {
    const y = doc.y;
    if (newPage) font(true).fillColor(INK).text(label, left, y, across);
    doc.x = left;
    doc.y = y + h + 3;
  };
  /** The section the rows drawn belong to (until a total ends it): named again atop a page it runs onto. */
  let section: string | null = null;
  /** A new page when `needed` points do not fit: the continuation line, the column heads and the section again. */
  const room = (needed: number) => {
    if (doc.y + needed <= bottom) return;
    pages++;
    newPage?.();
    doc.x = left;
    doc.y = MARGIN;
    block(`${report.organization} · ${report.title} (continued) · ${report.period}`, "Helvetica", 9, MUTED);
    doc.moveDown(0.6);
    heads();
    if (section !== null) {
      const label = `${section} (continued)`;
      sectionHead(label, sectionHeight(label));
    }
  };

  doc.x = left;
  doc.y = MARGIN;
  block(report.organization, "Helvetica-Bold", 15, INK);
  block(report.title, "Helvetica-Bold", 12, BRAND);
  block(report.period, "Helvetica", 10, MUTED);
  doc.moveDown(0.8);
  heads();

  for (const [i, row] of report.rows.entries()) {
    await pause();
    if (row.kind === "section") {
      // Kept on one page with the two rows after it (an account's opening balance and its first line).
      let following = 0;
      for (const next of report.rows.slice(i + 1, i + 3)) {
        if (next.kind === "section" || next.kind === "note") break;
        following += heightOf(next.cells, next.kind !== "line" && next.kind !== "figure", 0) + 8;
      }
      section = null;
      const h = sectionHeight(row.label);
      room(h + following + 10);
      doc.y += 4;
      sectionHead(row.label, h);
      section = row.label;
    } else if (row.kind === "note") {
      const oblique = () => doc.font("Helvetica-Oblique").fontSize(FONT_SIZE);
      const h = Math.min(oblique().heightOfString(row.text, { width }), MAX_CELL_HEIGHT);
      room(h);
      const y = doc.y;
      if (newPage) oblique().fillColor(MUTED).text(row.text, left, y, { width, height: MAX_CELL_HEIGHT, ellipsis: true });
      doc.y = y + h;
      oblique().moveDown(0.3);
    } else if (row.kind === "line" || row.kind === "figure") {
      const indent = row.kind === "line" ? INDENT * row.depth : 0;
      const h = heightOf(row.cells, false, indent);
      room(h);
      drawCells(row.cells, false, indent, h);
    } else {
      const total = row.kind === "total";
      const h = heightOf(row.cells, true, 0);
      room(h + 8);
      rule(doc.y - 1, total ? left : amountsFrom, total ? 0.8 : 0.5);
      doc.y += 2;
      drawCells(row.cells, true, 0, h);
      if (total) rule(doc.y - 1, left, 0.8);
      doc.y += total ? 6 : 2;
      if (total) section = null;
    }
  }
  return pages;
}

/** A page's foot: the document's name on the left, "Page n of N" on the right. */
function drawFooter(doc: Doc, { left, width }: PdfFrame, name: string, page: number, pages: number) {
  const marginBottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = doc.page.height - MARGIN - 8;
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(name, left, y, { width: width * 0.75, lineBreak: false, ellipsis: true });
  doc.text(`Page ${page} of ${pages}`, left + width * 0.75, y, { width: width * 0.25, align: "right", lineBreak: false });
  doc.page.margins.bottom = marginBottom;
}
