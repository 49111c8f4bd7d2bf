import type { Route } from "./+types/accounting-books";
import { listAccounts } from "~/features/ledger/accounts.server.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { booksAbilities } from "~/features/tenancy/books-permissions.ts";
import { listOrganizations } from "~/features/tenancy/organizations.server.ts";
import { BooksLayout } from "~/features/ledger/components/books-layout.tsx";
import { openRequestCount } from "~/features/requests/index.server.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.books.organization.name} · Accounting | Ledgerline Advisors` : "Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /accounting/:orgId and its sections: the books of one organization, for its members only (anyone else: the 404 page). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user, membership } = await requireBooksPage(context, request, params.orgId);
  const [accounts, organizations, openRequests] = await Promise.all([
    listAccounts(context.app.db, membership),
    listOrganizations(context.app.db, user.id),
    openRequestCount(context.app.db, membership.organizationId),
  ]);
  return {
    books: {
      organization: { id: membership.organizationId, name: membership.organizationName, currency: membership.currency },
      role: membership.role,
      side: membership.side,
      firmKeeps: membership.firmKeeps,
      can: booksAbilities(membership),
      userId: user.id,
      accounts: accounts.map(({ id, account_code, account_name, account_type }) => ({ id, account_code, account_name, account_type })),
    },
    organizations,
    badges: { requests: openRequests },
  };
}

export default function AccountingBooks({ loaderData }: Route.ComponentProps) {
  return (
    <BooksLayout
      key={loaderData.books.organization.id}
      books={loaderData.books}
      organizations={loaderData.organizations}
      badges={loaderData.badges}
    />
  );
}
