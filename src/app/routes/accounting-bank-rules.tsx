import type { Route } from "./+types/accounting-bank-rules";
import { listBankAccounts } from "~/features/bank/bank-accounts.server.ts";
import { listRules } from "~/features/bank/bank-rules.server.ts";
import { listRuleBatches } from "~/features/bank/bank-rules-batches.server.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { BankRulesScreen } from "~/features/bank/components/bank-rules-screen.tsx";

/**
 * /accounting/:orgId/bank-rules: the rules that choose accounts for statement lines, in order (GET /rules), and the
 * batches they posted, newest first (GET /rule-batches).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  return {
    rules: await listRules(db, membership),
    bankAccounts: await listBankAccounts(db, membership),
    batches: await listRuleBatches(db, membership),
  };
}

export default function AccountingBankRules({ loaderData }: Route.ComponentProps) {
  return <BankRulesScreen rules={loaderData.rules} bankAccounts={loaderData.bankAccounts} batches={loaderData.batches} />;
}
