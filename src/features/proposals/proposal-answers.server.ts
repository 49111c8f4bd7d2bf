import { sql } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { convertLead } from "~/features/leads/index.server.ts";
import { startBilling } from "~/features/billing/index.server.ts";
import type { PaymentProcessor } from "~/features/payments/index.server.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, forbidden, invalidInput } from "~/server/http/app-error.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { pdfBytes } from "~/server/pdf.server.ts";
import { firmSigningCertificate, signPdf } from "~/server/pdf-signature.server.ts";
import { FIRM_NAME, sha256Hex } from "./proposal-document.ts";
import { expiredRefusal, openLink, publicView, withPayment, type Opened, type Visitor } from "./proposal-client-view.server.ts";
import { proposalLines } from "./proposal-reads.server.ts";
import { signedLetterPdf } from "./proposal-signed-letter.server.ts";
import type { AcceptInput } from "./proposals.schema.ts";
import type { PublicProposal } from "./proposals.types.ts";

/*
 * The client's answer to a proposal, through her link (decision 118): accepting it (the evidence and the signed PDF
 * kept, mailed to both sides, a lead converted into a client, the client's billing started) or declining it. A refusal
 * writes nothing; one that looks like an attack (a link used for another proposal, a document hash that is not the one
 * sent) is audited.
 */

/** Refusals common to accepting and declining: the link is for this proposal, which is still open. */
async function assertAnswerable(db: Db, o: Opened, proposalId: number, visitor: Visitor, action: string): Promise<void> {
  if (proposalId !== o.id) {
    await recordAudit(
      db,
      { id: null, email: o.sent_to, ip: visitor.ip },
      {
        action: "proposal.link_mismatch",
        targetType: "proposal",
        targetId: proposalId,
        after: { linkOf: o.id, tried: action, userAgent: visitor.userAgent },
      },
    );
    throw forbidden("This link is for another proposal");
  }
  if (o.status === "accepted") throw conflict("This proposal is already accepted");
  if (o.status === "declined") throw conflict("This proposal was declined");
  if (o.status === "expired" || o.expires_on < todayIso()) throw expiredRefusal(o);
}

/**
 * POST /api/proposal-links/:token/accept: the client accepts. Refused, nothing written: a link of another proposal
 * (403, audited), a document hash that is not the one sent (409, audited), an option that is not one (400), a proposal
 * already accepted or declined (409), expired (410). Kept: the document's SHA-256, the name typed, the time, the IP
 * address, the user agent, the address the link was sent to, the options; the signed PDF and its SHA-256, mailed to
 * the client and the firm. A lead's proposal converts the lead into a client (the existing conversion), in the same
 * transaction.
 */
