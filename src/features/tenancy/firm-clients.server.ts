import { sql } from "drizzle-orm";
import { insertMembership } from "./organizations.server.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { conflict, invalidInput, notFound } from "~/server/http/app-error.ts";
import type { FirmClient, StaffMember } from "./tenancy.types.ts";
import { can, rolesHolding } from "~/lib/permissions.ts";

/**
 * One client organization for its page in the firm's Clients section: members (owners first), the last posted entry,
 * the number of drafts, whether the caller is a member (only members open the books), and whether anyone of the firm
 * still is (an owner may remove the firm's accountants). Null when there is no such organization.
 */
export async function findFirmClient(db: Db, viewerId: string, organizationId: number): Promise<FirmClient | null> {
  const rows = await queryRows<Omit<FirmClient, "created_at"> & { created_at: Date | string }>(
    db,
    sql`select o.id, o.name, o.created_at,
               coalesce((select json_agg(json_build_object('user_id', u.id, 'name', u.name, 'email', u.email, 'role', m.role)
                                  order by case m.role when 'owner' then 0 when 'accountant' then 1 else 2 end, u.email)
                           from organization_memberships m join users u on u.id = m.user_id
                          where m.organization_id = o.id), '[]'::json) as members,
               (select json_build_object('entry_number', e.entry_number, 'entry_date', e.entry_date, 'posted_at', e.posted_at)
                  from journal_entries e where e.organization_id = o.id and e.status = 'posted'
                 order by e.posted_at desc, e.id desc limit 1) as last_posted,
               (select count(*)::int from journal_entries e where e.organization_id = o.id and e.status = 'draft') as drafts,
               exists (select 1 from organization_memberships m where m.organization_id = o.id and m.user_id = ${viewerId}) as is_member,
               exists (select 1 from organization_memberships m join users u on u.id = m.user_id
                        where m.organization_id = o.id and u.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[]) and u.disabled_at is null) as firm_access
          from organizations o
         where o.id = ${organizationId}`,
  );
  const found = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    members: typeof r.members === "string" ? (JSON.parse(r.members) as FirmClient["members"]) : r.members,
    last_posted: typeof r.last_posted === "string" ? (JSON.parse(r.last_posted) as FirmClient["last_posted"]) : r.last_posted,
    drafts: Number(r.drafts),
  }));
  return found[0] ?? null;
}

/** The firm's people: users whose site role is staff or admin. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  return queryRows<StaffMember>(
    db,
    sql`select id, name, email from users where role = any(${pgArray(rolesHolding("books.keepClients"))}::text[]) order by lower(name), email`,
  );
}

/** An admin adds a staff member (themselves or another) to a client's organization as accountant. Audited. */
export async function addStaffAccountant(db: Db, actor: AuditActor, organizationId: number, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await queryRows(tx, sql`select 1 from organizations where id = ${organizationId} for update`);
    if (!org) throw notFound("Organization not found");
    const [user] = await queryRows<{ role: string }>(tx, sql`select role from users where id = ${userId}`);
    if (!user || !can(user, "books.keepClients")) throw invalidInput({ user_id: "Choose a staff member" }, "Choose a staff member");
    const added = await queryRows(
      tx,
      insertMembership(organizationId, userId, "accountant", sql`on conflict (organization_id, user_id) do nothing returning user_id`),
    );
    if (added.length === 0) throw conflict("This staff member is already a member of the organization.", { user_id: "Already a member" });
    await recordAudit(tx, actor, {
      action: "membership.staff_added",
      targetType: "organization_membership",
      targetId: `${organizationId}:${userId}`,
      after: { organization_id: organizationId, user_id: userId, role: "accountant" },
    });
  });
}
