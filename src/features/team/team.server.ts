import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import { revokeInvitationsSentBy } from "~/features/tenancy/index.server.ts";
import { revokeStaffInvitationsSentBy, sendStaffInvitation } from "./staff-invitations.server.ts";
import { TEAM_PAGE_SIZE, type StaffInviteInput, type TeamQuery, type TeamRole } from "./team.schema.ts";
import type { TeamListResponse, TeamMember } from "./team.types.ts";

export const LAST_ADMIN_MESSAGE = "The firm must keep at least one active admin.";
export const SELF_DISABLE_MESSAGE = "You cannot disable your own account.";
export const EXISTING_ACCOUNT_MESSAGE = "This address already has an account. Change its role in the list instead.";

interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: TeamRole;
  disabled_at: string | Date | null;
  last_signed_in_at: string | Date | null;
  created_at: string | Date;
  has_login: boolean;
  invitation_sent_at: string | Date | null;
  invitation_accepted_at: string | Date | null;
}

const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());

function toMember(r: MemberRow): TeamMember {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    state: r.disabled_at ? "disabled" : r.has_login || r.last_signed_in_at ? "active" : "invited",
    lastSignedInAt: iso(r.last_signed_in_at),
    createdAt: iso(r.created_at)!,
    invitationSentAt: iso(r.invitation_sent_at),
    invitationAcceptedAt: iso(r.invitation_accepted_at),
  };
}

const MEMBER_COLUMNS = sql`u.id, u.email, u.name, u.role, u.disabled_at, u.last_signed_in_at, u.created_at,
  exists (select 1 from accounts a where a.user_id = u.id) as has_login,
  (select max(i.sent_at) from staff_invitations i where i.user_id = u.id) as invitation_sent_at,
  (select max(i.accepted_at) from staff_invitations i where i.user_id = u.id) as invitation_accepted_at`;

/** Someone who may no longer grant what they granted: their pending invitations (staff, and to clients' books) go. */
async function revokeInvitationsOf(tx: Db, actor: AuditActor, userId: string): Promise<void> {
  await revokeStaffInvitationsSentBy(tx, actor, userId);
  await revokeInvitationsSentBy(tx, actor, userId);
}

/** Every user with their site role and state: admins, then staff, then clients; paged. */
export async function listTeam(db: Db, query: TeamQuery): Promise<TeamListResponse> {
  const conditions = [sql`true`];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(sql`(u.email ilike ${like} or u.name ilike ${like})`);
  }
  if (query.role) conditions.push(sql`u.role = ${query.role}`);
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * TEAM_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    queryRows<MemberRow>(
      db,
      sql`select ${MEMBER_COLUMNS} from users u where ${where}
           order by case u.role when 'admin' then 0 when 'staff' then 1 else 2 end, u.email
           limit ${TEAM_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ total: string | number }>(db, sql`select count(*) as total from users u where ${where}`),
  ]);
  return { members: rows.map(toMember), page: query.page, pageSize: TEAM_PAGE_SIZE, total: Number(count?.total ?? 0) };
}

async function memberById(db: Db, userId: string, lock = false): Promise<MemberRow> {
  const [row] = await queryRows<MemberRow>(
    db,
    lock
      ? sql`select ${MEMBER_COLUMNS} from users u where u.id = ${userId} for update of u`
      : sql`select ${MEMBER_COLUMNS} from users u where u.id = ${userId}`,
  );
  if (!row) throw notFound("No such user");
  return row;
}

/**
 * Refuses a change that would leave no active admin. Locks every active admin's row first, so two admins
 * demoting or disabling each other at once cannot both succeed.
 */
async function keepOneAdmin(tx: Db, target: MemberRow): Promise<void> {
  const admins = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where role = 'admin' and disabled_at is null order by id for update`,
  );
  const wasActiveAdmin = admins.some((a) => a.id === target.id);
  if (wasActiveAdmin && admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
}

