import type { Route } from "./+types/accounting-bank-reconcile";
import { reconciliationQuerySchema } from "~/features/bank/bank.schema.ts";
import { reconciliationView } from "~/features/bank/bank-reconcile.server.ts";
import { requireBankPage } from "~/features/bank/bank-page.server.ts";
import { BankReconcileScreen } from "~/features/bank/components/bank-reconcile-screen.tsx";
import { readPageQuery } from "~/server/http/page-query.ts";

/**
 * /accounting/:orgId/bank/:bankId/reconcile?date=: the reconciliation to a statement date (by default the end of the
 * latest statement imported).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership, account } = await requireBankPage(context, request, params.orgId, params.bankId);
  const { query } = readPageQuery(request, reconciliationQuerySchema);
  return { account, view: await reconciliationView(context.app.db, membership, account.id, query.date) };
}

export default function AccountingBankReconcile({ loaderData }: Route.ComponentProps) {
  return <BankReconcileScreen key={loaderData.view.statement_date} account={loaderData.account} view={loaderData.view} />;
}
