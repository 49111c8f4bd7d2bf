import type { Route } from "./+types/accounting-recurring";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { RecurringEntriesScreen } from "~/features/ledger/components/recurring-entries-screen.tsx";
import { listRecurringEntries } from "~/features/ledger/recurring-templates.server.ts";

/** /accounting/:orgId/recurring: the recurring entries, their schedules and next runs (the API's GET /recurring). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { recurring: await listRecurringEntries(context.app.db, membership) };
}

export default function AccountingRecurring({ loaderData }: Route.ComponentProps) {
  return <RecurringEntriesScreen recurring={loaderData.recurring} />;
}
