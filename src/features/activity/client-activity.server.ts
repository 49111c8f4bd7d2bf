import { sql } from "drizzle-orm";
import { rolesHolding } from "~/lib/permissions.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { ACTIVITY_PAGE_SIZE, type ActivityQuery, type MarkActivityReadInput } from "./activity.schema.ts";
import type { ActivityItem, ActivityKind, ActivityPage, ActivityRead } from "./activity.types.ts";

/*
 * A client's acts that the firm hears of (decision 115). Each act is written in the transaction of the act itself, with
 * one row per person told: the firm's people who are members of the client's books and the assignees of the client's
 * work not yet done, never the actor. A "client" is a person whose site role does not keep clients' books; the firm's
 * own acts in a client's books are not news to the firm.
 */

const firmRoles = () => sql`${pgArray(rolesHolding("books.keepClients"))}::text[]`;

export interface ClientAct {
  organizationId: number;
  /** Who acted: nothing is recorded when they are one of the firm's people. */
  actorId: string;
  kind: ActivityKind;
  /** What it was about, for the firm's list (cut to 300 characters). */
  subject: string | null;
  /** Where it is: a path of the site. */
  link: string;
}

/** Records a client's act and whom it tells, in the caller's transaction (one statement); returns how many are told. */
export async function recordClientActivity(tx: Db, act: ClientAct): Promise<number> {
  const subject = act.subject === null ? null : act.subject.length > 300 ? `${act.subject.slice(0, 299)}…` : act.subject;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with actor as (
          select id, coalesce(nullif(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), nullif(btrim(name), ''), email) as name
            from users where id = ${act.actorId} and not (role = any(${firmRoles()}))
        ), act as (
          insert into client_activity (organization_id, actor_id, actor_name, kind, subject, link)
          select ${act.organizationId}, id, name, ${act.kind}, ${subject}, ${act.link} from actor
          returning id
        ), told as (
          insert into client_activity_recipients (user_id, activity_id, organization_id)
          select p.user_id, act.id, ${act.organizationId} from act, (
            select om.user_id from organization_memberships om join users u on u.id = om.user_id
             where om.organization_id = ${act.organizationId} and u.role = any(${firmRoles()}) and u.disabled_at is null
            union
            select w.assignee_id from work_instances w join users u on u.id = w.assignee_id
             where w.organization_id = ${act.organizationId} and w.status <> 'done' and u.disabled_at is null
          ) p
          where p.user_id <> ${act.actorId}
          returning 1
        )
        select count(*)::int as n from told`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** How many acts the person has not read (the firm's navigation shows it). */
export async function unreadActivity(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from client_activity_recipients where user_id = ${userId} and read_at is null`,
  );
  return Number(row?.n ?? 0);
}

type ItemRow = Omit<ActivityItem, "created_at"> & { created_at: Date | string };

/** A page of the person's acts, newest first (keyset: the acts before `before`), with the unread count. */
export async function listActivity(db: Db, userId: string, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`select a.id, a.organization_id, o.name as organization_name, a.actor_name, a.kind, a.subject, a.link, a.created_at,
               r.read_at is not null as read
          from client_activity_recipients r
          join client_activity a on a.id = r.activity_id
          join organizations o on o.id = a.organization_id
         where r.user_id = ${userId} ${query.before ? sql`and r.activity_id < ${query.before}` : sql``}
         order by r.activity_id desc
         limit ${ACTIVITY_PAGE_SIZE + 1}`,
  );
  return {
    items: rows.slice(0, ACTIVITY_PAGE_SIZE).map((r) => ({
      ...r,
      id: Number(r.id),
      organization_id: Number(r.organization_id),
      created_at: new Date(r.created_at).toISOString(),
    })),
    more: rows.length > ACTIVITY_PAGE_SIZE,
    unread: await unreadActivity(db, userId),
  };
}

/** Marks read the acts shown (`ids`) or every act up to `through`; a mark is never taken back. */
export async function markActivityRead(db: Db, userId: string, input: MarkActivityReadInput): Promise<ActivityRead> {
  const which = input.ids ? sql`activity_id = any(${pgArray(input.ids)}::bigint[])` : sql`activity_id <= ${input.through ?? 0}`;
  const marked = await queryRows(
    db,
    sql`update client_activity_recipients set read_at = now() where user_id = ${userId} and read_at is null and ${which} returning 1`,
  );
  return { marked: marked.length, unread: await unreadActivity(db, userId) };
}
