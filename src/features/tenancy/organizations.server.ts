import { sql, type SQL } from "drizzle-orm";
import { insertStandardChart } from "~/features/ledger/chart.tables.ts";
import { DEFAULT_CURRENCY } from "~/lib/format.ts";
import { can, rolesHolding } from "~/lib/permissions.ts";
import { queryPrepared, queryRows, type Db, pgArray } from "~/server/db/client.ts";
import type { SessionUser } from "~/server/context.ts";
import { notFound } from "~/server/http/app-error.ts";
import type { BooksSide, Membership, OrganizationRole, OrganizationSummary } from "./tenancy.types.ts";
import { booksRolesHolding } from "./books-permissions.ts";

type UserLike = Pick<SessionUser, "id" | "name" | "email" | "role"> & { companyName?: string | null };

/** The firm's people (site roles staff and admin) keep clients' books: they never get books of their own by first use. */
export const keepsClientsBooks = (user: Pick<SessionUser, "role">): boolean => can(user, "books.keepClients");

/** Every organization the user belongs to, oldest first. */
export async function listOrganizations(db: Db, userId: string): Promise<OrganizationSummary[]> {
  const rows = await queryRows<{ id: number; name: string; role: OrganizationRole }>(
    db,
    sql`select o.id, o.name, m.role
          from organization_memberships m join organizations o on o.id = m.organization_id
         where m.user_id = ${userId}
         order by o.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, role: r.role }));
}

/**
 * The user's membership of one organization, or null (not a member, or no such organization), in one statement: the
 * side reads the member's site role as stored (a session may be older than a change of role), and the firm keeps the
 * books while one of its people, not disabled, is a member who may write them (a viewer keeps nothing).
 */
export async function findMembership(db: Db, userId: string, organizationId: number): Promise<Membership | null> {
  const firm = pgArray(rolesHolding("books.keepClients"));
  const [row] = await queryPrepared<{ name: string; currency: string; role: OrganizationRole; firm_side: boolean; firm_keeps: boolean }>(
    db,
    "find_membership",
    sql`select o.name, o.currency, m.role, u.role = any(${firm}::text[]) as firm_side,
               exists (select 1 from organization_memberships k join users ku on ku.id = k.user_id
                        where k.organization_id = m.organization_id and k.role = any(${pgArray(booksRolesHolding("books.write"))}::text[])
                          and ku.role = any(${firm}::text[]) and ku.disabled_at is null) as firm_keeps
          from organization_memberships m join organizations o on o.id = m.organization_id join users u on u.id = m.user_id
         where m.user_id = ${userId} and m.organization_id = ${organizationId}`,
  );
  if (!row) return null;
  const side: BooksSide = row.firm_side ? "firm" : "client";
  return { userId, organizationId, organizationName: row.name, currency: row.currency, role: row.role, side, firmKeeps: row.firm_keeps };
}

/** The membership for the organization in the URL; 404 for anyone who is not a member (the id tells them nothing). */
export async function requireMembership(db: Db, userId: string, organizationId: number): Promise<Membership> {
  const m = await findMembership(db, userId, organizationId);
  if (!m) throw notFound("Organization not found");
  return m;
}

/**
 * The one insert of organization_memberships (decision 101): a member with a role, then an `on conflict` or
 * `returning` clause if the caller needs one.
 */
export function insertMembership(organizationId: number, userId: string, role: string, rest: SQL = sql``): SQL {
  return sql`insert into organization_memberships (organization_id, user_id, role) values (${organizationId}, ${userId}, ${role}) ${rest}`;
}

/** How new books start: their currency (decision 102) and the standard chart, or an empty one to import into. */
export interface NewBooks {
  currency?: string;
  chart?: "standard" | "empty";
}

/** A new organization with its entry counter and its chart; call inside the transaction that adds its people. */
export async function insertOrganization(tx: Db, name: string, createdBy: string | null, books: NewBooks = {}): Promise<number> {
  const currency = books.currency ?? DEFAULT_CURRENCY;
  const [org] = await queryRows<{ id: number }>(
    tx,
    sql`insert into organizations (name, currency) values (${name}, ${currency}) returning id`,
  );
  const id = Number(org!.id);
  await tx.execute(sql`insert into journal_entry_counters (organization_id) values (${id})`);
  if (books.chart !== "empty") await insertStandardChart(tx, id, createdBy);
  return id;
}

/**
 * The user's organizations. A client who has none gets, once, an organization named after their company (else their
 * name) with the standard chart, as its owner. Staff and admins never do (they are not clients; decision 084): they
 * get the client books they are members of, perhaps none. Concurrent first requests agree: a transaction-scoped
 * lock per user lets one create it; the others wait, then find it.
 */
export async function ensureOrganizations(db: Db, user: UserLike): Promise<OrganizationSummary[]> {
  const found = await listOrganizations(db, user.id);
  if (found.length > 0 || keepsClientsBooks(user)) return found;
  const name = (user.companyName?.trim() || user.name?.trim() || user.email).slice(0, 200);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`organization-first-use:${user.id}`}))`);
    // The role as stored now: a session may be older than the change that made its user staff.
    const [has] = await queryRows(
      tx,
      sql`select 1 from organization_memberships where user_id = ${user.id}
          union all select 1 from users where id = ${user.id} and role = any(${pgArray(rolesHolding("books.keepClients"))}::text[]) limit 1`,
    );
    if (has) return;
    const id = await insertOrganization(tx, name, user.id);
    await tx.execute(insertMembership(id, user.id, "owner"));
  });
  return listOrganizations(db, user.id);
}

/** Test and administration helper: puts a user into an organization with a role (or changes their role there). */
export async function addMember(db: Db, organizationId: number, userId: string, role: OrganizationRole): Promise<void> {
  await db.execute(
    insertMembership(organizationId, userId, role, sql`on conflict (organization_id, user_id) do update set role = excluded.role`),
  );
}
