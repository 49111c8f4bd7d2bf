import type { Route } from "./+types/accounting-tax";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { listTaxCodes, readTaxSettings } from "~/features/tax/tax-codes.server.ts";
import { TaxCodesScreen } from "~/features/tax/components/tax-codes-screen.tsx";

/** /accounting/:orgId/tax: the books' tax codes, archived ones too (GET /tax-codes?include_archived=true), and the tax settings. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const [codes, settings] = await Promise.all([listTaxCodes(db, membership, { includeArchived: true }), readTaxSettings(db, membership)]);
  return { codes, settings };
}

export default function AccountingTax({ loaderData }: Route.ComponentProps) {
  return <TaxCodesScreen codes={loaderData.codes} settings={loaderData.settings} />;
}
