import { data, redirect } from "react-router";
import type { Route } from "./+types/accounting-contact";
import { pageId, requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { statement } from "~/features/sales/aging.server.ts";
import { openItems } from "~/features/sales/open-items.server.ts";
import { getContact } from "~/features/sales/contacts.server.ts";
import { readSalesSettings } from "~/features/sales/sales-settings.server.ts";
import { statementQuerySchema, type Side } from "~/features/sales/sales.schema.ts";
import { sidesOf } from "~/features/sales/components/contact-parts.tsx";
import { ContactScreen } from "~/features/sales/components/contact-screen.tsx";
import { listTaxCodes } from "~/features/tax/tax-codes.server.ts";
import { addMonths } from "~/features/ledger/index.ts";
import { todayIso } from "~/lib/format.ts";
import { filledParams } from "~/lib/search-params.ts";
import { zodFields } from "~/lib/zod-fields.ts";
import { AppError } from "~/server/http/app-error.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.contact.name} · Contacts | Ledgerline Advisors` : "Contact | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/**
 * /accounting/:orgId/contacts/:contactId?side=&from=&to=: a contact (a merged one's page leads to the contact it was
 * merged into), its items open today on each of its sides (GET /open-items) and its statement of a period on one side
 * (GET /contacts/:id/statement; by default the receivables of a customer, over this month and the two before it). A
 * wrong period is named at its field and makes no statement. The settings say whether the client's side mails it.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const db = context.app.db;
  const id = pageId(params.contactId);
  if (id === null) throw data("Not found", { status: 404 });
  const contact = await getContact(db, membership, id).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (!contact) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  if (contact.id !== id) throw redirect(`/accounting/${membership.organizationId}/contacts/${contact.id}${url.search}`);
  const sides = sidesOf(contact);
  const query = filledParams(url.searchParams);
  const side: Side = sides.includes(query.side as Side) ? (query.side as Side) : sides[0]!;
  const today = todayIso();
  const from = query.from ?? `${addMonths(today, -2).slice(0, 7)}-01`;
  const to = query.to ?? today;
  const period = statementQuerySchema.safeParse({ from, to });
  const [items, report, codes, settings] = await Promise.all([
    Promise.all(sides.map(async (s) => ({ side: s, items: await openItems(db, membership, { side: s, contact_id: contact.id }) }))),
    period.success ? statement(db, membership, contact.id, side, from, to) : Promise.resolve(null),
    listTaxCodes(db, membership, { includeArchived: true }),
    readSalesSettings(db, membership.organizationId),
  ]);
  return {
    contact,
    openItems: items,
    statement: report,
    period: { side, from, to, sides },
    errors: period.success ? {} : zodFields(period.error),
    taxCodes: codes.map((c) => ({ id: c.id, code: c.code, name: c.name, archived: c.archived })),
    clientMaySend: settings.client_may_send,
  };
}

export default function AccountingContact({ loaderData }: Route.ComponentProps) {
  return <ContactScreen {...loaderData} />;
}
