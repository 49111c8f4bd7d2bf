import type { Route } from "./+types/accounting-bank-account";
import { bankLinesQuerySchema } from "~/features/bank/bank.schema.ts";
import { listBankLines } from "~/features/bank/bank-lines.server.ts";
import { requireBankPage } from "~/features/bank/bank-page.server.ts";
import { BankAccountScreen } from "~/features/bank/components/bank-account-screen.tsx";
import { readPageQuery } from "~/server/http/page-query.ts";

/** /accounting/:orgId/bank/:bankId: a bank account, its statement import and a page of its lines (`?show=&order=&page=`). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership, account } = await requireBankPage(context, request, params.orgId, params.bankId);
  const { query } = readPageQuery(request, bankLinesQuerySchema);
  const page = await listBankLines(context.app.db, membership, account.id, query);
  return { account, page, show: query.show ?? "unmatched", order: query.order ?? "oldest" };
}

export default function AccountingBankAccount({ loaderData }: Route.ComponentProps) {
  return <BankAccountScreen account={loaderData.account} page={loaderData.page} show={loaderData.show} order={loaderData.order} />;
}
