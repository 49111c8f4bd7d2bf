import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { formatLongDate, todayIso } from "~/lib/format.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput, notFound } from "~/server/http/app-error.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { documentText, FIRM_NAME, sha256Hex, unknownPlaceholders } from "./proposal-document.ts";
import type { Billing, ProposalInput, ProposalStatus, TemplateInput } from "./proposals.schema.ts";
import type { LetterTemplate, ProposalDetails, ProposalLine, ProposalSummary } from "./proposals.types.ts";

/*
 * Proposals (decision 118): the firm's letter templates; a proposal to a lead or a client organization, its lines
 * (copies, in cents) and terms, edited while a draft; sending it freezes the document and mails a link. Every write
 * of several rows is one transaction, audited.
 */

/** The page a proposal's link opens (src/app/routes/proposal.tsx); its API is /api/proposal-links/:token. */
export const PROPOSAL_PAGE_PATH = "/proposal";

export const tokenHash = (token: string): Buffer => createHash("sha256").update(token).digest();
export const proposalUrl = (publicUrl: string, token: string) => `${publicUrl}${PROPOSAL_PAGE_PATH}/${token}`;

const ts = (column: string) => sql.raw(`(to_jsonb(${column}) #>> '{}')`);

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

interface LineRow {
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

async function row(db: Db, id: number, lock = false): Promise<ProposalRow> {
  const [r] = await queryRows<ProposalRow>(
    db,
    sql`select ${COLUMNS} from proposals p where p.id = ${id} ${lock ? sql`for update of p` : sql``}`,
  );
  if (!r) throw notFound("Proposal not found");
  return r;
}

export async function getProposal(db: Db, id: number): Promise<ProposalDetails> {
  const r = await row(db, id);
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

/* ---------- Letter templates ---------- */

const templateColumns = sql`id, name, body, ${ts("updated_at")} as updated_at`;

export async function listTemplates(db: Db): Promise<LetterTemplate[]> {
  const rows = await queryRows<LetterTemplate>(db, sql`select ${templateColumns} from proposal_letter_templates order by lower(name), id`);
  return rows.map((t) => ({ ...t, id: Number(t.id) }));
}

function checkPlaceholders(field: string, text: string) {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    const message = `${field === "body" ? "Letter" : "Letter"} has an unknown placeholder: {{${unknown[0]}}}`;
    throw invalidInput({ [field]: message }, `${field}: ${message}`);
  }
}

export async function createTemplate(db: Db, input: TemplateInput, actor: AuditActor): Promise<LetterTemplate> {
  checkPlaceholders("body", input.body);
  return db.transaction(async (tx) => {
    const [t] = await queryRows<LetterTemplate>(
      tx,
      sql`insert into proposal_letter_templates (name, body, created_by) values (${input.name}, ${input.body}, ${actor.id})
          returning ${templateColumns}`,
    );
    await recordAudit(tx, actor, {
      action: "proposal_template.created",
      targetType: "proposal_template",
      targetId: t!.id,
      after: { name: input.name },
    });
    return { ...t!, id: Number(t!.id) };
  });
}

export async function updateTemplate(db: Db, id: number, input: TemplateInput, actor: AuditActor): Promise<LetterTemplate> {
  checkPlaceholders("body", input.body);
  return db.transaction(async (tx) => {
    const [t] = await queryRows<LetterTemplate>(
      tx,
      sql`update proposal_letter_templates set name = ${input.name}, body = ${input.body}, updated_at = now() where id = ${id}
          returning ${templateColumns}`,
    );
    if (!t) throw notFound("Letter template not found");
    await recordAudit(tx, actor, {
      action: "proposal_template.updated",
      targetType: "proposal_template",
      targetId: id,
      after: { name: input.name },
    });
    return { ...t, id: Number(t.id) };
  });
}

/* ---------- Composing ---------- */

/** Whom a proposal is to, from its lead or its client's owner, unless given. */
async function addressee(
  db: Db,
  input: ProposalInput,
): Promise<{ client_name: string; client_email: string; company: string; currency: string; organization_id: number | null }> {
  let base: { name: string | null; email: string | null; company: string | null; currency: string; organization_id: number | null };
  if (input.lead_id) {
    const [lead] = await queryRows<{
      name: string | null;
      email: string;
      company: string | null;
      spam: boolean;
      organization_id: number | null;
    }>(db, sql`select name, email, company, spam, organization_id from leads where id = ${input.lead_id}`);
    if (!lead) throw invalidInput({ lead_id: "Lead not found" }, "lead_id: Lead not found");
    if (lead.spam) throw invalidInput({ lead_id: "Release this lead from spam first" }, "lead_id: Release this lead from spam first");
    base = { name: lead.name, email: lead.email, company: lead.company, currency: "USD", organization_id: lead.organization_id };
  } else {
    const [org] = await queryRows<{ name: string; currency: string; owner_name: string | null; owner_email: string | null }>(
      db,
      sql`select g.name, g.currency, u.name as owner_name, u.email as owner_email
            from organizations g
            left join lateral (select u.name, u.email from organization_memberships m join users u on u.id = m.user_id
                                where m.organization_id = g.id and m.role = 'owner' order by m.created_at limit 1) u on true
           where g.id = ${input.organization_id!}`,
    );
    if (!org) throw invalidInput({ organization_id: "Client not found" }, "organization_id: Client not found");
    base = {
      name: org.owner_name,
      email: org.owner_email,
      company: org.name,
      currency: org.currency,
      organization_id: input.organization_id!,
    };
  }
  const client_email = input.client_email ?? base.email;
  if (!client_email) throw invalidInput({ client_email: "Give the client's email" }, "client_email: Give the client's email");
  const client_name = input.client_name || base.name || client_email;
  return {
    client_name,
    client_email,
    company: input.company ?? base.company ?? "",
    currency: base.currency,
    organization_id: base.organization_id === null ? null : Number(base.organization_id),
  };
}

async function letterOf(db: Db, input: ProposalInput): Promise<string> {
  if (input.letter) {
    checkPlaceholders("letter", input.letter);
    return input.letter;
  }
  if (!input.template_id) return "";
  const [t] = await queryRows<{ body: string }>(db, sql`select body from proposal_letter_templates where id = ${input.template_id}`);
  if (!t) throw invalidInput({ template_id: "Letter template not found" }, "template_id: Letter template not found");
  return t.body;
}

async function writeLines(tx: Db, id: number, input: ProposalInput) {
  await tx.execute(sql`delete from proposal_lines where proposal_id = ${id}`);
  const values = input.lines.map(
    (l, i) =>
      sql`(${id}, ${i}, ${l.catalogue_item_id ?? null}, ${l.name}, ${l.description || null}, ${String(l.price)}::bigint, ${l.billing}, ${l.quantity}, ${l.optional})`,
  );
  await tx.execute(
    sql`insert into proposal_lines (proposal_id, position, catalogue_item_id, name, description, price_cents, billing, quantity, optional)
        values ${sql.join(values, sql`, `)}`,
  );
}

function checkDates(input: ProposalInput) {
  if (input.expires_on < todayIso())
    throw invalidInput({ expires_on: "Valid until must be today or later" }, "expires_on: Valid until must be today or later");
}

export async function createProposal(db: Db, input: ProposalInput, actor: AuditActor): Promise<ProposalDetails> {
  checkDates(input);
  const who = await addressee(db, input);
  const letter = await letterOf(db, input);
  const id = await db.transaction(async (tx) => {
    const [p] = await queryRows<{ id: number }>(
      tx,
      sql`insert into proposals (lead_id, organization_id, title, client_name, client_email, company, currency, start_date,
                                 minimum_term_months, expires_on, template_id, letter, reminder_every_days, max_reminders, created_by)
          values (${input.lead_id ?? null}, ${who.organization_id}, ${input.title}, ${who.client_name}, ${who.client_email}, ${who.company},
                  ${who.currency}, ${input.start_date}, ${input.minimum_term_months}, ${input.expires_on}, ${input.template_id ?? null},
                  ${letter}, ${input.reminder_every_days}, ${input.max_reminders}, ${actor.id})
          returning id`,
    );
    const id = Number(p!.id);
    await writeLines(tx, id, input);
    await recordAudit(tx, actor, { action: "proposal.created", targetType: "proposal", targetId: id, after: { title: input.title } });
    return id;
  });
  return getProposal(db, id);
}

export async function updateProposal(db: Db, id: number, input: ProposalInput, actor: AuditActor): Promise<ProposalDetails> {
  checkDates(input);
  const who = await addressee(db, input);
  const letter = await letterOf(db, input);
  await db.transaction(async (tx) => {
    const p = await row(tx, id, true);
    if (p.status !== "draft") throw conflict("A proposal is edited only while it is a draft");
    await tx.execute(
      sql`update proposals set lead_id = ${input.lead_id ?? null}, organization_id = ${who.organization_id}, title = ${input.title},
                 client_name = ${who.client_name}, client_email = ${who.client_email}, company = ${who.company}, currency = ${who.currency},
                 start_date = ${input.start_date}, minimum_term_months = ${input.minimum_term_months}, expires_on = ${input.expires_on},
                 template_id = ${input.template_id ?? null}, letter = ${letter}, reminder_every_days = ${input.reminder_every_days},
                 max_reminders = ${input.max_reminders}, updated_at = now()
           where id = ${id}`,
    );
    await writeLines(tx, id, input);
    await recordAudit(tx, actor, { action: "proposal.updated", targetType: "proposal", targetId: id, after: { title: input.title } });
  });
  return getProposal(db, id);
}

export async function deleteProposal(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await row(tx, id, true);
    if (p.status !== "draft") throw conflict("Only a draft is deleted; revoke a sent proposal's links instead");
    await tx.execute(sql`delete from proposals where id = ${id}`);
    await recordAudit(tx, actor, { action: "proposal.deleted", targetType: "proposal", targetId: id, before: { title: p.title } });
  });
}

/* ---------- Sending ---------- */

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
    const p = await row(tx, id, true);
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
    await row(tx, id, true);
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
