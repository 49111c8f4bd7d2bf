import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { formatLongDate, todayIso } from "~/lib/format.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict } from "~/server/http/app-error.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { documentText, FIRM_NAME, sha256Hex } from "./proposal-document.ts";
import { proposalUrl, tokenHash } from "./proposal-links.server.ts";
import { getProposal, proposalRow, type LineRow } from "./proposal-reads.server.ts";
import type { ProposalDetails } from "./proposals.types.ts";

/*
 * Sending a proposal (decision 118): the first sending freezes the document (its SHA-256 kept) and every sending mails
 * a fresh link; revoking stops every live link from opening it. Each is one transaction, audited.
 */

export function proposalMail(o: {
  to: string;
  clientName: string;
  title: string;
  url: string;
  expiresOn: string;
  message: string | null | undefined;
  sender: { email: string | null; name: string | null };
}): OutgoingMail {
  const { html, text } = renderMail({
    heading: `${o.title}: a proposal from ${FIRM_NAME}`,
    paragraphs: [
      `Hello ${o.clientName},`,
      ...(o.message ? [o.message] : []),
      "Here is our proposal and engagement letter. Read it online, choose the options you want, and accept it by typing your name, or decline it.",
    ],
    rows: [["Valid until", formatLongDate(o.expiresOn)]],
    action: { label: "Read and sign the proposal", url: o.url },
    after: [
      `The link works until ${formatLongDate(o.expiresOn)} and is for you alone: do not forward it.`,
      ...(o.sender.email ? [`Reply to this mail to reach ${o.sender.name || o.sender.email}.`] : []),
    ],
  });
  return { kind: "proposal", to: o.to, replyTo: o.sender.email, subject: `Proposal from ${FIRM_NAME}: ${o.title}`, html, text };
}

/**
 * POST /:id/send: a draft's document frozen (the letter filled in, the fees, the terms; its SHA-256), a link made and
 * mailed to `to` or the client's email; or, for a proposal already sent and still open, a fresh link mailed (the frozen
 * document unchanged). One transaction.
 */
export async function sendProposal(
  db: Db,
  id: number,
  input: { to?: string | undefined; message?: string | null | undefined },
  actor: AuditActor,
  publicUrl: string,
): Promise<ProposalDetails> {
  await db.transaction(async (tx) => {
    const p = await proposalRow(tx, id, true);
    if (p.status === "accepted") throw conflict("This proposal is already accepted");
    if (p.status === "declined") throw conflict("This proposal was declined: make a new one");
    if (p.status === "expired" || p.expires_on < todayIso())
      throw conflict(`This proposal expired on ${formatLongDate(p.expires_on)}: change its validity while a draft, or make a new one`);
    const to = input.to ?? p.client_email;
    if (p.status === "draft") {
      const lines = await queryRows<LineRow>(
        tx,
        sql`select id, catalogue_item_id, name, description, price_cents::text as price_cents, billing, quantity, optional
              from proposal_lines where proposal_id = ${id} order by position`,
      );
      const text = documentText({
        title: p.title,
        client_name: p.client_name,
        company: p.company,
        currency: p.currency,
        start_date: p.start_date,
        minimum_term_months: Number(p.minimum_term_months),
        expires_on: p.expires_on,
        letter: p.letter,
        lines: lines.map((l) => ({ ...l, price_cents: BigInt(l.price_cents), quantity: Number(l.quantity) })),
      });
      await tx.execute(
        sql`update proposals set status = 'sent', document_text = ${text}, document_sha256 = ${sha256Hex(text)}, sent_at = now(),
                   sent_to = ${to}, updated_at = now()
             where id = ${id}`,
      );
    } else {
      await tx.execute(sql`update proposals set sent_to = ${to}, updated_at = now() where id = ${id}`);
    }
    const token = randomBytes(32).toString("base64url");
    await tx.execute(
      sql`insert into proposal_links (proposal_id, token_hash, sent_to, created_by) values (${id}, ${tokenHash(token)}, ${to}, ${actor.id})`,
    );
    await enqueueMail(
      tx,
      proposalMail({
        to,
        clientName: p.client_name,
        title: p.title,
        url: proposalUrl(publicUrl, token),
        expiresOn: p.expires_on,
        message: input.message,
        sender: { email: actor.email, name: actor.name ?? null },
      }),
    );
    await recordAudit(tx, actor, { action: "proposal.sent", targetType: "proposal", targetId: id, after: { to } });
  });
  return getProposal(db, id);
}

/** POST /:id/revoke: every live link of the proposal stops opening it (the proposal itself is kept as it is). */
export async function revokeProposalLinks(db: Db, id: number, actor: AuditActor): Promise<ProposalDetails> {
  await db.transaction(async (tx) => {
    await proposalRow(tx, id, true);
    const revoked = await queryRows<{ id: number }>(
      tx,
      sql`update proposal_links set revoked_at = now() where proposal_id = ${id} and revoked_at is null returning id`,
    );
    await recordAudit(tx, actor, {
      action: "proposal.links_revoked",
      targetType: "proposal",
      targetId: id,
      after: { links: revoked.length },
    });
  });
  return getProposal(db, id);
}
