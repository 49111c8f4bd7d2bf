import { sql } from "drizzle-orm";
import { mailClientActivity } from "~/features/activity/index.server.ts";
import { can } from "~/lib/permissions.ts";
import type { AuditActor } from "~/server/audit.server.ts";
import type { SessionUser } from "~/server/context.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { displayName } from "./conversation-access.server.ts";
import { sendMessage } from "./conversations.server.ts";
import { mailNewMessages } from "./message-mails.server.ts";

/**
 * A signed-in client's message from the public contact form goes to her conversation with the firm (decision 100):
 * the organization she writes from is the one she owns first, else the oldest she may write in (an accountant there;
 * a viewer writes in none: decision 084's choice, without the books she only reads). Returns null for the firm's
 * people and a client with no such books (the form then makes a lead as before), else the message and the
 * conversation's address.
 * The notifications due are queued (the client's people's message mails, the firm's people's client activity mails,
 * decision 115); the caller wakes the mail worker when `mails` > 0.
 */
export async function postContactMessage(
  db: Db,
  publicUrl: string,
  user: Pick<SessionUser, "id" | "name" | "email" | "role" | "firstName" | "lastName">,
  text: string,
  actor: AuditActor,
): Promise<{ messageId: number; organizationId: number; conversation: string; mails: number } | null> {
  if (can(user, "books.keepClients")) return null;
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id, o.name from organization_memberships m join organizations o on o.id = m.organization_id
         where m.user_id = ${user.id} and m.role in ('owner', 'accountant')
         order by case m.role when 'owner' then 0 else 1 end, o.id limit 1`,
  );
  if (!row) return null;
  const org = { id: Number(row.id), name: row.name };
  const access = {
    userId: user.id,
    userName: displayName(user),
    organizationId: org.id,
    organizationName: org.name,
    role: null,
    canSend: true,
    firm: false,
  };
  const message = await sendMessage(db, access, { body: text, attachment_ids: [] }, actor, "contact");
  const now = new Date();
  const mails = (await mailNewMessages(db, publicUrl, now, org.id)) + (await mailClientActivity(db, publicUrl, now, org.id));
  return { messageId: message.id, organizationId: org.id, conversation: `/accounting/${org.id}/messages`, mails };
}
