import type { Route } from "./+types/accounting-purchases";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import { AppError } from "~/server/http/app-error.ts";
import { listDocuments } from "~/features/sales/documents.server.ts";
import { getContact } from "~/features/sales/contacts.server.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { companyOf, readBranding } from "~/features/sales/sales-pdf.server.ts";
import { documentsQuerySchema } from "~/features/sales/sales.schema.ts";
import { DocumentsScreen } from "~/features/sales/components/documents-screen.tsx";

/**
 * /accounting/:orgId/purchases: one page of the bills and supplier credits for the filters in the URL (the API's query,
 * GET /documents?side=payable: status, q, contact_id, page), the settings of sales and purchases and
 * the business's details its documents print (GET /sales/company).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const { query, filters, errors } = readPageQuery(request, documentsQuerySchema);
  const contact = query.contact_id
    ? await getContact(db, membership, query.contact_id).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      })
    : null;
  if (query.contact_id && !contact) errors.contact_id = "Contact not found";
  const [page, settings, branding] = await Promise.all([
    listDocuments(db, membership, { ...query, kind: undefined, side: "payable", contact_id: contact ? query.contact_id : undefined }),
    readSalesSettings(db, membership.organizationId),
    readBranding(db, membership.organizationId),
  ]);
  return { page, filters, errors, settings, company: companyOf(branding), contact: contact && { id: contact.id, name: contact.name } };
}

export default function AccountingPurchases({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <DocumentsScreen
      side="payable"
      page={d.page}
      filters={d.filters}
      errors={d.errors}
      contact={d.contact}
      settings={d.settings}
      company={d.company}
    />
  );
}
