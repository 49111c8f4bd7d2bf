import { BRAND, INK, MUTED, pdfBytes, renderPdf } from "~/server/pdf.server.ts";
import { firm } from "./firm.ts";
import type { Checklist } from "./checklists.ts";

/** A checklist as a printable PDF: US Letter (the firm is in the United States), built-in Helvetica, a box per item. */
export function renderChecklistPdf(list: Checklist): Promise<Buffer> {
  // A fixed date keeps the file the same from one request to the next.
  const info = { Title: list.title, Author: firm.name, Subject: list.intro, CreationDate: new Date(Date.UTC(2024, 0, 1)) };
  const stream = renderPdf({ margin: 56, info }, (pdf, { left, width }) => {
    pdf.fillColor(BRAND).font("Helvetica-Bold").fontSize(11).text(firm.name.toUpperCase(), { characterSpacing: 1 });
    pdf.moveDown(0.6);
    pdf.fillColor(INK).font("Helvetica-Bold").fontSize(22).text(list.title);
    pdf.moveDown(0.2);
    pdf.fillColor(MUTED).font("Helvetica").fontSize(11).text(list.intro);
    pdf.moveDown(1);

    const box = 11;
    const indent = 26;
    for (const section of list.sections) {
      if (section.heading) {
        pdf.fillColor(INK).font("Helvetica-Bold").fontSize(14).text(section.heading, left);
        pdf.moveDown(0.4);
      }
      section.items.forEach((item, i) => {
        const y = pdf.y;
        pdf
          .rect(left, y + 1, box, box)
          .lineWidth(1)
          .strokeColor(MUTED)
          .stroke();
        const label = section.numbered ? `${i + 1}. ${item}` : item;
        pdf
          .fillColor(INK)
          .font("Helvetica")
          .fontSize(11.5)
          .text(label, left + indent, y, { width: width - indent });
        pdf.moveDown(0.55);
      });
      pdf.moveDown(0.8);
    }

    pdf.fillColor(MUTED).font("Helvetica").fontSize(10).text(list.closing, left, pdf.y, { width });
  });
  return pdfBytes(stream);
}
