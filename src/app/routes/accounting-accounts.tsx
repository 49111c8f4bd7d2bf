import type { Route } from "./+types/accounting-accounts";
import { accountListQuerySchema } from "~/features/ledger/ledger.schema.ts";
import { listAccounts } from "~/features/ledger/accounts.server.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { ChartOfAccountsScreen } from "~/features/ledger/components/chart-of-accounts-screen.tsx";
import { readPageQuery } from "~/server/http/page-query.ts";

/** /accounting/:orgId: the chart of accounts, the books' first section; `?include_inactive=true` lists inactive ones too. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const { query } = readPageQuery(request, accountListQuerySchema);
  const showInactive = query.include_inactive === "true";
  return { accounts: await listAccounts(context.app.db, membership, showInactive), showInactive };
}

export default function AccountingAccounts({ loaderData }: Route.ComponentProps) {
  return <ChartOfAccountsScreen accounts={loaderData.accounts} showInactive={loaderData.showInactive} />;
}
