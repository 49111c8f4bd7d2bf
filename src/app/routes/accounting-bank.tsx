import type { Route } from "./+types/accounting-bank";
import { listBankAccounts } from "~/features/bank/bank-accounts.server.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { BankAccountsScreen } from "~/features/bank/components/bank-accounts-screen.tsx";

/** /accounting/:orgId/bank: the organization's bank and card accounts (the API's GET /api/bank/:orgId/accounts). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { bankAccounts: await listBankAccounts(context.app.db, membership) };
}

export default function AccountingBank({ loaderData }: Route.ComponentProps) {
  return <BankAccountsScreen bankAccounts={loaderData.bankAccounts} />;
}
