import type { Route } from "./+types/accounting-contacts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { listContacts } from "~/features/sales/contacts.server.ts";
import { contactsQuerySchema } from "~/features/sales/sales.schema.ts";
import { listTaxCodes } from "~/features/tax/tax-codes.server.ts";
import { ContactsScreen } from "~/features/sales/components/contacts-screen.tsx";
import { readPageQuery } from "~/server/http/page-query.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Contacts · Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/**
 * /accounting/:orgId/contacts?q=&role=&page=: a page of the customers and suppliers (the API's query, GET /contacts) with
 * their balances today, and the tax codes a contact may default to.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const { query, filters, errors } = readPageQuery(request, contactsQuerySchema);
  const [page, codes] = await Promise.all([listContacts(db, membership, query), listTaxCodes(db, membership, { includeArchived: true })]);
  return { page, filters, errors, taxCodes: codes.map((c) => ({ id: c.id, code: c.code, name: c.name, archived: c.archived })) };
}

export default function AccountingContacts({ loaderData }: Route.ComponentProps) {
  return <ContactsScreen page={loaderData.page} filters={loaderData.filters} errors={loaderData.errors} taxCodes={loaderData.taxCodes} />;
}
