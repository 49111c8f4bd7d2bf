import { sql, type SQL } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import type { OrganizationRole } from "./tenancy.types.ts";
import { rolesHolding } from "~/lib/permissions.ts";

/** By which right an invitation was sent: an owner of the books, or the firm (Convert to client). */
export type InvitationAuthority = "owner" | "firm";

/** The roles a member of each role may grant by invitation: only an owner invites, to any role. */
export const GRANTABLE_ROLES: Record<OrganizationRole, readonly OrganizationRole[]> = {
  owner: ["owner", "accountant", "viewer"],
  accountant: [],
  viewer: [],
};

/**
 * True (SQL, over invitation alias `i`) when the sender of the invitation may still grant its role now: a member of
 * the books with a role that grants it ('owner'), or active staff or admin ('firm'). A sender whose account is gone
 * may grant nothing.
 */
export function senderMayGrantSql(): SQL {
  const byRole = (Object.entries(GRANTABLE_ROLES) as [OrganizationRole, readonly OrganizationRole[]][])
    .filter(([, grants]) => grants.length > 0)
    .map(
      ([role, grants]) =>
        sql`(m.role = ${role} and i.role in (${sql.join(
          grants.map((r) => sql`${r}`),
          sql`, `,
        )}))`,
    );
  return sql`(case i.sent_as
    when 'owner' then exists (select 1 from organization_memberships m
                               where m.organization_id = i.organization_id and m.user_id = i.invited_by
                                 and (${sql.join(byRole, sql` or `)}))
    else exists (select 1 from users s where s.id = i.invited_by and s.role = any(${pgArray(rolesHolding("firm.workspace"))}::text[]) and s.disabled_at is null)
  end)`;
}

/**
 * Revokes the pending invitations `userId` sent that they may no longer send (after a removal, a demotion, a
 * disabled account), in the caller's transaction, one audit row each. Returns how many.
 */
export async function revokeInvitationsSentBy(tx: Db, actor: AuditActor, userId: string, now = new Date()): Promise<number> {
  const rows = await queryRows<{ id: number; organization_id: number; email: string; role: OrganizationRole }>(
    tx,
    sql`update organization_invitations i set revoked_at = ${now.toISOString()}::timestamptz
         where i.invited_by = ${userId} and i.accepted_at is null and i.revoked_at is null
           and i.expires_at > ${now.toISOString()}::timestamptz and not ${senderMayGrantSql()}
        returning i.id, i.organization_id, i.email, i.role`,
  );
  for (const row of rows) {
    await recordAudit(tx, actor, {
      action: "membership.invitation_revoked",
      targetType: "organization_invitation",
      targetId: Number(row.id),
      before: { organization_id: Number(row.organization_id), email: row.email, role: row.role, state: "pending", invited_by: userId },
      after: { state: "revoked", reason: "sender_may_no_longer_grant" },
    });
  }
  return rows.length;
}