export async function changeRole(db: Db, actor: AuditActor, userId: string, role: TeamRole): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    if (role !== "admin") await keepOneAdmin(tx, await memberById(tx, userId));
    const target = await memberById(tx, userId, true);
    if (target.role === role) return toMember(target);
    await tx.execute(sql`update users set role = ${role}, updated_at = now() where id = ${userId}`);
    await recordAudit(tx, actor, {
      action: "team.role_changed",
      targetType: "user",
      targetId: userId,
      before: { email: target.email, role: target.role },
      after: { email: target.email, role },
    });
    await revokeInvitationsOf(tx, actor, userId);
    return toMember({ ...target, role });
  });
}

/** Disables an account: every session of it ends in the same transaction; sign-in is refused from now on. */
export async function disableUser(db: Db, actor: AuditActor, userId: string): Promise<TeamMember> {
  if (actor.id === userId) throw conflict(SELF_DISABLE_MESSAGE);
  return db.transaction(async (tx) => {
    await keepOneAdmin(tx, await memberById(tx, userId));
    const target = await memberById(tx, userId, true);
    if (target.disabled_at) return toMember(target);
    const [updated] = await queryRows<{ disabled_at: string | Date }>(
      tx,
      sql`update users set disabled_at = now(), updated_at = now() where id = ${userId} returning disabled_at`,
    );
    const ended = await queryRows<{ id: string }>(tx, sql`delete from sessions where user_id = ${userId} returning id`);
    await recordAudit(tx, actor, {
      action: "team.user_disabled",
      targetType: "user",
      targetId: userId,
      before: { email: target.email, state: "active" },
      after: { email: target.email, state: "disabled", sessions_ended: ended.length },
    });
    await revokeInvitationsOf(tx, actor, userId);
    return toMember({ ...target, disabled_at: updated!.disabled_at });
  });
}

export async function enableUser(db: Db, actor: AuditActor, userId: string): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const target = await memberById(tx, userId, true);
    if (!target.disabled_at) return toMember(target);
    await tx.execute(sql`update users set disabled_at = null, updated_at = now() where id = ${userId}`);
    await recordAudit(tx, actor, {
      action: "team.user_enabled",
      targetType: "user",
      targetId: userId,
      before: { email: target.email, state: "disabled" },
      after: { email: target.email, state: "active" },
    });
    return toMember({ ...target, disabled_at: null });
  });
}

/**
 * Invites a staff member: creates their verified account with the staff role and no password, and mails a
 * one-time link (7 days) to the welcome page, where they choose one and are signed in (staff-invitations.server.ts).
 * Account, invitation, mail and audit row are one transaction.
 */
export async function inviteStaff(db: Db, actor: AuditActor, input: StaffInviteInput, publicUrl: string): Promise<TeamMember> {
  const email = input.email.trim().toLowerCase();
  const firstName = input.firstName?.trim() || null;
  const lastName = input.lastName?.trim() || null;
  const name = [firstName, lastName].filter(Boolean).join(" ") || email;
  return db.transaction(async (tx) => {
    const [existing] = await queryRows<{ id: string }>(tx, sql`select id from users where email = ${email}`);
    if (existing) throw conflict(EXISTING_ACCOUNT_MESSAGE, { email: EXISTING_ACCOUNT_MESSAGE });
    const id = randomUUID().replaceAll("-", "");
    const [row] = await queryRows<MemberRow>(
      tx,
      sql`insert into users (id, name, email, email_verified, first_name, last_name, role)
          values (${id}, ${name}, ${email}, true, ${firstName}, ${lastName}, 'staff')
          returning id, email, name, role, disabled_at, last_signed_in_at, created_at, false as has_login,
                    now() as invitation_sent_at, null as invitation_accepted_at`,
    );
    await sendStaffInvitation(tx, actor, { id, email }, publicUrl);
    await recordAudit(tx, actor, {
      action: "team.staff_invited",
      targetType: "user",
      targetId: id,
      after: { email, role: "staff" },
    });
    return toMember(row!);
  });
}
