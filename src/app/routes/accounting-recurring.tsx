import type { Route } from "./+types/accounting-recurring";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { RecurringEntriesTab } from "~/features/ledger/components/recurring-entries-screen.tsx";
import { listRecurringEntries } from "~/features/ledger/recurring-entries.server.ts";

/** /accounting/:orgId/recurring: the recurring entries, their schedules and next runs (the API's GET /recurring). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { recurring: await listRecurringEntries(context.app.db, membership) };
}

export default function AccountingRecurring({ loaderData }: Route.ComponentProps) {
  return <RecurringEntriesTab recurring={loaderData.recurring} />;
}
