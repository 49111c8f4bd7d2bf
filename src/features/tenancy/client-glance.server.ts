import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { can, rolesHolding } from "~/lib/permissions.ts";
import type { SessionUser } from "~/server/context.ts";
import { CLIENTS_PAGE_SIZE, splitClientCursor, type ClientGlanceQuery, type ClientSort } from "./client-glance.schema.ts";
import { findFirmClient } from "./firm-clients.server.ts";
import type { ClientGlance, ClientGlancePage, ClientWork, FirmClientDetail } from "./tenancy.types.ts";

/** Who reads the list: their id, and whether they read every client's conversation (admins) or only their own. */
export interface GlanceViewer {
  id: string;
  readsAllMessages: boolean;
}

/** The reader of the list: admins read every client's conversation, staff those of the books they are members of. */
export const glanceViewer = (user: SessionUser): GlanceViewer => ({ id: user.id, readsAllMessages: can(user, "firm.messages.all") });

/** The last day of last month, in the database's calendar: what "through last month" compares with. */
const MONTH_END = sql`(date_trunc('month', current_date) - interval '1 day')::date`;

/** Open work of a client that shows: not done, not snoozed past today. */
const OPEN_WORK = sql`wi.status <> 'done' and (wi.snoozed_until is null or wi.snoozed_until <= current_date)`;

/** When a request item began to wait on the client: its request's sending, or its return. */
const ITEM_CLIENT_SINCE = sql`case when i.status = 'open' then r.created_at else i.reviewed_at end`;

/**
 * The sort's key of a client `o` (every order is ascending, then by name and id). A missing value sorts where it
 * means most work: never locked or never reconciled first (-infinity), nothing due or nothing waiting last (infinity).
 */
function sortKey(sort: ClientSort): SQL {
  switch (sort) {
    case "name":
      return sql`''::text`;
    case "next_due":
      return sql`coalesce((select wi.due_on from work_instances wi where wi.organization_id = o.id and ${OPEN_WORK}
                            order by wi.due_on, wi.id limit 1), 'infinity'::date)`;
    case "waiting":
      return sql`coalesce(least(
        (select min(${ITEM_CLIENT_SINCE}) from document_requests r join document_request_items i on i.request_id = r.id
          where r.organization_id = o.id and r.status = 'waiting_client' and i.status in ('open', 'returned')),
        (select min(q.asked_at) from bank_questions q join bank_lines b on b.id = q.bank_line_id
          where q.organization_id = o.id and q.answered_at is null and b.match_id is null and b.excluded_at is null)
      ), 'infinity'::timestamptz)`;
    case "lock":
      return sql`coalesce(o.lock_date, '-infinity'::date)`;
    case "reconciled":
      return sql`coalesce((select min(coalesce((select max(r.statement_date) from bank_reconciliations r
                                                  where r.bank_account_id = a.id and r.undone_at is null), '-infinity'::date))
                             from bank_accounts a where a.organization_id = o.id), 'infinity'::date)`;
  }
}

/** The key as the cursor writes it, and the type it is read back as. */
function keyText(sort: ClientSort): { text: SQL; type: SQL } {
  if (sort === "name") return { text: sql`''`, type: sql`text` };
  if (sort === "waiting")
    return {
      text: sql`case when isfinite(k) then to_char(k at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') else k::text end`,
      type: sql`timestamptz`,
    };
  return { text: sql`k::text`, type: sql`date` };
}

