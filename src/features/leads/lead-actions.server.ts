import { sql } from "drizzle-orm";
import { createClientOrganization } from "~/features/tenancy/index.server.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { conflict, invalidInput, notFound } from "~/server/http/app-error.ts";
import { leadFieldList } from "./lead-field-list.ts";
import type { LeadConvertInput, LeadStatus } from "./leads-inbox.schema.ts";
import { listOwners, SUMMARY_COLUMNS, toSummary } from "./leads-inbox.server.ts";
import type { LeadDetail, LeadEvent, LeadNote, LeadsAttention, LeadSummary } from "./leads-inbox.types.ts";
import { rolesHolding } from "~/lib/permissions.ts";

type SummaryRow = Parameters<typeof toSummary>[0];

async function summary(db: Db, id: string, lock = false): Promise<LeadSummary> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from leads l left join users o on o.id = l.owner_id where l.id = ${id}
        ${lock ? sql`for update of l` : sql``}`,
  );
  if (!row) throw notFound("Lead not found");
  return toSummary(row);
}

/** A lead with every field the visitor sent, its history and its notes. */
export async function getLead(db: Db, id: string): Promise<LeadDetail> {
  const lead = await summary(db, id);
  const [[source], events, notes, owners] = await Promise.all([
    queryRows<{ fields: Record<string, unknown>; user_name: string | null; user_email: string | null; organization_name: string | null }>(
      db,
      // The sender is shown as a client when her signed-in account is a member of the lead's organization.
      sql`select l.fields, u.name as user_name, u.email as user_email, g.name as organization_name
            from leads l left join users u on u.id = l.user_id
            left join organizations g on g.id = l.organization_id
                  and exists (select 1 from organization_memberships m where m.organization_id = g.id and m.user_id = l.user_id)
           where l.id = ${id}`,
    ),
    queryRows<{
      id: string;
      type: LeadEvent["type"];
      from_value: string | null;
      to_value: string | null;
      actor: string | null;
      created_at: string;
    }>(
      db,
      sql`select e.id::text as id, e.type, e.from_value, e.to_value, coalesce(u.name, e.actor_email) as actor,
                 to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
          from lead_events e left join users u on u.id = e.actor_id where e.lead_id = ${id} order by e.created_at, e.id`,
    ),
    queryRows<{ id: string; body: string; author: string | null; created_at: string }>(
      db,
      sql`select n.id::text as id, n.body, coalesce(u.name, n.author_email) as author,
                 to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
          from lead_notes n left join users u on u.id = n.author_id where n.lead_id = ${id} order by n.created_at desc, n.id desc`,
    ),
    listOwners(db),
  ]);
  return {
    ...lead,
    fields: leadFieldList(source?.fields ?? {}),
    client:
      source?.organization_name && lead.organizationId !== null
        ? {
            name: source.user_name ?? "",
            email: source.user_email ?? "",
            organizationId: lead.organizationId,
            organizationName: source.organization_name,
          }
        : null,
    events: events.map((e) => ({ id: e.id, type: e.type, from: e.from_value, to: e.to_value, actor: e.actor, createdAt: e.created_at })),
    notes: notes.map((n): LeadNote => ({ id: n.id, body: n.body, author: n.author, createdAt: n.created_at })),
    owners,
  };
}

async function addEvent(tx: Db, leadId: string, actor: AuditActor, type: LeadEvent["type"], from: string | null, to: string | null) {
  await tx.execute(sql`insert into lead_events (lead_id, type, from_value, to_value, actor_id, actor_email)
                       values (${leadId}, ${type}, ${from}, ${to}, ${actor.id}, ${actor.email})`);
}

/** Sets a lead's status in `tx`, with its history line and audit row; nothing when it already has it. */
async function setStatusIn(tx: Db, leadId: string, status: LeadStatus, actor: AuditActor): Promise<void> {
  const lead = await summary(tx, leadId, true);
  if (lead.status === status) return;
  await tx.execute(sql`update leads set status = ${status}, updated_at = now() where id = ${leadId}`);
  await addEvent(tx, leadId, actor, "status", lead.status, status);
  await recordAudit(tx, actor, {
    action: "lead.status_changed",
    targetType: "lead",
    targetId: leadId,
    before: { status: lead.status },
    after: { status },
  });
}

export async function changeLeadStatus(db: Db, leadId: string, status: LeadStatus, actor: AuditActor): Promise<LeadSummary> {
  return db.transaction(async (tx) => {
    await setStatusIn(tx, leadId, status, actor);
    return summary(tx, leadId);
  });
}

/**
 * Marks a lead won, in the caller's transaction (converting a lead into a client does it with the rest of the
 * conversion). Recorded in the lead's history and the audit log like any status change.
 */
export async function markLeadWon(tx: Db, leadId: string, actor: AuditActor): Promise<void> {
  await setStatusIn(tx, leadId, "won", actor);
}

/**
 * Convert to client: the client's organization (its currency, the standard chart or an empty one) made from the lead, its email invited as the owner,
 * the converting staff member added as accountant, and the lead marked won — all in one transaction.
 */
export async function convertLead(
  db: Db,
  leadId: string,
  { companyName, currency, chart }: LeadConvertInput,
  actor: AuditActor & { id: string },
  publicUrl: string,
): Promise<LeadSummary> {
  return db.transaction(async (tx) => {
    const lead = await summary(tx, leadId, true);
    if (lead.spam) throw conflict("Release this lead from spam before converting it");
    if (lead.organizationId !== null) throw conflict("This lead is already a client");
    const { organizationId } = await createClientOrganization(tx, {
      companyName,
      ownerEmail: lead.email,
      accountantUserId: actor.id,
      books: { currency, chart },
      actor,
      publicUrl,
    });
    await tx.execute(sql`update leads set organization_id = ${organizationId}, updated_at = now() where id = ${leadId}`);
    await recordAudit(tx, actor, {
      action: "lead.converted",
      targetType: "lead",
      targetId: leadId,
      after: { organizationId, companyName, currency, chart },
    });
    await setStatusIn(tx, leadId, "won", actor);
    return summary(tx, leadId);
  });
}

export async function setLeadOwner(db: Db, leadId: string, ownerId: string | null, actor: AuditActor): Promise<LeadSummary> {
  return db.transaction(async (tx) => {
    const lead = await summary(tx, leadId, true);
    let ownerEmail: string | null = null;
    if (ownerId) {
      const [owner] = await queryRows<{ email: string }>(
        tx,
        sql`select email from users where id = ${ownerId} and role = any(${pgArray(rolesHolding("firm.leads"))}::text[])`,
      );
      if (!owner) throw invalidInput({ ownerId: "Owner must be a staff member or an admin" });
      ownerEmail = owner.email;
    }
    if ((lead.owner?.id ?? null) === ownerId) return lead;
    await tx.execute(sql`update leads set owner_id = ${ownerId}, updated_at = now() where id = ${leadId}`);
    await addEvent(tx, leadId, actor, "owner", lead.owner?.email ?? null, ownerEmail);
    await recordAudit(tx, actor, {
      action: "lead.owner_changed",
      targetType: "lead",
      targetId: leadId,
      before: { ownerId: lead.owner?.id ?? null },
      after: { ownerId },
    });
    return summary(tx, leadId);
  });
}

export async function addLeadNote(db: Db, leadId: string, body: string, actor: AuditActor): Promise<LeadNote> {
  return db.transaction(async (tx) => {
    await summary(tx, leadId);
    const [row] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`insert into lead_notes (lead_id, author_id, author_email, body) values (${leadId}, ${actor.id}, ${actor.email}, ${body})
          returning id::text as id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`,
    );
    await recordAudit(tx, actor, { action: "lead.note_added", targetType: "lead", targetId: leadId, after: { noteId: row!.id } });
    return { id: row!.id, body, author: actor.email, createdAt: row!.created_at };
  });
}

/** Moves a lead flagged as spam into the inbox. */
export async function releaseLead(db: Db, leadId: string, actor: AuditActor): Promise<LeadSummary> {
  return db.transaction(async (tx) => {
    const lead = await summary(tx, leadId, true);
    if (!lead.spam) throw conflict("This lead is not marked as spam");
    await tx.execute(sql`update leads set spam = false, updated_at = now() where id = ${leadId}`);
    await addEvent(tx, leadId, actor, "released", lead.spamReason, null);
    await recordAudit(tx, actor, {
      action: "lead.released",
      targetType: "lead",
      targetId: leadId,
      before: { spam: true, spamReason: lead.spamReason },
      after: { spam: false },
    });
    return summary(tx, leadId);
  });
}

/** For the firm's start page: new leads and leads without an owner (spam left out). */
export async function leadsAttention(db: Db): Promise<LeadsAttention> {
  const [row] = await queryRows<{ new_leads: number; without_owner: number }>(
    db,
    sql`select (select count(*)::int from leads where spam = false and status = 'new') as new_leads,
               (select count(*)::int from leads where spam = false and owner_id is null) as without_owner`,
  );
  return { newLeads: row?.new_leads ?? 0, withoutOwner: row?.without_owner ?? 0 };
}
