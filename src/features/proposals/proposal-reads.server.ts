import { sql } from "drizzle-orm";
import { centsToDecimal } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/server/http/app-error.ts";
import type { Billing, ProposalStatus } from "./proposals.schema.ts";
import type { ProposalDetails, ProposalLine, ProposalSummary } from "./proposals.types.ts";

/*
 * Reading proposals (decision 118): one with its lines, links and evidence of signature, or the list; the status as
 * read (a sent or viewed proposal past its validity is expired).
 */

export const ts = (column: string) => sql.raw(`(to_jsonb(${column}) #>> '{}')`);

/** The status as read: a sent or viewed proposal past its validity is expired. */
export const statusSql = sql`case when p.status in ('sent', 'viewed') and p.expires_on < ${sql.raw("current_date")} then 'expired' else p.status end`;

/** A proposal as read: the summary's and the details' own columns, the evidence's columns (null until accepted). */
interface ProposalRow
  extends
    Omit<ProposalSummary, "totals">,
    Pick<
      ProposalDetails,
      | "minimum_term_months"
      | "template_id"
      | "letter"
      | "document_text"
      | "document_sha256"
      | "sent_to"
      | "viewed_at"
      | "declined_at"
      | "decline_reason"
    > {
  signer_name: string | null;
  signer_email: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  chosen_line_ids: number[] | null;
  signed_pdf_sha256: string | null;
  reminder_every_days: number;
  max_reminders: number;
  reminders_sent: number;
  totals: Partial<Record<Billing, string>> | null;
}

const COLUMNS = sql`p.id, p.title, ${statusSql} as status, p.lead_id::text as lead_id, p.organization_id, p.client_name, p.client_email,
  p.company, p.currency, p.start_date::text as start_date, p.expires_on::text as expires_on, p.minimum_term_months, p.template_id,
  p.letter, p.document_text, p.document_sha256, ${ts("p.sent_at")} as sent_at, p.sent_to, ${ts("p.viewed_at")} as viewed_at,
  ${ts("p.declined_at")} as declined_at, p.decline_reason, ${ts("p.accepted_at")} as accepted_at, p.signer_name, p.signer_email,
  p.signer_ip, p.signer_user_agent, p.chosen_line_ids, p.signed_pdf_sha256, p.reminder_every_days, p.max_reminders, p.reminders_sent,
  ${ts("p.created_at")} as created_at,
  (select jsonb_object_agg(t.billing, t.total) from (select l.billing, (sum(l.price_cents * l.quantity) / 100.0)::numeric(20,2)::text as total
     from proposal_lines l where l.proposal_id = p.id and not l.optional group by l.billing) t) as totals`;

function summaryOf(r: ProposalRow): ProposalSummary {
  return {
    id: Number(r.id),
    title: r.title,
    status: r.status,
    lead_id: r.lead_id,
    organization_id: r.organization_id === null ? null : Number(r.organization_id),
    client_name: r.client_name,
    client_email: r.client_email,
    company: r.company,
    currency: r.currency,
    start_date: r.start_date,
    expires_on: r.expires_on,
    totals: r.totals ?? {},
    sent_at: r.sent_at,
    accepted_at: r.accepted_at,
    created_at: r.created_at,
  };
}

export interface LineRow {
  id: number;
  catalogue_item_id: number | null;
  name: string;
  description: string | null;
  price_cents: string;
  billing: Billing;
  quantity: number;
  optional: boolean;
}

export async function proposalLines(db: Db, id: number): Promise<ProposalLine[]> {
  const rows = await queryRows<LineRow>(
    db,
    sql`select id, catalogue_item_id, name, description, price_cents::text as price_cents, billing, quantity, optional
          from proposal_lines where proposal_id = ${id} order by position`,
  );
  return rows.map((l) => ({
    id: Number(l.id),
    catalogue_item_id: l.catalogue_item_id === null ? null : Number(l.catalogue_item_id),
    name: l.name,
    description: l.description,
    price: centsToDecimal(BigInt(l.price_cents)),
    billing: l.billing,
    quantity: Number(l.quantity),
    optional: l.optional,
    amount: centsToDecimal(BigInt(l.price_cents) * BigInt(l.quantity)),
  }));
}

/** One proposal's row (404 if there is none), locked for update if asked. */
export async function proposalRow(db: Db, id: number, lock = false): Promise<ProposalRow> {
  const [r] = await queryRows<ProposalRow>(
    db,
    sql`select ${COLUMNS} from proposals p where p.id = ${id} ${lock ? sql`for update of p` : sql``}`,
  );
  if (!r) throw notFound("Proposal not found");
  return r;
}

export async function getProposal(db: Db, id: number): Promise<ProposalDetails> {
  const r = await proposalRow(db, id);
  const [lines, links] = await Promise.all([
    proposalLines(db, id),
    queryRows<{ id: number; sent_to: string; created_at: string; revoked_at: string | null; last_viewed_at: string | null }>(
      db,
      sql`select id, sent_to, ${ts("created_at")} as created_at, ${ts("revoked_at")} as revoked_at, ${ts("last_viewed_at")} as last_viewed_at
            from proposal_links where proposal_id = ${id} order by id`,
    ),
  ]);
  return {
    ...summaryOf(r),
    minimum_term_months: Number(r.minimum_term_months),
    template_id: r.template_id === null ? null : Number(r.template_id),
    letter: r.letter,
    reminders: { every_days: Number(r.reminder_every_days), max: Number(r.max_reminders), sent: Number(r.reminders_sent) },
    lines,
    document_text: r.document_text,
    document_sha256: r.document_sha256,
    sent_to: r.sent_to,
    viewed_at: r.viewed_at,
    declined_at: r.declined_at,
    decline_reason: r.decline_reason,
    evidence:
      r.accepted_at && r.signer_name && r.signed_pdf_sha256 && r.document_sha256
        ? {
            signer_name: r.signer_name,
            signer_email: r.signer_email,
            signer_ip: r.signer_ip,
            signer_user_agent: r.signer_user_agent,
            accepted_at: r.accepted_at,
            document_sha256: r.document_sha256,
            chosen_line_ids: (r.chosen_line_ids ?? []).map(Number),
            signed_pdf_sha256: r.signed_pdf_sha256,
          }
        : null,
    links: links.map((l) => ({ ...l, id: Number(l.id) })),
  };
}

export async function listProposals(db: Db, q: { status?: ProposalStatus | undefined }): Promise<ProposalSummary[]> {
  const rows = await queryRows<ProposalRow>(
    db,
    sql`select ${COLUMNS} from proposals p ${q.status ? sql`where ${statusSql} = ${q.status}` : sql``}
        order by p.created_at desc, p.id desc limit 500`,
  );
  return rows.map(summaryOf);
}
