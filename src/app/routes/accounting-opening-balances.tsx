import type { Route } from "./+types/accounting-opening-balances";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { OpeningBalancesScreen } from "~/features/ledger/components/opening-balances-form.tsx";
import { readOpeningBalances } from "~/features/ledger/opening-balances.server.ts";

/** /accounting/:orgId/opening-balances: each account's balance as of the day the books start here. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { opening: await readOpeningBalances(context.app.db, membership) };
}

export default function AccountingOpeningBalances({ loaderData }: Route.ComponentProps) {
  // A new form when the saved balances change (after a save, or another member's).
  return <OpeningBalancesScreen key={`${loaderData.opening.entry_id}`} opening={loaderData.opening} />;
}
