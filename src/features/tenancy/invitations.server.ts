import { createHash, randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { insertMembership } from "./organizations.server.ts";
import { recordAudit, senderName, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, forbidden, notFound } from "~/server/http/app-error.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import type { Invitation, InvitationPreview, InvitationState, OrganizationRole } from "./tenancy.types.ts";
import { senderMayGrantSql, type InvitationAuthority } from "./invitation-authority.server.ts";
import { INVITATION_MESSAGES, type InviteInput } from "./members.schema.ts";

export { INVITATION_MESSAGES };

/** An invitation link works for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What the service needs besides the database: the clock (tests move it) and the site's address for the link. */
export interface InvitationOptions {
  now?: Date;
  publicUrl: string;
  /** By which right it is sent (default: an owner of the books); checked again when it is accepted. */
  sentAs?: InvitationAuthority;
}

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * The state of an invitation row at `now` (an expired one that was closed later still reads "expired"). A pending
 * one whose sender may no longer grant its role reads "revoked": it can no longer be accepted.
 */
const stateSql = (now: Date): SQL =>
  sql`case when i.accepted_at is not null then 'accepted'
           when i.expires_at <= coalesce(i.revoked_at, ${now.toISOString()}::timestamptz) then 'expired'
           when i.revoked_at is not null then 'revoked'
           when not ${senderMayGrantSql()} then 'revoked'
           else 'pending' end`;

const ROLE_WORDS: Record<OrganizationRole, string> = { owner: "an owner", accountant: "an accountant", viewer: "a viewer" };

function invitationMail(to: string, organizationName: string, role: OrganizationRole, inviter: string | null, url: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: `You are invited to ${organizationName}`,
    paragraphs: [
      `${inviter ?? "Ledgerline Advisors"} invited you to the books of ${organizationName} on Ledgerline Advisors, as ${ROLE_WORDS[role]}.`,
      "Open the link to sign in, or to create your account with this email address. The link works once, for 7 days.",
      "If you did not expect this invitation, you can ignore this message.",
    ],
    action: { label: "Accept the invitation", url },
  });
  return { kind: "organization-invitation", to, subject: `Invitation to ${organizationName}`, html, text };
}

/** The organization's invitations, newest first, each with its state. */
export async function listInvitations(db: Db, organizationId: number, now = new Date()): Promise<Invitation[]> {
  type Row = Omit<Invitation, "created_at" | "expires_at" | "sent_at" | "accepted_at"> &
    Record<`${"created" | "expires" | "sent"}_at`, Date | string>;
  const rows = await queryRows<Row & { accepted_at: Date | string | null }>(
    db,
    sql`select i.id, i.email, i.role, ${stateSql(now)} as state, u.email as invited_by, i.created_at, i.expires_at, i.sent_at, i.accepted_at
          from organization_invitations i left join users u on u.id = i.invited_by
         where i.organization_id = ${organizationId}
         order by i.created_at desc, i.id desc
         limit 200`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
    sent_at: new Date(r.sent_at).toISOString(),
    accepted_at: r.accepted_at ? new Date(r.accepted_at).toISOString() : null,
  }));
}

/**
 * Invites an address into an organization with a role: stores the invitation, queues its mail and writes the audit
 * row in one transaction. Refused (409) when the address is already a member or already has a pending invitation.
 */
