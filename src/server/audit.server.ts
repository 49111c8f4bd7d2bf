import { sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";

/** Who did it, from where: taken from the request by the route (see `auditActor`). */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
  /** The person's name (first and last), when the account has one: mail names the sender by it. */
  name?: string | null;
}

export interface AuditEntry {
  /** Dotted, lower case: `lead.status_changed`, `membership.role_changed`, `site_content.updated`. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The fields that changed, as they were and as they are (absent for a creation or a deletion). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one row to the audit log. Pass the transaction of the change it records, so that both happen or neither.
 * The table refuses UPDATE and DELETE (migration 0010): a row, once written, stays.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.execute(sql`
    insert into audit_log (actor_id, actor_email, ip, action, target_type, target_id, before, after)
    values (${actor.id}, ${actor.email}, ${actor.ip}, ${entry.action}, ${entry.targetType}, ${String(entry.targetId)},
            ${entry.before ? JSON.stringify(entry.before) : null}::jsonb, ${entry.after ? JSON.stringify(entry.after) : null}::jsonb)`);
}

interface ActorUser {
  id: string;
  email: string;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The actor of an audited request: the signed-in user and the client's IP. */
export function auditActor(user: ActorUser | null, ip: string | null): AuditActor {
  return { id: user?.id ?? null, email: user?.email ?? null, ip, name: user ? personName(user) : null };
}

/** First and last name, else the account's name unless it is only its address; null when the account has none. */
function personName(user: ActorUser): string | null {
  const full = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  if (full) return full;
  const name = user.name?.trim();
  return name && name.toLowerCase() !== user.email.toLowerCase() ? name : null;
}

/** Who sent a mail, as its text says it: the person's name, or their address when the account has no name. */
export function senderName(actor: AuditActor): string | null {
  return actor.name || actor.email;
}
