import { sql } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { getProposal, proposalRow } from "./proposal-reads.server.ts";
import { checkPlaceholders } from "./proposal-templates.server.ts";
import type { ProposalInput } from "./proposals.schema.ts";
import type { ProposalDetails } from "./proposals.types.ts";

/*
 * Composing a proposal (decision 118): to a lead or a client organization (whom it is to, unless given, from the lead
 * or the client's owner), its letter (its own or a template's), its lines (copies, in cents) and terms; edited and
 * deleted only while a draft. Every write of several rows is one transaction, audited.
 */

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
    const p = await proposalRow(tx, id, true);
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
    const p = await proposalRow(tx, id, true);
    if (p.status !== "draft") throw conflict("Only a draft is deleted; revoke a sent proposal's links instead");
    await tx.execute(sql`delete from proposals where id = ${id}`);
    await recordAudit(tx, actor, { action: "proposal.deleted", targetType: "proposal", targetId: id, before: { title: p.title } });
  });
}
