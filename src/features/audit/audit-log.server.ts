import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AUDIT_PAGE_SIZE, type AuditLogQuery } from "./audit-log.schema.ts";
import type { AuditLogEntry, AuditLogPage } from "./audit-log.types.ts";

interface Row {
  id: string | number;
  occurred_at: string | Date;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
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
  const rows = await queryRows<Row>(
    db,
    sql`select id, occurred_at, actor_id, actor_email, ip, action, target_type, target_id, before, after
          from audit_log where ${sql.join(where, sql` and `)}
         order by occurred_at desc, id desc
         limit ${AUDIT_PAGE_SIZE + 1} offset ${(q.page - 1) * AUDIT_PAGE_SIZE}`,
  );
  const entries: AuditLogEntry[] = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: Number(r.id),
    occurredAt: new Date(r.occurred_at).toISOString(),
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    ip: r.ip,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: json(r.before),
    after: json(r.after),
  }));
  return { entries, page: q.page, pageSize: AUDIT_PAGE_SIZE, hasMore: rows.length > AUDIT_PAGE_SIZE };
}
