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