export async function createInvitation(
  tx: Db,
  organizationId: number,
  actor: AuditActor,
  input: InviteInput,
  opts: InvitationOptions,
): Promise<Invitation> {
  const now = opts.now ?? new Date();
  const [org] = await queryRows<{ name: string }>(tx, sql`select name from organizations where id = ${organizationId}`);
  if (!org) throw notFound("Organization not found");
  const [member] = await queryRows(
    tx,
    sql`select 1 from organization_memberships m join users u on u.id = m.user_id
         where m.organization_id = ${organizationId} and lower(u.email) = ${input.email}`,
  );
  if (member) {
    const message = `${input.email} is already a member of this organization.`;
    throw conflict(message, { email: message });
  }
  // An expired invitation no longer counts as pending: close it so that the address can be invited again.
  await tx.execute(
    sql`update organization_invitations set revoked_at = ${now.toISOString()}::timestamptz
         where organization_id = ${organizationId} and email = ${input.email}
           and accepted_at is null and revoked_at is null and expires_at <= ${now.toISOString()}::timestamptz`,
  );
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + INVITATION_TTL_MS);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into organization_invitations (organization_id, email, role, token_hash, invited_by, sent_as, created_at, sent_at, expires_at)
        values (${organizationId}, ${input.email}, ${input.role}, ${hashToken(token)}, ${actor.id}, ${opts.sentAs ?? "owner"},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${expires.toISOString()}::timestamptz)
        on conflict do nothing
        returning id`,
  );
  if (!row) {
    const message = `An invitation to ${input.email} is already pending. Revoke it to send a new one.`;
    throw conflict(message, { email: message });
  }
  const url = `${opts.publicUrl}/invitations/${token}`;
  await enqueueMail(tx, invitationMail(input.email, org.name, input.role, senderName(actor), url));
  await recordAudit(tx, actor, {
    action: "membership.invited",
    targetType: "organization_invitation",
    targetId: row.id,
    after: { organization_id: organizationId, email: input.email, role: input.role, expires_at: expires.toISOString() },
  });
  return {
    id: Number(row.id),
    email: input.email,
    role: input.role,
    state: "pending",
    invited_by: actor.email,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    sent_at: now.toISOString(),
    accepted_at: null,
  };
}

/** An owner withdraws a pending invitation; its link stops working. Audited. */
export async function revokeInvitation(db: Db, organizationId: number, actor: AuditActor, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ email: string; role: OrganizationRole; state: InvitationState }>(
      tx,
      sql`select i.email, i.role, ${stateSql(now)} as state from organization_invitations i
           where i.id = ${id} and i.organization_id = ${organizationId} for update`,
    );
    if (!row) throw notFound("Invitation not found");
    if (row.state !== "pending") throw conflict(`This invitation is ${row.state} and can no longer be revoked.`);
    await tx.execute(sql`update organization_invitations set revoked_at = ${now.toISOString()}::timestamptz where id = ${id}`);
    await recordAudit(tx, actor, {
      action: "membership.invitation_revoked",
      targetType: "organization_invitation",
      targetId: id,
      before: { organization_id: organizationId, email: row.email, role: row.role, state: "pending" },
      after: { state: "revoked" },
    });
  });
}

/** What the invitation page shows for a token; null when no invitation has it. */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationPreview | null> {
  const [row] = await queryRows<InvitationPreview>(
    db,
    sql`select o.name as organization_name, i.email, i.role, ${stateSql(now)} as state,
               exists (select 1 from users u where u.email = i.email) as has_account
          from organization_invitations i join organizations o on o.id = i.organization_id
         where i.token_hash = ${hashToken(token)}`,
  );
  return row ?? null;
}

/**
 * Locks what the sender's right to invite rests on (their membership of the books, their account) until the
 * transaction ends: a removal, demotion or disabling of the sender at the same moment waits, or is waited for.
 */
async function lockSender(tx: Db, tokenHash: string): Promise<void> {
  await tx.execute(sql`select 1 from organization_invitations i join organization_memberships m
                         on m.organization_id = i.organization_id and m.user_id = i.invited_by
                        where i.token_hash = ${tokenHash} for share of m`);
  await tx.execute(sql`select 1 from organization_invitations i join users s on s.id = i.invited_by
                        where i.token_hash = ${tokenHash} for share of s`);
}

/**
 * An owner sends an invitation again (pending or expired, neither accepted nor withdrawn): a new link (the old one
 * stops working), valid 7 days from now, in a new mail; the owner becomes its sender. Audited.
 */
export async function resendInvitation(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  id: number,
  opts: InvitationOptions,
): Promise<void> {
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ email: string; role: OrganizationRole; state: InvitationState; name: string; open: boolean }>(
      tx,
      sql`select i.email, i.role, ${stateSql(now)} as state, o.name, (i.accepted_at is null and i.revoked_at is null) as open
            from organization_invitations i
           join organizations o on o.id = i.organization_id
           where i.id = ${id} and i.organization_id = ${organizationId} for update of i`,
    );
    if (!row) throw notFound("Invitation not found");
    if (!row.open) throw conflict(`This invitation is ${row.state} and can no longer be sent.`);
    const token = randomBytes(32).toString("base64url");
    const expires = new Date(now.getTime() + INVITATION_TTL_MS);
    await tx.execute(
      sql`update organization_invitations set token_hash = ${hashToken(token)}, invited_by = ${actor.id}, sent_as = 'owner',
            sent_at = ${now.toISOString()}::timestamptz, expires_at = ${expires.toISOString()}::timestamptz
          where id = ${id}`,
    );
    await enqueueMail(tx, invitationMail(row.email, row.name, row.role, senderName(actor), `${opts.publicUrl}/invitations/${token}`));
    await recordAudit(tx, actor, {
      action: "membership.invitation_resent",
      targetType: "organization_invitation",
      targetId: id,
      after: { organization_id: organizationId, email: row.email, role: row.role, expires_at: expires.toISOString() },
    });
  });
}

/**
 * The signed-in user accepts an invitation sent to their address: they join the organization with its role (a
 * member already keeps their place) and the link is used up. Audited. Returns the organization's id.
 */
export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  actor: AuditActor,
  token: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSender(tx, hashToken(token));
    const [row] = await queryRows<{ id: number; organization_id: number; email: string; role: OrganizationRole; state: InvitationState }>(
      tx,
      sql`select i.id, i.organization_id, i.email, i.role, ${stateSql(now)} as state from organization_invitations i
           where i.token_hash = ${hashToken(token)} for update`,
    );
    if (!row) throw notFound(INVITATION_MESSAGES.unknown);
    if (row.state !== "pending") throw conflict(INVITATION_MESSAGES[row.state]);
    if (row.email !== user.email.toLowerCase()) {
      throw forbidden(`This invitation was sent to ${row.email}. Sign in with that address to accept it.`);
    }
    const organizationId = Number(row.organization_id);
    const added = await queryRows(
      tx,
      insertMembership(organizationId, user.id, row.role, sql`on conflict (organization_id, user_id) do nothing returning user_id`),
    );
    await tx.execute(
      sql`update organization_invitations set accepted_at = ${now.toISOString()}::timestamptz, accepted_by = ${user.id} where id = ${row.id}`,
    );
    await recordAudit(tx, actor, {
      action: "membership.invitation_accepted",
      targetType: "organization_membership",
      targetId: `${organizationId}:${user.id}`,
      after: { organization_id: organizationId, user_id: user.id, role: row.role, invitation_id: Number(row.id), joined: added.length > 0 },
    });
    return organizationId;
  });
}

/** For the firm's start page: invitations to any organization's books not yet accepted, revoked or expired. */
export async function pendingInvitationCount(db: Db, now = new Date()): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organization_invitations
        where accepted_at is null and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}
