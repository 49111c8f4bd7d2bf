import type { Route } from "./+types/accounting-import";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { ImportScreen } from "~/features/import-export/components/import-screen.tsx";

/** /accounting/:orgId/import: CSV import and export of one organization's books (the layout's loader reads the rest). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireBooksPage(context, request, params.orgId);
  return null;
}

export default function AccountingImport() {
  return <ImportScreen />;
}
