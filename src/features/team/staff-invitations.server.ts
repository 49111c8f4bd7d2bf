import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAudit, senderName, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { STAFF_INVITE_DAYS, staffInviteMail } from "./team-mail.server.ts";

/** pending: the link works; the others say why it no longer does. */
export type StaffInvitationState = "pending" | "accepted" | "expired" | "revoked";

export const STAFF_INVITATION_MESSAGES: Record<Exclude<StaffInvitationState, "pending"> | "unknown", string> = {
  unknown: "This invitation link is not valid. Ask the firm's admin for a new one.",
  accepted: "This invitation has already been used. Sign in with your password.",
  expired: "This invitation has expired. Ask the firm's admin for a new one.",
  revoked: "This invitation was withdrawn. Ask the firm's admin for a new one.",
};

/** What the welcome page shows for a link. */
export interface StaffInvitationPreview {
  email: string;
  name: string;
  firstName: string | null;
  state: StaffInvitationState;
}

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A staff invitation grants the staff role: its sender must still be an active admin (SQL over alias `i`). */
const senderIsAdmin = sql`exists (select 1 from users s where s.id = i.invited_by and s.role = 'admin' and s.disabled_at is null)`;

const stateSql = (now: Date) =>
  sql`case when i.accepted_at is not null then 'accepted'
           when i.revoked_at is not null then 'revoked'
           when i.expires_at <= ${now.toISOString()}::timestamptz then 'expired'
           when not ${senderIsAdmin} then 'revoked'
           else 'pending' end`;

/**
 * Mails a new link to the account `userId` (made without a password), valid 7 days, replacing any earlier one; the
 * actor becomes its sender. In the caller's transaction.
 */
export async function sendStaffInvitation(
  tx: Db,
  actor: AuditActor,
  user: { id: string; email: string },
  publicUrl: string,
  now = new Date(),
) {
  const token = randomBytes(32).toString("base64url");
  await tx.execute(
    sql`update staff_invitations set revoked_at = ${now.toISOString()}::timestamptz
         where user_id = ${user.id} and accepted_at is null and revoked_at is null`,
  );
  const expires = new Date(now.getTime() + STAFF_INVITE_DAYS * 24 * 3600 * 1000);
  await tx.execute(
    sql`insert into staff_invitations (user_id, invited_by, token_hash, created_at, sent_at, expires_at)
        values (${user.id}, ${actor.id}, ${hashToken(token)}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
                ${expires.toISOString()}::timestamptz)`,
  );
  await enqueueMail(tx, staffInviteMail(user.email, `${publicUrl}/welcome/${token}`, senderName(actor)));
}

/** An admin sends the invitation of an account that has not chosen its password yet again. Audited. */
export async function resendStaffInvitation(db: Db, actor: AuditActor, userId: string, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await queryRows<{ id: string; email: string; has_login: boolean }>(
      tx,
      sql`select u.id, u.email, exists (select 1 from accounts a where a.user_id = u.id) as has_login
            from users u where u.id = ${userId} for update`,
    );
    if (!user) throw notFound("No such user");
    if (user.has_login) throw conflict("This person has already chosen a password: there is no invitation to send.");
    await sendStaffInvitation(tx, actor, user, publicUrl);
    await recordAudit(tx, actor, {
      action: "team.staff_invitation_resent",
      targetType: "user",
      targetId: userId,
      after: { email: user.email },
    });
  });
}

export async function previewStaffInvitation(db: Db, token: string, now = new Date()): Promise<StaffInvitationPreview | null> {
  const [row] = await queryRows<{ email: string; name: string; first_name: string | null; state: StaffInvitationState }>(
    db,
    sql`select u.email, u.name, u.first_name, ${stateSql(now)} as state
          from staff_invitations i join users u on u.id = i.user_id where i.token_hash = ${hashToken(token)}`,
  );
  return row ? { email: row.email, name: row.name, firstName: row.first_name, state: row.state } : null;
}

/**
 * Uses the link up, once, if its sender is still an active admin now (their row locked until the end, so a
 * demotion or disabling at the same moment waits or is waited for). Returns the account.
 */
export async function acceptStaffInvitation(db: Db, token: string, now = new Date()): Promise<{ id: string; email: string }> {
  return db.transaction(async (tx) => {
    const hash = hashToken(token);
    await tx.execute(
      sql`select 1 from staff_invitations i join users s on s.id = i.invited_by where i.token_hash = ${hash} for share of s`,
    );
    const [row] = await queryRows<{ id: number; user_id: string; email: string; state: StaffInvitationState }>(
      tx,
      sql`select i.id, i.user_id, u.email, ${stateSql(now)} as state from staff_invitations i join users u on u.id = i.user_id
           where i.token_hash = ${hash} for update of i`,
    );
    if (!row) throw notFound(STAFF_INVITATION_MESSAGES.unknown);
    if (row.state !== "pending") throw conflict(STAFF_INVITATION_MESSAGES[row.state]);
    await tx.execute(sql`update staff_invitations set accepted_at = ${now.toISOString()}::timestamptz where id = ${row.id}`);
    await recordAudit(
      tx,
      { id: row.user_id, email: row.email, ip: null },
      {
        action: "team.staff_invitation_accepted",
        targetType: "user",
        targetId: row.user_id,
        after: { email: row.email },
      },
    );
    return { id: row.user_id, email: row.email };
  });
}

/**
 * Takes back the pending staff invitations `userId` sent once they are no longer an active admin (demoted,
 * disabled): each invited account that never signed in goes with its invitation, so that no way in (not even
 * "forgot password") is left to the role it was given. In the caller's transaction; audited. Returns how many.
 */
export async function revokeStaffInvitationsSentBy(tx: Db, actor: AuditActor, userId: string, now = new Date()): Promise<number> {
  const rows = await queryRows<{ user_id: string; email: string }>(
    tx,
    sql`update staff_invitations i set revoked_at = ${now.toISOString()}::timestamptz
          from users u
         where u.id = i.user_id and i.invited_by = ${userId} and i.accepted_at is null and i.revoked_at is null and not ${senderIsAdmin}
        returning i.user_id, u.email`,
  );
  for (const row of rows) {
    await tx.execute(
      sql`delete from users u where u.id = ${row.user_id} and u.last_signed_in_at is null
            and not exists (select 1 from accounts a where a.user_id = u.id)`,
    );
    await recordAudit(tx, actor, {
      action: "team.staff_invitation_revoked",
      targetType: "user",
      targetId: row.user_id,
      before: { email: row.email, state: "invited", invited_by: userId },
      after: { state: "revoked", reason: "sender_may_no_longer_grant" },
    });
  }
  return rows.length;
}
