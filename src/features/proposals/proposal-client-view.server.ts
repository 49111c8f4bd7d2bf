import { sql } from "drizzle-orm";
import { formatLongDate } from "~/lib/format.ts";
import { paymentMethodSetup, paymentStateOf } from "~/features/billing/index.server.ts";
import type { PaymentMethodSetup } from "~/features/billing/client-billing.types.ts";
import type { PaymentProcessor } from "~/features/payments/index.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, conflict, notFound } from "~/server/http/app-error.ts";
import { FIRM_NAME } from "./proposal-document.ts";
import { tokenHash } from "./proposal-links.server.ts";
import { proposalLines, statusSql } from "./proposal-reads.server.ts";
import { PROPOSAL_TOKEN_PATTERN, type ProposalStatus } from "./proposals.schema.ts";
import type { ProposalLine, ProposalTerms, PublicProposal } from "./proposals.types.ts";

/*
 * A proposal as the client reads it through her link, without an account (decision 118): the link opened (an unknown
 * or revoked secret answered alike), the first view marking it viewed, an accepted one's payment state and the page
 * for her payment method.
 */

/** The same answer for a secret that is unknown or revoked. */
export const proposalLinkNotFound = () => notFound("This link does not open a proposal: it may have been replaced or revoked");

/** Who is at the other end of the link: her address and browser, for the evidence and the audit log. */
export interface Visitor {
  ip: string;
  userAgent: string | null;
}

export interface Opened extends ProposalTerms {
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

/** The proposal a live link opens (not a draft), locked for update if asked; 404 for any other secret. */
export async function openLink(db: Db, token: string, lock = false): Promise<Opened> {
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

export const expiredRefusal = (o: Opened) =>
  new AppError(410, "GONE", `This proposal expired on ${formatLongDate(o.expires_on)}: ask ${FIRM_NAME} for a new one`);

export function publicView(o: Opened, lines: ProposalLine[]): PublicProposal {
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

/** An accepted proposal's payment state (decision 119): read from the client's billing account, once billed. */
export async function withPayment(db: Db, view: PublicProposal, processor: PaymentProcessor | null): Promise<PublicProposal> {
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
  const o = await openLink(db, token);
  if (o.status !== "accepted") throw conflict("Accept the proposal first");
  const [p] = await queryRows<{ organization_id: number | null }>(db, sql`select organization_id from proposals where id = ${o.id}`);
  if (p?.organization_id == null) throw conflict("Billing has not started for this proposal");
  return paymentMethodSetup(db, Number(p.organization_id), processor, publicUrl, `${publicUrl}/proposal/${token}`);
}

/**
 * GET /api/proposal-links/:token: the proposal as the client reads it. The first view of a sent proposal marks it
 * viewed; an expired one is 410 (its link expires with it); an unknown or revoked secret 404.
 */
export async function viewProposal(db: Db, token: string, processor: PaymentProcessor | null = null): Promise<PublicProposal> {
  const o = await db.transaction(async (tx) => {
    const o = await openLink(tx, token, true);
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
