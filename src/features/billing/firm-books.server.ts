import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { findMembership, insertMembership, insertOrganization } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { rolesHolding } from "~/lib/permissions.ts";

/*
 * The firm's own books (decision 119): an organization of the product like a client's, with the standard chart, made on
 * first use and named in firm_books with the accounts the firm's billing posts to — its fees' revenue, the processor's
 * clearing account (a payment lands there less the processor's fee; the payout moves it to the bank), the processor's
 * fees and the bank. The firm's admins are its owners. It is never one of the firm's clients (the clients list leaves it
 * out). Its invoices, payments and reports are the books' own: nothing here duplicates them.
 */

export const FIRM_BOOKS_NAME = "Ledgerline Advisors";

export interface FirmBooks {
  organizationId: number;
  revenueAccountId: number;
  clearingAccountId: number;
  feesAccountId: number;
  bankAccountId: number;
}

const ACCOUNTS = {
  revenue: { code: "4100", name: "Service Revenue", type: "Revenue", detail: "operating_revenue" },
  clearing: { code: "1050", name: "Payment Processor Clearing", type: "Asset", detail: "current_asset" },
  fees: { code: "6300", name: "Payment Processing Fees", type: "Expense", detail: "operating_expense" },
  bank: { code: "1000", name: "Cash", type: "Asset", detail: "current_asset" },
} as const;

async function read(db: Db): Promise<FirmBooks | null> {
  const [row] = await queryRows<{ organization_id: number; revenue_account_id: number; clearing_account_id: number; fees_account_id: number; bank_account_id: number }>(
    db,
    sql`select organization_id, revenue_account_id, clearing_account_id, fees_account_id, bank_account_id from firm_books`,
  );
  return row
    ? {
        organizationId: Number(row.organization_id),
        revenueAccountId: Number(row.revenue_account_id),
        clearingAccountId: Number(row.clearing_account_id),
        feesAccountId: Number(row.fees_account_id),
        bankAccountId: Number(row.bank_account_id),
      }
    : null;
}

/** The account of the chart with this code, made when the chart has none. */
async function account(tx: Db, organizationId: number, a: (typeof ACCOUNTS)[keyof typeof ACCOUNTS]): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, detail_type)
        values (${organizationId}, ${a.code}, ${a.name}, ${a.type}, ${a.detail})
        on conflict (organization_id, account_code) do update set account_code = excluded.account_code
        returning id`,
  );
  return Number(row!.id);
}

/**
 * The firm's books, made on first use (safe when two processes make them at once: one does, under a lock), with every
 * active admin an owner of them (an admin who joined since is added).
 */
export async function ensureFirmBooks(db: Db): Promise<FirmBooks> {
  const found = await read(db);
  if (found) return found;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('firm_books'))`);
    if (await read(tx)) return;
    const organizationId = await insertOrganization(tx, FIRM_BOOKS_NAME, null, { currency: "USD" });
    const ids = {
      revenue: await account(tx, organizationId, ACCOUNTS.revenue),
      clearing: await account(tx, organizationId, ACCOUNTS.clearing),
      fees: await account(tx, organizationId, ACCOUNTS.fees),
      bank: await account(tx, organizationId, ACCOUNTS.bank),
    };
    await tx.execute(
      sql`insert into firm_books (organization_id, revenue_account_id, clearing_account_id, fees_account_id, bank_account_id)
          values (${organizationId}, ${ids.revenue}, ${ids.clearing}, ${ids.fees}, ${ids.bank})`,
    );
  });
  const made = (await read(db))!;
  await addAdmins(db, made.organizationId);
  return made;
}

/** Every active admin an owner of the firm's books. */
async function addAdmins(db: Db, organizationId: number): Promise<void> {
  const admins = await queryRows<{ id: string }>(
    db,
    sql`select id from users where role = any(${pgArray(rolesHolding("firm.billing"))}::text[]) and disabled_at is null`,
  );
  for (const a of admins) await db.execute(insertMembership(organizationId, a.id, "owner", sql`on conflict do nothing`));
}

/**
 * The firm's books as its billing acts in them (the scheduled work and the processor's events, which no person
 * triggers): the membership of the longest-standing active admin, who owns them. Null while the firm has no admin.
 */
export async function firmBooksActor(db: Db, books: FirmBooks): Promise<Membership | null> {
  await addAdmins(db, books.organizationId);
  const [owner] = await queryRows<{ user_id: string }>(
    db,
    sql`select m.user_id from organization_memberships m join users u on u.id = m.user_id
         where m.organization_id = ${books.organizationId} and m.role = 'owner' and u.disabled_at is null
           and u.role = any(${pgArray(rolesHolding("firm.billing"))}::text[])
         order by u.created_at, u.id limit 1`,
  );
  return owner ? findMembership(db, owner.user_id, books.organizationId) : null;
}
