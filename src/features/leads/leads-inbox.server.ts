import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { LEADS_PAGE_SIZE, type LeadKind, type LeadListQuery } from "./leads-inbox.schema.ts";
import type { LeadList, LeadOwner, LeadSummary } from "./leads-inbox.types.ts";
import { rolesHolding } from "~/lib/permissions.ts";

/** A submission as the inbox records it, in the transaction that stores the submission. */
export interface NewLead {
  kind: LeadKind;
  sourceTable: "contact_messages" | "consultation_requests" | "calculator_submissions" | "newsletter_subscriptions";
  sourceId: string | number;
  name?: string | null;
  email: string;
  company?: string | null;
  spamReason?: string | null;
  /** Every field the visitor sent, as sent. */
  fields: Record<string, unknown>;
  createdAt?: Date;
  /** The signed-in account that sent it. */
  userId?: string | null;
  /** The client organization a signed-in client wrote from (decision 084). */
  organizationId?: number | null;
}

/** Adds a submission to the firm's inbox; pass the transaction that stores the submission. Returns the lead's id. */
export async function recordLead(tx: Db, lead: NewLead): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into leads (kind, source_table, source_id, name, email, company, spam, spam_reason, fields, created_at, user_id, organization_id)
        values (${lead.kind}, ${lead.sourceTable}, ${String(lead.sourceId)}, ${lead.name ?? null}, ${lead.email},
                ${lead.company ?? null}, ${Boolean(lead.spamReason)}, ${lead.spamReason ?? null},
                ${JSON.stringify(lead.fields)}::jsonb, ${(lead.createdAt ?? new Date()).toISOString()}::timestamptz,
                ${lead.userId ?? null}, ${lead.organizationId ?? null})
        returning id`,
  );
  return row!.id;
}

/** The words typed in the search box as a prefix query on every word ("mar gonz" finds Maria Gonzalez). */
export function searchQuery(q: string): string | null {
  const terms = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return terms.length ? terms.map((t) => `${t}:*`).join(" & ") : null;
}

/** The WHERE clause of the filters (without paging). */
export function leadFilters(q: LeadListQuery): SQL {
  const parts: SQL[] = [sql`l.spam = ${q.view === "spam"}`];
  if (q.kind) parts.push(sql`l.kind = ${q.kind}`);
  if (q.status) parts.push(sql`l.status = ${q.status}`);
  if (q.owner === "none") parts.push(sql`l.owner_id is null`);
  else if (q.owner) parts.push(sql`l.owner_id = ${q.owner}`);
  if (q.from) parts.push(sql`l.created_at >= ${q.from}::date::timestamptz`);
  if (q.to) parts.push(sql`l.created_at < (${q.to}::date + 1)::timestamptz`);
  const words = q.q ? searchQuery(q.q) : null;
  if (words) parts.push(sql`l.search @@ to_tsquery('simple', ${words})`);
  return sql.join(parts, sql` and `);
}

/** A line of the inbox as SUMMARY_COLUMNS select it: the summary's own columns, the rest as stored. */
interface SummaryRow extends Pick<LeadSummary, "id" | "kind" | "name" | "email" | "company" | "status" | "spam"> {
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  spam_reason: string | null;
  organization_id: number | null;
  created_at: string;
  cursor: string;
}

export const SUMMARY_COLUMNS = sql`l.id, l.kind, l.name, l.email, l.company, l.status, l.owner_id, o.name as owner_name,
  o.email as owner_email, l.spam, l.spam_reason, l.organization_id,
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || l.id as cursor`;

export function toSummary(r: SummaryRow): LeadSummary {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    email: r.email,
    company: r.company,
    status: r.status,
    owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? "", email: r.owner_email ?? "" } : null,
    spam: r.spam,
    spamReason: r.spam_reason,
    organizationId: r.organization_id,
    createdAt: r.created_at,
  };
}

function splitCursor(c: string): { at: string; id: string } {
  const i = c.lastIndexOf("_");
  return { at: c.slice(0, i), id: c.slice(i + 1) };
}

/** The inbox counts matching leads up to this many ("more than 10,000"). */
export const TOTAL_CAP = 10_000;

/** Staff members and admins: who may own a lead. */
export async function listOwners(db: Db): Promise<LeadOwner[]> {
  return queryRows<LeadOwner>(
    db,
    sql`select id, name, email from users where role = any(${pgArray(rolesHolding("firm.leads"))}::text[]) order by name, email`,
  );
}

/**
 * One page of the inbox, newest first, keyset paged on (created_at, id): `before` gives the older page after a
 * row, `after` the newer page before it. Every filter is served by an index (migration 0011).
 */
export async function listLeads(db: Db, q: LeadListQuery, limit = LEADS_PAGE_SIZE): Promise<LeadList> {
  const where = leadFilters(q);
  const newerFirst = !q.after;
  let page: SQL = sql`true`;
  if (q.before) {
    const c = splitCursor(q.before);
    page = sql`(l.created_at, l.id) < (${c.at}::timestamptz, ${c.id}::uuid)`;
  } else if (q.after) {
    const c = splitCursor(q.after);
    page = sql`(l.created_at, l.id) > (${c.at}::timestamptz, ${c.id}::uuid)`;
  }
  const order = newerFirst ? sql`l.created_at desc, l.id desc` : sql`l.created_at asc, l.id asc`;
  const orderM = newerFirst ? sql`m.created_at desc, m.id desc` : sql`m.created_at asc, m.id asc`;
  // With a search, the matching rows are found through the search index first and then sorted: walking the
  // newest-first index and testing each row would read the whole inbox for a rare word (decision 070).
  const list = q.q
    ? sql`with m as materialized (select l.id, l.created_at from leads l where ${where} and ${page})
          select ${SUMMARY_COLUMNS} from (select m.id from m order by ${orderM} limit ${limit + 1}) p
          join leads l on l.id = p.id left join users o on o.id = l.owner_id order by ${order}`
    : sql`select ${SUMMARY_COLUMNS} from leads l left join users o on o.id = l.owner_id
          where ${where} and ${page} order by ${order} limit ${limit + 1}`;
  const [rows, [count], owners] = await Promise.all([
    queryRows<SummaryRow>(db, list),
    // Counted up to a bound: an exact count of a large filter costs a scan of every matching row.
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from leads l where ${where} limit ${TOTAL_CAP + 1}) c`),
    listOwners(db),
  ]);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (!newerFirst) shown.reverse();
  const first = shown[0];
  const last = shown[shown.length - 1];
  return {
    leads: shown.map(toSummary),
    total: Math.min(count?.n ?? 0, TOTAL_CAP),
    totalCapped: (count?.n ?? 0) > TOTAL_CAP,
    older: last && (newerFirst ? more : true) ? last.cursor : null,
    newer: first && (newerFirst ? Boolean(q.before) : more) ? first.cursor : null,
    owners,
  };
}

/** Every lead matching the filters (no paging), newest first, for the CSV export; at most `max` rows. */
export async function leadsForExport(db: Db, q: LeadListQuery, max = 50_000): Promise<LeadSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from leads l left join users o on o.id = l.owner_id
        where ${leadFilters(q)} order by l.created_at desc, l.id desc limit ${max}`,
  );
  return rows.map(toSummary);
}