/** The filters, each a condition on the client `o`. */
function filters(viewer: GlanceViewer, q: ClientGlanceQuery, only?: number): SQL {
  // The firm's own books are not a client's (decision 119).
  const parts: SQL[] = [sql`not exists (select 1 from firm_books f where f.organization_id = o.id)`];
  if (only !== undefined) parts.push(sql`o.id = ${only}`);
  if (q.q) parts.push(sql`strpos(lower(o.name), lower(${q.q})) > 0`);
  if (q.unreconciled)
    parts.push(sql`exists (select 1 from bank_accounts a where a.organization_id = o.id and not exists (
      select 1 from bank_reconciliations r where r.bank_account_id = a.id and r.undone_at is null and r.statement_date >= ${MONTH_END}))`);
  if (q.unlocked) parts.push(sql`(o.lock_date is null or o.lock_date < ${MONTH_END})`);
  if (q.waiting === "client") {
    const cutoff = sql`now() - make_interval(days => ${q.days}::int)`;
    parts.push(sql`(exists (select 1 from document_requests r join document_request_items i on i.request_id = r.id
                             where r.organization_id = o.id and r.status = 'waiting_client' and i.status in ('open', 'returned')
                               and ${ITEM_CLIENT_SINCE} <= ${cutoff})
                 or exists (select 1 from bank_questions q join bank_lines b on b.id = q.bank_line_id
                             where q.organization_id = o.id and q.answered_at is null and q.asked_at <= ${cutoff}
                               and b.match_id is null and b.excluded_at is null))`);
  }
  if (q.waiting === "firm")
    parts.push(sql`(exists (select 1 from document_requests r join document_request_items i on i.request_id = r.id
                             where r.organization_id = o.id and r.status <> 'complete' and i.status in ('uploaded', 'unavailable'))
                 or exists (select 1 from bank_lines b join bank_questions q on q.bank_line_id = b.id
                             where b.organization_id = o.id and b.match_id is null and b.excluded_at is null
                               and q.answered_at is not null))`);
  if (q.mine)
    parts.push(sql`(exists (select 1 from organization_memberships m where m.organization_id = o.id and m.user_id = ${viewer.id})
                 or (select wi.assignee_id from work_instances wi where wi.organization_id = o.id and ${OPEN_WORK}
                      order by wi.due_on, wi.id limit 1) = ${viewer.id})`);
  if (q.unread)
    parts.push(sql`(${viewer.readsAllMessages} or exists (select 1 from organization_memberships m
                                                           where m.organization_id = o.id and m.user_id = ${viewer.id}))
                 and exists (select 1 from messages mm where mm.organization_id = o.id and mm.author_id is distinct from ${viewer.id}
                              and mm.seq > coalesce((select mr.last_read_seq from message_reads mr
                                                      where mr.organization_id = o.id and mr.user_id = ${viewer.id}), 0))`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** What the statement returns for a client of the page. */
interface Row {
  k: string;
  id: number;
  name: string;
  is_member: boolean;
  firm_access: boolean;
  bank_accounts: ClientGlance["bank_accounts"] | string;
  lock_date: string | null;
  q_client: number;
  q_firm: number;
  q_client_since: string | Date | null;
  q_firm_since: string | Date | null;
  r_client: number;
  r_firm: number;
  r_client_since: string | Date | null;
  r_firm_since: string | Date | null;
  unread: number | null;
  work_id: number | null;
  work_name: string | null;
  work_due_on: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  pack_month: string | null;
  pack_at: string | Date | null;
  month_end: string;
  today: string;
}

/**
 * The statement of one page: the clients matching the filters in the sort's order after the cursor (the keys of every
 * client are computed only for the sort asked), then for the page's clients alone every column, each from its books.
 */
export function clientGlanceSql(viewer: GlanceViewer, q: ClientGlanceQuery, limit: number, only?: number): SQL {
  const { text, type } = keyText(q.sort);
  const cursor = q.after ? splitClientCursor(q.after) : null;
  const after = cursor
    ? sql`and (k, lname, id) > (${cursor.key}::${type}, (select lower(name) from organizations where id = ${cursor.id}), ${cursor.id})`
    : sql``;
  const member = sql`exists (select 1 from organization_memberships m where m.organization_id = o.id and m.user_id = ${viewer.id})`;
  const since = (v: SQL) => sql`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql`with keyed as (
      select o.id, lower(o.name) as lname, ${sortKey(q.sort)} as k from organizations o where ${filters(viewer, q, only)}
    ), page as materialized (
      select id, lname, k, ${text} as key from keyed where true ${after} order by k, lname, id limit ${limit}
    )
    select p.key as k, o.id, o.name, o.lock_date::text as lock_date, ${member} as is_member,
           exists (select 1 from organization_memberships m join users u on u.id = m.user_id
                    where m.organization_id = o.id and u.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[])
                      and u.disabled_at is null) as firm_access,
           coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'reconciled_through', rec.last,
                                                        'unmatched', (select count(*) from bank_lines b where b.bank_account_id = a.id
                                                                         and b.match_id is null and b.excluded_at is null))
                                     order by lower(a.name), a.id)
                       from bank_accounts a
                       cross join lateral (select max(r.statement_date)::text as last from bank_reconciliations r
                                            where r.bank_account_id = a.id and r.undone_at is null) rec
                      where a.organization_id = o.id), '[]'::json) as bank_accounts,
           qs.q_client, qs.q_firm, ${since(sql`qs.q_client_since`)} as q_client_since, ${since(sql`qs.q_firm_since`)} as q_firm_since,
           rs.r_client, rs.r_firm, ${since(sql`rs.r_client_since`)} as r_client_since, ${since(sql`rs.r_firm_since`)} as r_firm_since,
           case when ${viewer.readsAllMessages} or ${member} then
             (select count(*)::int from messages mm where mm.organization_id = o.id and mm.author_id is distinct from ${viewer.id}
                 and mm.seq > coalesce((select mr.last_read_seq from message_reads mr
                                         where mr.organization_id = o.id and mr.user_id = ${viewer.id}), 0))
           end as unread,
           w.id as work_id, w.name as work_name, w.due_on::text as work_due_on, w.assignee_id, wu.name as assignee_name,
           pk.month::text as pack_month, ${since(sql`pk.created_at`)} as pack_at, ${MONTH_END}::text as month_end,
           current_date::text as today
      from page p join organizations o on o.id = p.id
      cross join lateral (
        select count(*) filter (where q.answered_at is null)::int as q_client, count(*) filter (where q.answered_at is not null)::int as q_firm,
               min(q.asked_at) filter (where q.answered_at is null) as q_client_since,
               min(q.answered_at) filter (where q.answered_at is not null) as q_firm_since
          from bank_lines b join bank_questions q on q.bank_line_id = b.id
         where b.organization_id = o.id and b.match_id is null and b.excluded_at is null) qs
      cross join lateral (
        select count(*) filter (where i.status in ('open', 'returned'))::int as r_client,
               count(*) filter (where i.status in ('uploaded', 'unavailable'))::int as r_firm,
               min(${ITEM_CLIENT_SINCE}) filter (where i.status in ('open', 'returned')) as r_client_since,
               min(i.answered_at) filter (where i.status in ('uploaded', 'unavailable')) as r_firm_since
          from document_requests r join document_request_items i on i.request_id = r.id
         where r.organization_id = o.id and r.status <> 'complete' and i.status <> 'accepted') rs
      left join lateral (select wi.id, wi.name, wi.due_on, wi.assignee_id from work_instances wi
                          where wi.organization_id = o.id and ${OPEN_WORK} order by wi.due_on, wi.id limit 1) w on true
      left join users wu on wu.id = w.assignee_id
      left join lateral (select mp.month, mp.created_at from month_end_packs mp where mp.organization_id = o.id
                          order by mp.month desc, mp.id desc limit 1) pk on true
     order by p.k, p.lname, p.id`;
}

/**
 * Runs the statement without PostgreSQL's JIT compilation: the planner's cost of a filter over every client (a hashed
 * subplan it prices per row) passes the JIT threshold, and compiling then takes longer (about 100 ms) than the
 * statement itself (bench/firm-clients-bench.ts).
 */
async function readGlance(db: Db, statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<Row>(tx, statement);
  });
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const earliest = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

function toGlance(r: Row): ClientGlance {
  const [qc, qf, rc, rf] = [iso(r.q_client_since), iso(r.q_firm_since), iso(r.r_client_since), iso(r.r_firm_since)];
  const accounts = typeof r.bank_accounts === "string" ? (JSON.parse(r.bank_accounts) as ClientGlance["bank_accounts"]) : r.bank_accounts;
  return {
    id: Number(r.id),
    name: r.name,
    is_member: r.is_member,
    firm_access: r.firm_access,
    bank_accounts: accounts.map((a) => ({ ...a, id: Number(a.id), unmatched: Number(a.unmatched) })),
    lock_date: r.lock_date,
    questions: { client: Number(r.q_client), firm: Number(r.q_firm) },
    requests: { client: Number(r.r_client), firm: Number(r.r_firm) },
    waiting_client_since: earliest(qc, rc),
    waiting_firm_since: earliest(qf, rf),
    unread: r.unread === null ? null : Number(r.unread),
    next_work:
      r.work_id === null
        ? null
        : {
            id: Number(r.work_id),
            name: r.work_name ?? "",
            due_on: r.work_due_on ?? "",
            assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name ?? "" } : null,
          },
    last_pack: r.pack_month ? { month: r.pack_month, prepared_at: iso(r.pack_at)! } : null,
  };
}

/** One page of the firm's clients with every column, for the filters and order asked (keyset paged). */
export async function listClientGlance(db: Db, viewer: GlanceViewer, q: ClientGlanceQuery): Promise<ClientGlancePage> {
  const rows = await readGlance(db, clientGlanceSql(viewer, q, CLIENTS_PAGE_SIZE + 1));
  const shown = rows.slice(0, CLIENTS_PAGE_SIZE);
  const last = shown.at(-1);
  const days =
    rows[0] ??
    (
      await queryRows<{ month_end: string; today: string }>(db, sql`select ${MONTH_END}::text as month_end, current_date::text as today`)
    )[0]!;
  return {
    clients: shown.map(toGlance),
    next: rows.length > CLIENTS_PAGE_SIZE && last ? `${last.k}_${last.id}` : null,
    month_end: days.month_end,
    today: days.today,
  };
}

/** A client's page: its people, the facts the list shows (per bank account), its open work; null: no such client. */
export async function firmClientDetail(db: Db, viewer: GlanceViewer, orgId: number): Promise<FirmClientDetail | null> {
  const [client, [row], work] = await Promise.all([
    findFirmClient(db, viewer.id, orgId),
    readGlance(db, clientGlanceSql(viewer, { sort: "name", days: 7 }, 1, orgId)),
    clientOpenWork(db, orgId),
  ]);
  return client && row ? { client, glance: toGlance(row), work, month_end: row.month_end, today: row.today } : null;
}

/** A client's open work instances, the earliest due first (snoozed ones too, with their date). */
export async function clientOpenWork(db: Db, orgId: number): Promise<ClientWork[]> {
  const rows = await queryRows<Omit<ClientWork, "assignee"> & { assignee_id: string | null; assignee_name: string | null }>(
    db,
    sql`select wi.id, wi.name, wi.due_on::text as due_on, wi.status, wi.snoozed_until::text as snoozed_until,
               wi.assignee_id, u.name as assignee_name
          from work_instances wi left join users u on u.id = wi.assignee_id
         where wi.organization_id = ${orgId} and wi.status <> 'done'
         order by wi.due_on, wi.id
         limit 200`,
  );
  return rows.map(({ assignee_id, assignee_name, ...r }) => ({
    ...r,
    id: Number(r.id),
    assignee: assignee_id ? { id: assignee_id, name: assignee_name ?? "" } : null,
  }));
}
