import type { Route } from "./+types/accounting-journal";
import { journalQuerySchema } from "~/features/ledger/ledger.schema.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { listEntries } from "~/features/ledger/journal-entries.server.ts";
import { JournalEntriesScreen } from "~/features/ledger/components/journal-entries-screen.tsx";
import { readPageQuery } from "~/server/http/page-query.ts";

/** /accounting/:orgId/journal: one page of the journal for the filters in the URL (the API's query, GET /entries). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const { query, filters, errors } = readPageQuery(request, journalQuerySchema);
  return { page: await listEntries(context.app.db, membership, query), filters, errors };
}

export default function AccountingJournal({ loaderData }: Route.ComponentProps) {
  return <JournalEntriesScreen page={loaderData.page} filters={loaderData.filters} errors={loaderData.errors} />;
}
