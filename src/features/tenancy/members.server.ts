import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import type { Member, OrganizationRole } from "./tenancy.types.ts";
import { revokeInvitationsSentBy } from "./invitation-authority.server.ts";
import type { Membership } from "./tenancy.types.ts";

export const LAST_OWNER_MESSAGE = "An organization must keep at least one owner: make another member owner first.";

/** Every member of the organization, owners first, then by name. */
export async function listMembers(db: Db, organizationId: number): Promise<Member[]> {
  const rows = await queryRows<{ user_id: string; name: string; email: string; role: OrganizationRole; joined_at: Date | string }>(
    db,
    sql`select m.user_id, u.name, u.email, m.role, m.created_at as joined_at
          from organization_memberships m join users u on u.id = m.user_id
         where m.organization_id = ${organizationId}
         order by case m.role when 'owner' then 0 when 'accountant' then 1 else 2 end, lower(u.name), u.email`,
  );
  return rows.map((r) => ({ ...r, joined_at: new Date(r.joined_at).toISOString() }));
}

/** The organization's memberships, locked until the transaction ends: membership changes of one organization queue. */
async function lockMembers(tx: Db, organizationId: number): Promise<{ user_id: string; role: OrganizationRole }[]> {
  return queryRows(
    tx,
    sql`select user_id, role from organization_memberships where organization_id = ${organizationId} order by user_id for update`,
  );
}

function target(rows: { user_id: string; role: OrganizationRole }[], userId: string) {
  const row = rows.find((r) => r.user_id === userId);
  if (!row) throw notFound("Member not found");
  return row;
}

const isLastOwner = (rows: { role: OrganizationRole }[], role: OrganizationRole) =>
  role === "owner" && rows.filter((r) => r.role === "owner").length === 1;

const membershipId = (organizationId: number, userId: string) => `${organizationId}:${userId}`;

/**
 * An owner changes a member's role; the last owner cannot stop being one. The invitations the member sent that their
 * new role may not send are revoked. Audited in the same transaction.
 */
export async function changeRole(db: Db, m: Membership, actor: AuditActor, userId: string, role: OrganizationRole): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockMembers(tx, m.organizationId);
    const current = target(rows, userId);
    if (current.role === role) return;
    if (isLastOwner(rows, current.role)) throw conflict(LAST_OWNER_MESSAGE, { role: LAST_OWNER_MESSAGE });
    await tx.execute(
      sql`update organization_memberships set role = ${role} where organization_id = ${m.organizationId} and user_id = ${userId}`,
    );
    await recordAudit(tx, actor, {
      action: "membership.role_changed",
      targetType: "organization_membership",
      targetId: membershipId(m.organizationId, userId),
      before: { organization_id: m.organizationId, user_id: userId, role: current.role },
      after: { organization_id: m.organizationId, user_id: userId, role },
    });
    // A member who may no longer invite: the invitations they sent are taken back with their role.
    await revokeInvitationsSentBy(tx, actor, userId);
  });
}

/** An owner removes a member (themselves included, unless they are the last owner), and their pending invitations. Audited. */
export async function removeMember(db: Db, m: Membership, actor: AuditActor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockMembers(tx, m.organizationId);
    const current = target(rows, userId);
    if (isLastOwner(rows, current.role)) throw conflict(LAST_OWNER_MESSAGE);
    await tx.execute(sql`delete from organization_memberships where organization_id = ${m.organizationId} and user_id = ${userId}`);
    await recordAudit(tx, actor, {
      action: "membership.removed",
      targetType: "organization_membership",
      targetId: membershipId(m.organizationId, userId),
      before: { organization_id: m.organizationId, user_id: userId, role: current.role },
    });
    await revokeInvitationsSentBy(tx, actor, userId);
  });
}

/** The owner hands ownership to another member, and stays on as accountant. Audited. */
export async function transferOwnership(db: Db, m: Membership, actor: AuditActor, userId: string): Promise<void> {
  if (userId === m.userId) throw conflict("You are already an owner of this organization.", { user_id: "Choose another member" });
  await db.transaction(async (tx) => {
    const rows = await lockMembers(tx, m.organizationId);
    const next = target(rows, userId);
    const self = target(rows, m.userId);
    await tx.execute(
      sql`update organization_memberships set role = 'owner' where organization_id = ${m.organizationId} and user_id = ${userId}`,
    );
    await tx.execute(
      sql`update organization_memberships set role = 'accountant' where organization_id = ${m.organizationId} and user_id = ${m.userId}`,
    );
    await recordAudit(tx, actor, {
      action: "membership.ownership_transferred",
      targetType: "organization",
      targetId: m.organizationId,
      before: { owner: m.userId, owner_role: self.role, new_owner: userId, new_owner_role: next.role },
      after: { owner: userId, owner_role: "owner", previous_owner: m.userId, previous_owner_role: "accountant" },
    });
    await revokeInvitationsSentBy(tx, actor, m.userId);
  });
}
