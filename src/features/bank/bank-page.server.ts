import { sql } from "drizzle-orm";
import { data } from "react-router";
import { queryRows } from "~/server/db/client.ts";
import type { RequestContext } from "~/server/context.ts";
import { pageId, requireBooksPage } from "~/features/tenancy/index.server.ts";
import { getBankAccount } from "./bank-accounts.server.ts";

/** Page loaders under /accounting/:orgId/bank/:bankId: the bank account too, or the 404 page. */
export async function requireBankPage(
  context: RequestContext,
  request: Request,
  orgIdParam: string | undefined,
  bankIdParam: string | undefined,
) {
  const { user, membership } = await requireBooksPage(context, request, orgIdParam);
  const bankId = pageId(bankIdParam);
  const [row] =
    bankId === null
      ? []
      : await queryRows<{ id: number }>(
          context.app.db,
          sql`select id from bank_accounts where organization_id = ${membership.organizationId} and id = ${bankId}`,
        );
  if (!row || bankId === null) throw data("Not found", { status: 404 });
  return { user, membership, account: await getBankAccount(context.app.db, membership, bankId) };
}
