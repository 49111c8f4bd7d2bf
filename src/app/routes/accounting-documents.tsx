import type { Route } from "./+types/accounting-documents";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import { AppError } from "~/server/http/app-error.ts";
import { listDocuments } from "~/features/sales/document-queries.server.ts";
import { getContact } from "~/features/sales/contacts.server.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { companyOf, readBranding } from "~/features/sales/company-branding.server.ts";
import { documentsQuerySchema, type Side } from "~/features/sales/sales.schema.ts";
import { DocumentsScreen } from "~/features/sales/components/documents-screen.tsx";

/**
 * /accounting/:orgId/sales (purchases): one page of the invoices and credit notes (the bills and supplier credits) for
 * the filters in the URL (the API's query, GET /documents?side=receivable (payable): status, q, contact_id, page), the
 * settings of sales and purchases and the business's details its documents print (GET /sales/company).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const side: Side = new URL(request.url).pathname.split("/")[3] === "purchases" ? "payable" : "receivable";
  const { query, filters, errors } = readPageQuery(request, documentsQuerySchema);
  const contact = query.contact_id
    ? await getContact(db, membership, query.contact_id).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      })
    : null;
  if (query.contact_id && !contact) errors.contact_id = "Contact not found";
  const [page, settings, branding] = await Promise.all([
    listDocuments(db, membership, { ...query, kind: undefined, side, contact_id: contact ? query.contact_id : undefined }),
    readSalesSettings(db, membership.organizationId),
    readBranding(db, membership.organizationId),
  ]);
  return {
    side,
    page,
    filters,
    errors,
    settings,
    company: companyOf(branding),
    contact: contact && { id: contact.id, name: contact.name },
  };
}

export default function AccountingDocuments({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <DocumentsScreen
      side={d.side}
      page={d.page}
      filters={d.filters}
      errors={d.errors}
      contact={d.contact}
      settings={d.settings}
      company={d.company}
    />
  );
}
