import type { Route } from "./+types/accounting-bank";
import { listBankAccounts } from "~/features/accounting/bank-accounts.server.ts";
import { requireBooksPage } from "~/features/accounting/books-page.server.ts";
import { BankAccountsTab } from "~/features/accounting/components/bank-accounts-tab.tsx";

/** /accounting/:orgId/bank: the organization's bank and card accounts (the API's GET /api/bank/:orgId/accounts). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { bankAccounts: await listBankAccounts(context.app.db, membership) };
}

export default function AccountingBank({ loaderData }: Route.ComponentProps) {
  return <BankAccountsTab bankAccounts={loaderData.bankAccounts} />;
}
