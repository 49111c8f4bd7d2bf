import { sql } from "drizzle-orm";
import { formatLongDate, formatMoney } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/server/http/app-error.ts";
import { BRAND, INK, MUTED, drawFacts, renderPdf } from "~/server/pdf.server.ts";
import { FIRM_NAME } from "./proposal-document.ts";
import { BILLING_LABELS } from "./proposals.schema.ts";
import type { ProposalLine } from "./proposals.types.ts";

/*
 * The signed letter of an accepted proposal (decision 118): its PDF (the document as sent, the fees with the options
 * chosen, then the evidence page), drawn when the client accepts; as stored, with its SHA-256, for the firm.
 */

/** The PDF of the signed letter: the document as sent, the fees with the options chosen, then the evidence page. */
export function signedLetterPdf(o: {
  title: string;
  document_text: string;
  document_sha256: string;
  currency: string;
  lines: ProposalLine[];
  chosen: Set<number>;
  signer_name: string;
  signer_email: string;
  accepted_at: string;
  ip: string;
  user_agent: string | null;
  proposal_id: number;
  /** The certificate the file is signed with (its SHA-256), printed for a reader to compare. */
  certificate_sha256: string;
}): ReadableStream<Uint8Array> {
  return renderPdf(
    { margin: 54, info: { Title: `${o.title} (signed)`, Author: FIRM_NAME, CreationDate: new Date(o.accepted_at) } },
    (pdf, frame) => {
      pdf.fillColor(BRAND).font("Helvetica-Bold").fontSize(16).text(FIRM_NAME);
      pdf.moveDown(0.5).fillColor(INK).font("Helvetica").fontSize(10);
      pdf.text(o.document_text, { width: frame.width });
      pdf.moveDown().font("Helvetica-Bold").fontSize(12).text("Services accepted");
      pdf.font("Helvetica").fontSize(10);
      for (const l of o.lines) {
        if (l.optional && !o.chosen.has(l.id)) continue;
        const amount = formatMoney(toCents(l.amount)!, o.currency);
        pdf.text(
          `${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ""}: ${amount} ${BILLING_LABELS[l.billing]}${l.optional ? " (option chosen)" : ""}`,
        );
      }
      const declined = o.lines.filter((l) => l.optional && !o.chosen.has(l.id));
      if (declined.length)
        pdf
          .fillColor(MUTED)
          .text(`Options not chosen: ${declined.map((l) => l.name).join(", ")}`)
          .fillColor(INK);
      pdf.moveDown().text(`Accepted by ${o.signer_name} on ${formatLongDate(o.accepted_at)}.`);

      pdf.addPage();
      pdf.fillColor(BRAND).font("Helvetica-Bold").fontSize(16).text("Evidence of signature");
      pdf.moveDown(0.5).fillColor(INK).fontSize(10);
      drawFacts(pdf, [
        ["Proposal", `${o.title} (no. ${o.proposal_id})`],
        ["Name typed", o.signer_name],
        ["Email the link was sent to", o.signer_email],
        ["Accepted at (UTC)", o.accepted_at],
        ["IP address", o.ip],
        ["Browser", o.user_agent ?? "not given"],
        [
          "Options chosen",
          o.lines
            .filter((l) => o.chosen.has(l.id))
            .map((l) => l.name)
            .join(", ") || "none",
        ],
      ]);
      pdf.moveDown().font("Helvetica-Bold").text("SHA-256 of the document accepted (its text as sent, UTF-8):");
      pdf.font("Courier").fontSize(9).text(o.document_sha256);
      pdf.moveDown().font("Helvetica").fontSize(9).fillColor(MUTED);
      pdf.text(
        "The signer opened the proposal through a link with a secret sent to the address above, read the document whose " +
          "SHA-256 is printed here, typed her name and accepted it. The firm keeps this PDF and its own SHA-256. The file is " +
          `signed with ${FIRM_NAME}'s certificate (SHA-256 ${o.certificate_sha256}): a PDF reader shows any change made to it since.`,
        { width: frame.width },
      );
    },
  );
}

/** The signed PDF as stored, with its SHA-256 (404 until accepted). */
export async function signedPdf(db: Db, id: number): Promise<{ bytes: Buffer; sha256: string; title: string }> {
  const [r] = await queryRows<{ signed_pdf: Uint8Array | null; signed_pdf_sha256: string | null; title: string }>(
    db,
    sql`select signed_pdf, signed_pdf_sha256, title from proposals where id = ${id}`,
  );
  if (!r) throw notFound("Proposal not found");
  if (!r.signed_pdf || !r.signed_pdf_sha256) throw notFound("This proposal is not signed");
  return { bytes: Buffer.from(r.signed_pdf), sha256: r.signed_pdf_sha256, title: r.title };
}
