import PDFDocument from "pdfkit";
import { FIRM_DISCLAIMER, type AnalysisDocument } from "./calculators-mail.server.ts";

const INK = "#0f172a";
const MUTED = "#475569";
const BRAND = "#1e40af";

/** The firm is in the United States: its documents are US Letter (8.5 x 11 in, 612 x 792 points). */
export const PAGE_SIZE = "LETTER";

/** The analysis as a one-page PDF (US Letter portrait, built-in Helvetica), resolved as bytes. */
export function renderAnalysisPdf(doc: AnalysisDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: PAGE_SIZE,
      margin: 56,
      info: { Title: doc.title, Author: "Ledgerline Advisors", Subject: doc.subtitle, CreationDate: doc.createdAt },
    });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);

    const left = pdf.page.margins.left;
    const width = pdf.page.width - left - pdf.page.margins.right;

    pdf.fillColor(BRAND).font("Helvetica-Bold").fontSize(11).text("LEDGERLINE ADVISORS", { characterSpacing: 1 });
    pdf.moveDown(0.6);
    pdf.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(doc.title);
    pdf.fillColor(MUTED).font("Helvetica").fontSize(10).text(doc.subtitle);
    pdf.moveDown(1);

    const table = (heading: string, rows: { label: string; value: string }[]) => {
      pdf.fillColor(INK).font("Helvetica-Bold").fontSize(13).text(heading, left);
      pdf.moveDown(0.3);
      for (const row of rows) {
        const y = pdf.y;
        pdf
          .font("Helvetica")
          .fontSize(11)
          .fillColor(MUTED)
          .text(row.label, left, y, { width: width * 0.6 });
        const labelBottom = pdf.y;
        pdf
          .font("Helvetica-Bold")
          .fillColor(INK)
          .text(row.value, left + width * 0.6, y, { width: width * 0.4, align: "right" });
        pdf.y = Math.max(labelBottom, pdf.y) + 4;
        pdf
          .moveTo(left, pdf.y - 2)
          .lineTo(left + width, pdf.y - 2)
          .lineWidth(0.5)
          .strokeColor("#cbd5e1")
          .stroke();
      }
      pdf.moveDown(1);
    };
    table("Your inputs", doc.report.inputs);
    table("Results", doc.report.results);
    if (doc.report.method) {
      pdf.fillColor(INK).font("Helvetica-Bold").fontSize(13).text(doc.report.method.heading, left);
      pdf.moveDown(0.3);
      for (const paragraph of doc.report.method.paragraphs) {
        pdf.fillColor(INK).font("Helvetica").fontSize(10).text(paragraph, left, pdf.y, { width });
        pdf.moveDown(0.4);
      }
      pdf.moveDown(0.6);
    }

    pdf.fillColor(MUTED).font("Helvetica").fontSize(9).text(FIRM_DISCLAIMER, left, pdf.y, { width });
    pdf.end();
  });
}
