import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AUDIT_PAGE_SIZE, type AuditLogQuery } from "./audit-log.schema.ts";
import type { AuditLogEntry, AuditLogPage } from "./audit-log.types.ts";

interface Row {
  id: string | number;
  occurred_at: string | Date;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string | null;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
}

const json = (v: Row["before"]) => (typeof v === "string" ? (JSON.parse(v) as Record<string, unknown>) : v);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Reads the audit log, newest first, a page at a time. Actor matches part of the email (or the exact id);
 * action matches its start (`site_content.` lists every site content action); dates are whole UTC days.
 * One row more than a page is read to know whether another page follows (no count over the whole table).
 */
export async function readAuditLog(db: Db, q: AuditLogQuery): Promise<AuditLogPage> {
  const where = [sql`true`];
  if (q.actor) where.push(sql`(actor_email ilike ${`%${escapeLike(q.actor)}%`} or actor_id = ${q.actor})`);
  if (q.action) where.push(sql`action like ${`${escapeLike(q.action)}%`}`);
  if (q.targetType) where.push(sql`target_type = ${q.targetType}`);
  if (q.targetId) where.push(sql`target_id = ${q.targetId}`);
  if (q.from) where.push(sql`occurred_at >= ${q.from}::date::timestamp at time zone 'UTC'`);
  if (q.to) where.push(sql`occurred_at < (${q.to}::date + 1)::timestamp at time zone 'UTC'`);
  // Names for the ids, read now (a renamed user shows their current name); null when the row is gone.
  const rows = await queryRows<Row>(
    db,
    sql`select a.id, a.occurred_at, a.actor_id, a.actor_email, actor.name as actor_name, a.ip, a.action, a.target_type,
               a.target_id, a.before, a.after,
               case a.target_type
                 when 'user' then (select coalesce(nullif(btrim(u.name), ''), u.email) from users u where u.id = a.target_id)
                 when 'organization' then (select o.name from organizations o where o.id::text = a.target_id)
                 when 'organization_membership' then (
                   select coalesce(nullif(btrim(u.name), ''), u.email) || ' in ' || o.name
                     from organizations o join users u on u.id = split_part(a.target_id, ':', 2)
                    where o.id::text = split_part(a.target_id, ':', 1))
                 when 'organization_invitation' then (
                   select i.email || ' to ' || o.name
                     from organization_invitations i join organizations o on o.id = i.organization_id
                    where i.id::text = a.target_id)
                 when 'lead' then (select coalesce(nullif(btrim(l.name), ''), l.email) from leads l where l.id::text = a.target_id)
                 when 'document_request' then (
                   select '"' || r.title || '" to ' || o.name
                     from document_requests r join organizations o on o.id = r.organization_id
                    where r.id::text = a.target_id)
               end as target_name
          from (select * from audit_log where ${sql.join(where, sql` and `)}
                 order by occurred_at desc, id desc
                 limit ${AUDIT_PAGE_SIZE + 1} offset ${(q.page - 1) * AUDIT_PAGE_SIZE}) a
          left join users actor on actor.id = a.actor_id
         order by a.occurred_at desc, a.id desc`,
  );
  const entries: AuditLogEntry[] = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: Number(r.id),
    occurredAt: new Date(r.occurred_at).toISOString(),
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    actorName: r.actor_name,
    ip: r.ip,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetName: r.target_name,
    before: json(r.before),
    after: json(r.after),
  }));
  return { entries, people: await peopleIn(db, entries), page: q.page, pageSize: AUDIT_PAGE_SIZE, hasMore: rows.length > AUDIT_PAGE_SIZE };
}

/** The users whose ids appear as values in the entries' fields (an accountant, a lead's owner...), by id. */
async function peopleIn(db: Db, entries: AuditLogEntry[]): Promise<Record<string, string>> {
  const ids = new Set<string>();
  for (const e of entries) {
    for (const row of [e.before, e.after]) {
      for (const v of Object.values(row ?? {})) if (typeof v === "string" && /^[\w-]{8,64}$/.test(v)) ids.add(v);
    }
  }
  if (ids.size === 0) return {};
  const users = await queryRows<{ id: string; name: string; email: string }>(
    db,
    sql`select id, name, email from users where id in (${sql.join(
      [...ids].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(users.map((u) => [u.id, u.name.trim() ? `${u.name.trim()} (${u.email})` : u.email]));
}
