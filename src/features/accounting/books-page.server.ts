import { sql } from "drizzle-orm";
import { data } from "react-router";
import { queryRows } from "~/server/db/client.ts";
import type { RequestContext, SessionUser } from "~/server/context.ts";
import { requirePageUser } from "~/server/http/page-guards.ts";
import { getBankAccount } from "./bank-accounts.server.ts";
import { findMembership, type Membership } from "./organizations.server.ts";

/**
 * Page loaders under /accounting/:orgId: the signed-in user and their membership of the organization in the URL;
 * anyone who is not a member gets the 404 page (the id tells them nothing). Every section's loader asks on its own,
 * as the layout's and the section's loaders run side by side.
 */
export async function requireBooksPage(
  context: RequestContext,
  request: Request,
  orgIdParam: string | undefined,
): Promise<{ user: SessionUser; membership: Membership }> {
  const user = requirePageUser(context, request);
  const orgId = /^[1-9][0-9]{0,9}$/.test(orgIdParam ?? "") ? Number(orgIdParam) : NaN;
  const membership = orgId <= 2_147_483_647 ? await findMembership(context.app.db, user.id, orgId) : null;
  if (!membership) throw data("Not found", { status: 404 });
  return { user, membership };
}

/** Page loaders under /accounting/:orgId/bank/:bankId: the bank account too, or the 404 page. */
export async function requireBankPage(
  context: RequestContext,
  request: Request,
  orgIdParam: string | undefined,
  bankIdParam: string | undefined,
) {
  const { user, membership } = await requireBooksPage(context, request, orgIdParam);
  const bankId = /^[1-9][0-9]{0,9}$/.test(bankIdParam ?? "") ? Number(bankIdParam) : NaN;
  const [row] =
    bankId <= 2_147_483_647
      ? await queryRows<{ id: number }>(
          context.app.db,
          sql`select id from bank_accounts where organization_id = ${membership.organizationId} and id = ${bankId}`,
        )
      : [];
  if (!row) throw data("Not found", { status: 404 });
  return { user, membership, account: await getBankAccount(context.app.db, membership, bankId) };
}