export async function acceptProposal(
  db: Db,
  token: string,
  input: AcceptInput,
  visitor: Visitor,
  deps: { firmEmail: string; publicUrl: string; appSecret: string; processor: PaymentProcessor | null },
): Promise<PublicProposal> {
  const { firmEmail, publicUrl, processor } = deps;
  const o = await openLink(db, token);
  await assertAnswerable(db, o, input.proposal_id, visitor, "accept");
  if (input.document_sha256 !== o.document_sha256) {
    await recordAudit(
      db,
      { id: null, email: o.sent_to, ip: visitor.ip },
      {
        action: "proposal.hash_mismatch",
        targetType: "proposal",
        targetId: o.id,
        after: { posted: input.document_sha256, stored: o.document_sha256, userAgent: visitor.userAgent },
      },
    );
    throw conflict("The document you accepted is not the one sent: reload the page and read it again", {
      document_sha256: "Does not match the proposal as sent",
    });
  }
  const lines = await proposalLines(db, o.id);
  const optional = new Set(lines.filter((l) => l.optional).map((l) => l.id));
  const bad = input.chosen_line_ids.find((id) => !optional.has(id));
  if (bad !== undefined)
    throw invalidInput({ chosen_line_ids: "Choose among the options offered" }, "chosen_line_ids: Choose among the options offered");
  const chosen = new Set(input.chosen_line_ids);
  const acceptedAt = new Date().toISOString();
  const certificate = await firmSigningCertificate(db, deps.appSecret, FIRM_NAME);
  const drawn = await pdfBytes(
    signedLetterPdf({
      certificate_sha256: certificate.sha256,
      title: o.title,
      document_text: o.document_text,
      document_sha256: o.document_sha256,
      currency: o.currency,
      lines,
      chosen,
      signer_name: input.signer_name,
      signer_email: o.sent_to,
      accepted_at: acceptedAt,
      ip: visitor.ip,
      user_agent: visitor.userAgent,
      proposal_id: o.id,
    }),
  );
  // Signed with the firm's certificate: a change to the file is detectable by any PDF reader.
  const pdf = await signPdf(drawn, certificate, {
    reason: `Engagement letter accepted by ${input.signer_name}`,
    name: FIRM_NAME,
    location: publicUrl,
    contactInfo: firmEmail,
    signingTime: new Date(acceptedAt),
  });
  const pdfHash = sha256Hex(pdf);
  await db.transaction(async (tx) => {
    // Still open now (a second acceptance racing this one waits here, then is refused).
    const now = await openLink(tx, token, true);
    await assertAnswerable(tx, now, input.proposal_id, visitor, "accept");
    await tx.execute(
      sql`update proposals set status = 'accepted', accepted_at = ${acceptedAt}::timestamptz, signer_name = ${input.signer_name},
                 signer_email = ${o.sent_to}, signer_ip = ${visitor.ip}, signer_user_agent = ${visitor.userAgent},
                 chosen_line_ids = ${`{${[...chosen].join(",")}}`}::integer[], signed_pdf = ${pdf}, signed_pdf_sha256 = ${pdfHash},
                 updated_at = now()
           where id = ${o.id}`,
    );
    const signer: AuditActor = { id: null, email: o.sent_to, ip: visitor.ip, name: input.signer_name };
    await recordAudit(tx, signer, {
      action: "proposal.accepted",
      targetType: "proposal",
      targetId: o.id,
      after: { signerName: input.signer_name, documentSha256: o.document_sha256, signedPdfSha256: pdfHash, chosen: [...chosen] },
    });
    if (o.lead_id) await convertLeadOf(tx, o, signer, publicUrl);
    // The client's billing starts in the firm's books (decision 119), in the same transaction.
    await startBilling(tx, o.id, signer);
    const attachment = {
      filename: `signed-proposal-${o.id}.pdf`,
      contentType: "application/pdf",
      content: pdf.toString("base64"),
    };
    const mail = (to: string, heading: string, first: string) => {
      const { html, text } = renderMail({
        heading,
        paragraphs: [first, "The signed letter is attached, with its evidence page."],
        rows: [
          ["Proposal", o.title],
          ["Signed by", input.signer_name],
          ["Accepted at", acceptedAt],
          ["Document SHA-256", o.document_sha256],
          ["PDF SHA-256", pdfHash],
        ],
      });
      return { kind: "proposal-signed", to, subject: heading, html, text, attachments: [attachment] };
    };
    await enqueueMail(tx, [
      mail(o.sent_to, `Signed: ${o.title}`, `Hello ${o.client_name}, thank you: you accepted our proposal.`),
      mail(firmEmail, `Proposal accepted: ${o.title}`, `${input.signer_name} accepted the proposal for ${o.company || o.client_name}.`),
    ]);
  });
  return withPayment(
    db,
    publicView({ ...o, status: "accepted", signer_name: input.signer_name, accepted_at: acceptedAt, chosen_line_ids: [...chosen] }, lines),
    processor,
  );
}

/** A lead's proposal accepted: the lead converted (unless it already is a client), its organization kept on the proposal. */
async function convertLeadOf(tx: Db, o: Opened, signer: AuditActor, publicUrl: string): Promise<void> {
  const [lead] = await queryRows<{ organization_id: number | null; company: string | null }>(
    tx,
    sql`select organization_id, company from leads where id = ${o.lead_id}`,
  );
  if (!lead) return;
  let organizationId = lead.organization_id;
  if (organizationId === null) {
    // The staff member who made the proposal becomes the client's accountant, as when converting by hand.
    const [staff] = await queryRows<{ id: string; email: string }>(tx, sql`select id, email from users where id = ${o.created_by}`);
    if (!staff) return;
    const converted = await convertLead(
      tx,
      o.lead_id!,
      { companyName: o.company || lead.company || o.client_name, currency: o.currency, chart: "standard" },
      { id: staff.id, email: staff.email, ip: signer.ip },
      publicUrl,
    );
    organizationId = converted.organizationId;
  }
  if (organizationId !== null) await tx.execute(sql`update proposals set organization_id = ${organizationId} where id = ${o.id}`);
}

/** POST /api/proposal-links/:token/decline: the client declines (with a reason if she gives one). */
export async function declineProposal(
  db: Db,
  token: string,
  input: { proposal_id: number; reason?: string | null | undefined },
  visitor: Visitor,
  firmEmail: string,
): Promise<PublicProposal> {
  const o = await openLink(db, token);
  await assertAnswerable(db, o, input.proposal_id, visitor, "decline");
  await db.transaction(async (tx) => {
    const now = await openLink(tx, token, true);
    await assertAnswerable(tx, now, input.proposal_id, visitor, "decline");
    await tx.execute(
      sql`update proposals set status = 'declined', declined_at = now(), decline_reason = ${input.reason || null}, updated_at = now()
           where id = ${o.id}`,
    );
    await recordAudit(
      tx,
      { id: null, email: o.sent_to, ip: visitor.ip },
      {
        action: "proposal.declined",
        targetType: "proposal",
        targetId: o.id,
        after: { reason: input.reason || null },
      },
    );
    const { html, text } = renderMail({
      heading: `Proposal declined: ${o.title}`,
      paragraphs: [`${o.client_name} declined the proposal.`, ...(input.reason ? [`Reason: ${input.reason}`] : [])],
    });
    await enqueueMail(tx, { kind: "proposal-declined", to: firmEmail, subject: `Proposal declined: ${o.title}`, html, text });
  });
  return publicView({ ...o, status: "declined" }, await proposalLines(db, o.id));
}
