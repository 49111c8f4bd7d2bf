import { sql, type SQL } from "drizzle-orm";
import { insertChartAccounts } from "./chart-rows.server.ts";
import { DEFAULT_CURRENCY } from "~/lib/format.ts";
import { can, rolesHolding } from "~/lib/permissions.ts";
import { queryPrepared, queryRows, type Db, pgArray } from "~/server/db/client.ts";
import type { SessionUser } from "~/server/context.ts";
import { notFound } from "~/server/http/app-error.ts";
import type { OrganizationRole, OrganizationSummary } from "./accounting.types.ts";
import { booksRolesHolding, type BooksSide, type BooksStanding } from "./books-permissions.ts";
import type { AccountDetailType } from "./account-detail-types.ts";
import type { AccountType } from "./reports.ts";

export type { OrganizationRole };

/**
 * The caller's place in the organization named by the URL, with what the books' permission table asks
 * (books-permissions.ts, decision 103): the role in these books, the side, and whether the firm keeps them.
 */
export interface Membership extends BooksStanding {
  userId: string;
  organizationId: number;
  organizationName: string;
  /** The books' currency (ISO 4217): every amount of these books is written in it (decision 102). */
  currency: string;
  role: OrganizationRole;
  /** "firm" when the member's site role, as stored now, keeps clients' books (staff, admin); else "client". */
  side: BooksSide;
}

/**
 * The small standard chart of accounts a new organization starts with (the owner may edit it): code, name, type,
 * detail type (where it stands on the laid-out statements) and, where natural, the parent's code.
 */
export const STANDARD_CHART: ReadonlyArray<
  readonly [code: string, name: string, type: AccountType, detail: AccountDetailType, parent?: string]
> = [
  ["1000", "Cash", "Asset", "current_asset"],
  ["1100", "Accounts Receivable", "Asset", "current_asset"],
  ["1200", "Inventory", "Asset", "current_asset"],
  ["1500", "Equipment", "Asset", "fixed_asset"],
  ["2000", "Accounts Payable", "Liability", "current_liability"],
  ["2100", "Accrued Liabilities", "Liability", "current_liability"],
  ["2500", "Loans Payable", "Liability", "long_term_liability"],
  ["3000", "Owner's Equity", "Equity", "equity"],
  ["3100", "Retained Earnings", "Equity", "equity"],
  ["4000", "Sales Revenue", "Revenue", "operating_revenue"],
  ["4100", "Service Revenue", "Revenue", "operating_revenue"],
  ["5000", "Cost of Goods Sold", "Expense", "cost_of_sales"],
  ["6000", "Rent Expense", "Expense", "operating_expense"],
  ["6100", "Salaries Expense", "Expense", "operating_expense"],
  ["6200", "Utilities Expense", "Expense", "operating_expense"],
];

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
  if (books.chart === "empty") return id;
  const values = sql.join(
    STANDARD_CHART.map(
      ([code, accountName, type, detail]) =>
        sql`(${id}::integer, ${code}, ${accountName}, ${type}, ${detail}, null::integer, ${createdBy})`,
    ),
    sql`, `,
  );
  await tx.execute(insertChartAccounts(sql`values ${values}`));
  const parents = STANDARD_CHART.filter(([, , , , parent]) => parent);
  for (const [code, , , , parent] of parents)
    await tx.execute(
      sql`update chart_of_accounts c set parent_id = p.id from chart_of_accounts p
           where c.organization_id = ${id} and c.account_code = ${code} and p.organization_id = ${id} and p.account_code = ${parent!}`,
    );
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
