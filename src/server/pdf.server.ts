import PDFDocument from "pdfkit";

/** The firm is in the United States: its documents are US Letter (8.5 x 11 in, 612 x 792 points). */
export const PAGE_SIZE = "LETTER";

/** The documents' colours: text, secondary text, and the firm's brand. */
export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#1e40af";

/** Where text runs on a page: from the left margin, across the width between the margins. */
export interface PdfFrame {
  left: number;
  width: number;
}

/**
 * A PDF document (US Letter, built-in Helvetica) that `draw` fills in, resolved as bytes once it is ended.
 * `options` are pdfkit's (margin, document info); a failure while drawing or writing rejects.
 */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (pdf: PDFKit.PDFDocument, frame: PdfFrame) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: PAGE_SIZE, ...options });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);

    const left = pdf.page.margins.left;
    draw(pdf, { left, width: pdf.page.width - left - pdf.page.margins.right });
    pdf.end();
  });
}

/** A column of a table drawn with `drawTableRow`: its heading, its left edge and width (points), its alignment. */
export interface PdfColumn {
  title: string;
  x: number;
  w: number;
  align: "left" | "right";
}

/**
 * One row of a table at the current height, each value wrapped in its column (4 points short of its width), in bold
 * for the heads or a total. The text goes on at the left margin, `gap` points below the row's tallest cell.
 */
export function drawTableRow(pdf: PDFKit.PDFDocument, cols: PdfColumn[], values: string[], { bold = false, gap = 4 } = {}) {
  const y = pdf.y;
  let bottom = y;
  pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
  values.forEach((v, i) => {
    const c = cols[i]!;
    pdf.text(v, c.x, y, { width: c.w - 4, align: c.align });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.x = pdf.page.margins.left;
  pdf.y = bottom + gap;
}

/** Facts about a document, one a line: "Name: value", the name in bold. */
export function drawFacts(pdf: PDFKit.PDFDocument, facts: [string, string][]) {
  for (const [name, value] of facts) pdf.font("Helvetica-Bold").text(`${name}: `, { continued: true }).font("Helvetica").text(value);
}
