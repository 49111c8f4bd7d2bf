import { BRAND, INK, MUTED, pdfBytes, renderPdf } from "~/server/pdf.server.ts";
import { FIRM_DISCLAIMER, type AnalysisDocument } from "./calculators-mail.server.ts";

/** The analysis as a one-page PDF (US Letter portrait, built-in Helvetica), resolved as bytes. */
export function renderAnalysisPdf(doc: AnalysisDocument): Promise<Buffer> {
  const info = { Title: doc.title, Author: "Ledgerline Advisors", Subject: doc.subtitle, CreationDate: doc.createdAt };
  const stream = renderPdf({ margin: 56, info }, (pdf, { left, width }) => {
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
  });
  return pdfBytes(stream);
}
