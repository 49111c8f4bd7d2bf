import { sql } from "drizzle-orm";
import { formatLongDate, formatMoney, todayIso } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { convertLead } from "~/features/leads/index.server.ts";
import { paymentMethodSetup, paymentStateOf, startBilling } from "~/features/billing/index.server.ts";
import type { PaymentMethodSetup } from "~/features/billing/client-billing.types.ts";
import type { PaymentProcessor } from "~/features/payments/index.server.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, conflict, forbidden, invalidInput, notFound } from "~/server/http/app-error.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { BRAND, INK, MUTED, drawFacts, pdfBytes, renderPdf } from "~/server/pdf.server.ts";
import { firmSigningCertificate, signPdf } from "~/server/pdf-signature.server.ts";
import { FIRM_NAME, sha256Hex } from "./proposal-document.ts";
import { BILLING_LABELS, PROPOSAL_TOKEN_PATTERN, type AcceptInput, type ProposalStatus } from "./proposals.schema.ts";
import { proposalLines, statusSql, tokenHash } from "./proposals.server.ts";
import type { ProposalLine, ProposalTerms, PublicProposal } from "./proposals.types.ts";

/*
 * The client's side of a proposal, through her link and without an account (decision 118): reading it (the first view
 * marks it viewed), accepting it (the evidence and the signed PDF kept, mailed to both sides, a lead converted into a
 * client) or declining it. A refusal writes nothing; one that looks like an attack (a link used for another proposal,
 * a document hash that is not the one sent) is audited.
 */

/** The same answer for a secret that is unknown or revoked. */
export const proposalLinkNotFound = () => notFound("This link does not open a proposal: it may have been replaced or revoked");

/** Who is at the other end of the link: her address and browser, for the evidence and the audit log. */
export interface Visitor {
  ip: string;
  userAgent: string | null;
}

interface Opened extends ProposalTerms {
  link_id: number;
  sent_to: string;
  id: number;
  status: ProposalStatus;
  document_text: string;
  document_sha256: string;
  lead_id: string | null;
  organization_id: number | null;
  created_by: string | null;
  signer_name: string | null;
  accepted_at: string | null;
  chosen_line_ids: number[] | null;
}

async function open(db: Db, token: string, lock = false): Promise<Opened> {
  if (!PROPOSAL_TOKEN_PATTERN.test(token)) throw proposalLinkNotFound();
  const [r] = await queryRows<Opened>(
    db,
    sql`select k.id as link_id, k.sent_to, p.id, ${statusSql} as status, p.title, p.client_name, p.company, p.currency,
               p.start_date::text as start_date, p.minimum_term_months, p.expires_on::text as expires_on, p.document_text,
               p.document_sha256, p.lead_id::text as lead_id, p.organization_id, p.created_by, p.signer_name,
               (to_jsonb(p.accepted_at) #>> '{}') as accepted_at, p.chosen_line_ids
          from proposal_links k join proposals p on p.id = k.proposal_id
         where k.token_hash = ${tokenHash(token)} and k.revoked_at is null and p.status <> 'draft'
         ${lock ? sql`for update of p` : sql``}`,
  );
  if (!r) throw proposalLinkNotFound();
  return { ...r, id: Number(r.id), link_id: Number(r.link_id) };
}

const expiredRefusal = (o: Opened) =>
  new AppError(410, "GONE", `This proposal expired on ${formatLongDate(o.expires_on)}: ask ${FIRM_NAME} for a new one`);

function publicView(o: Opened, lines: ProposalLine[]): PublicProposal {
  return {
    proposal_id: o.id,
    title: o.title,
    firm_name: FIRM_NAME,
    client_name: o.client_name,
    company: o.company,
    currency: o.currency,
    start_date: o.start_date,
    minimum_term_months: Number(o.minimum_term_months),
    expires_on: o.expires_on,
    status: o.status,
    document_text: o.document_text,
    document_sha256: o.document_sha256,
    lines: lines.map(({ catalogue_item_id: _, ...l }) => l),
    accepted:
      o.status === "accepted" && o.signer_name && o.accepted_at
        ? { signer_name: o.signer_name, accepted_at: o.accepted_at, chosen_line_ids: (o.chosen_line_ids ?? []).map(Number) }
        : null,
    payment: null,
  };
}

/**
 * GET /api/proposal-links/:token: the proposal as the client reads it. The first view of a sent proposal marks it
 * viewed; an expired one is 410 (its link expires with it); an unknown or revoked secret 404.
 */
/** An accepted proposal's payment state (decision 119): read from the client's billing account, once billed. */
async function withPayment(db: Db, view: PublicProposal, processor: PaymentProcessor | null): Promise<PublicProposal> {
  if (view.status !== "accepted") return view;
  const [p] = await queryRows<{ organization_id: number | null }>(
    db,
    sql`select organization_id from proposals where id = ${view.proposal_id}`,
  );
  const orgId = p?.organization_id == null ? null : Number(p.organization_id);
  return { ...view, payment: await paymentStateOf(db, orgId, processor) };
}

/** POST /api/proposal-links/:token/payment-method: the processor's page for the signer's payment method, back to her link. */
export async function proposalPaymentSetup(
  db: Db,
  token: string,
  processor: PaymentProcessor | null,
  publicUrl: string,
): Promise<PaymentMethodSetup> {
  const o = await open(db, token);
  if (o.status !== "accepted") throw conflict("Accept the proposal first");
  const [p] = await queryRows<{ organization_id: number | null }>(db, sql`select organization_id from proposals where id = ${o.id}`);
  if (p?.organization_id == null) throw conflict("Billing has not started for this proposal");
  return paymentMethodSetup(db, Number(p.organization_id), processor, publicUrl, `${publicUrl}/proposal/${token}`);
}

export async function viewProposal(db: Db, token: string, processor: PaymentProcessor | null = null): Promise<PublicProposal> {
  const o = await db.transaction(async (tx) => {
    const o = await open(tx, token, true);
    if (o.status === "expired") throw expiredRefusal(o);
    await tx.execute(sql`update proposal_links set last_viewed_at = now() where id = ${o.link_id}`);
    if (o.status === "sent") {
      await tx.execute(
        sql`update proposals set status = 'viewed', viewed_at = now(), updated_at = now() where id = ${o.id} and status = 'sent'`,
      );
      return { ...o, status: "viewed" as const };
    }
    return o;
  });
  return withPayment(db, publicView(o, await proposalLines(db, o.id)), processor);
}

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
  const o = await open(db, token);
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
    const now = await open(tx, token, true);
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
  const o = await open(db, token);
  await assertAnswerable(db, o, input.proposal_id, visitor, "decline");
  await db.transaction(async (tx) => {
    const now = await open(tx, token, true);
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
