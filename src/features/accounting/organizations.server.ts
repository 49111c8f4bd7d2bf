import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { SessionUser } from "~/server/context.ts";
import { AccountingError } from "./accounting-errors.server.ts";

export type OrganizationRole = "owner" | "accountant" | "viewer";

export interface Membership {
  userId: string;
  organizationId: number;
  organizationName: string;
  role: OrganizationRole;
}

/** The small standard chart of accounts a new organization starts with (the owner may edit it). */
export const STANDARD_CHART: ReadonlyArray<readonly [code: string, name: string, type: string]> = [
  ["1000", "Cash", "Asset"],
  ["1100", "Accounts Receivable", "Asset"],
  ["1200", "Inventory", "Asset"],
  ["1500", "Equipment", "Asset"],
  ["2000", "Accounts Payable", "Liability"],
  ["2100", "Accrued Liabilities", "Liability"],
  ["2500", "Loans Payable", "Liability"],
  ["3000", "Owner's Equity", "Equity"],
  ["3100", "Retained Earnings", "Equity"],
  ["4000", "Sales Revenue", "Revenue"],
  ["4100", "Service Revenue", "Revenue"],
  ["5000", "Cost of Goods Sold", "Expense"],
  ["6000", "Rent Expense", "Expense"],
  ["6100", "Salaries Expense", "Expense"],
  ["6200", "Utilities Expense", "Expense"],
];

type UserLike = Pick<SessionUser, "id" | "name" | "email"> & { companyName?: string | null };

async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await queryRows<{ organization_id: number; name: string; role: OrganizationRole }>(
    db,
    sql`select m.organization_id, o.name, m.role
          from organization_memberships m join organizations o on o.id = m.organization_id
         where m.user_id = ${userId}`,
  );
  return row ? { userId, organizationId: Number(row.organization_id), organizationName: row.name, role: row.role } : null;
}

class AlreadyMember extends Error {}

/**
 * The caller's organization and role. A user without one gets, once, an organization named after their
 * company (else their name) with the standard chart, as its owner. Concurrent first requests agree:
 * the unique user_id lets one transaction win; the others roll back and read its result.
 */
export async function ensureMembership(db: Db, user: UserLike): Promise<Membership> {
  const found = await findMembership(db, user.id);
  if (found) return found;
  const name = (user.companyName?.trim() || user.name?.trim() || user.email).slice(0, 200);
  try {
    await db.transaction(async (tx) => {
      const [org] = await queryRows<{ id: number }>(tx, sql`insert into organizations (name) values (${name}) returning id`);
      const won = await queryRows(
        tx,
        sql`insert into organization_memberships (organization_id, user_id, role) values (${org!.id}, ${user.id}, 'owner')
            on conflict (user_id) do nothing returning user_id`,
      );
      if (won.length === 0) throw new AlreadyMember();
      await tx.execute(sql`insert into journal_entry_counters (organization_id) values (${org!.id})`);
      const values = sql.join(
        STANDARD_CHART.map(([code, accountName, type]) => sql`(${org!.id}::integer, ${code}, ${accountName}, ${type}, ${user.id})`),
        sql`, `,
      );
      await tx.execute(
        sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, created_by) values ${values}`,
      );
    });
  } catch (err) {
    if (!(err instanceof AlreadyMember)) throw err;
  }
  const membership = await findMembership(db, user.id);
  if (!membership) throw new Error("membership was not created");
  return membership;
}

/** Writes need an owner or an accountant. */
export function assertCanWrite(m: Membership): void {
  if (m.role === "viewer") throw new AccountingError(403, "Viewers cannot change the books");
}

/** Test and administration helper: puts a user into an organization with a role. */
export async function addMember(db: Db, organizationId: number, userId: string, role: OrganizationRole): Promise<void> {
  await db.execute(
    sql`insert into organization_memberships (organization_id, user_id, role) values (${organizationId}, ${userId}, ${role})
        on conflict (user_id) do update set organization_id = excluded.organization_id, role = excluded.role`,
  );
}
