import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import { rolesHolding } from "~/lib/permissions.ts";
import { booksRolesHolding } from "./books-permissions.ts";

/** One of the firm's people (site role staff or admin) as a mail needs them. */
export interface FirmPerson {
  id: string;
  name: string;
  email: string;
}

/**
 * The firm's people who keep an organization's books: its members whose site role is staff or admin, not disabled,
 * who may write the books ("books.write": a staff member an owner made a viewer keeps nothing; decision 103).
 */
export async function firmPeopleOf(db: Db, organizationId: number): Promise<FirmPerson[]> {
  return queryRows<FirmPerson>(
    db,
    sql`select u.id, u.name, u.email from organization_memberships m join users u on u.id = m.user_id
         where m.organization_id = ${organizationId} and m.role = any(${pgArray(booksRolesHolding("books.write"))}::text[])
           and u.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[]) and u.disabled_at is null
         order by lower(u.name), u.email`,
  );
}

/** The client organization a signed-in client writes from: one they own first, else the oldest they belong to. */
export async function clientOrganizationOf(db: Db, userId: string): Promise<{ id: number; name: string; userName: string } | null> {
  const [row] = await queryRows<{ id: number; name: string; user_name: string }>(
    db,
    sql`select o.id, o.name, u.name as user_name from organization_memberships m join organizations o on o.id = m.organization_id
          join users u on u.id = m.user_id
         where m.user_id = ${userId} and u.role = 'client'
         order by case m.role when 'owner' then 0 else 1 end, o.id limit 1`,
  );
  return row ? { id: Number(row.id), name: row.name, userName: row.user_name } : null;
}

export interface FirmMemberRemoval {
  organizationId: number;
  /** The member the owner removed. */
  userId: string;
  /** Their role in the books before the removal. */
  role: string;
  actor: AuditActor;
  /** The site's address, for the link to the client (config.publicUrl). */
  publicUrl: string;
}

function removalMail(to: string, org: { id: number; name: string }, removed: FirmPerson, r: FirmMemberRemoval, firmAccess: boolean) {
  const who = to === removed.email ? "you" : removed.name || removed.email;
  const { html, text } = renderMail({
    heading: `${org.name} removed ${who} from its books`,
    paragraphs: [
      `${r.actor.email ?? "An owner"}, an owner of ${org.name}, removed ${who} (${r.role}) from the books of ${org.name}.`,
      firmAccess
        ? "Other people of the firm still keep these books."
        : "No one at the firm has access to these books any more: an owner would have to invite the firm again.",
    ],
    action: { label: "See the client", url: `${r.publicUrl}/firm/clients/${org.id}` },
  });
  return {
    kind: "firm-member-removed",
    to,
    subject: `${org.name} removed ${who} from its books`,
    html,
    text,
  } satisfies OutgoingMail;
}

/**
 * Called after an owner removed a member: when the member is one of the firm's people, the removed person and the
 * firm's admins are told by mail, and the audit log says whether the firm still has access to the books. Returns
 * how many mails were queued (0 for a removed client member); the caller wakes the mail worker.
 */
export async function noticeFirmMemberRemoved(db: Db, r: FirmMemberRemoval): Promise<number> {
  return db.transaction(async (tx) => {
    const [removed] = await queryRows<FirmPerson>(
      tx,
      sql`select id, name, email from users where id = ${r.userId} and role = any(${pgArray(rolesHolding("books.keepClients"))}::text[])`,
    );
    const [org] = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from organizations where id = ${r.organizationId}`);
    if (!removed || !org) return 0;
    const firmAccess = (await firmPeopleOf(tx, r.organizationId)).length > 0;
    const admins = await queryRows<{ email: string }>(
      tx,
      sql`select email from users where role = 'admin' and disabled_at is null order by email`,
    );
    const to = [...new Set([removed.email, ...admins.map((a) => a.email)])];
    const mails = to.map((address) => removalMail(address, { id: Number(org.id), name: org.name }, removed, r, firmAccess));
    await enqueueMail(tx, mails);
    await recordAudit(tx, r.actor, {
      action: "membership.firm_member_removed",
      targetType: "organization",
      targetId: r.organizationId,
      before: { user_id: removed.id, email: removed.email, role: r.role },
      after: { firm_access: firmAccess, notified: to },
    });
    return mails.length;
  });
}
