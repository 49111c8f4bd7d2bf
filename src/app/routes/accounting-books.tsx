import { data } from "react-router";
import type { Route } from "./+types/accounting-books";
import { listAccounts } from "~/features/accounting/accounts.server.ts";
import { findMembership, listOrganizations } from "~/features/accounting/organizations.server.ts";
import { AccountingPage } from "~/features/accounting/components/accounting-page.tsx";
import { requirePageUser } from "~/server/http/page-guards.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.organization.name} · Accounting | Ledgerline Advisors` : "Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /accounting/:orgId: the books of one organization, for its members only (anyone else: the 404 page). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const orgId = /^[1-9][0-9]{0,9}$/.test(params.orgId) ? Number(params.orgId) : NaN;
  const membership = Number.isSafeInteger(orgId) && orgId <= 2_147_483_647 ? await findMembership(context.app.db, user.id, orgId) : null;
  if (!membership) throw data("Not found", { status: 404 });
  const [accounts, organizations] = await Promise.all([
    listAccounts(context.app.db, membership),
    listOrganizations(context.app.db, user.id),
  ]);
  return {
    organization: { id: membership.organizationId, name: membership.organizationName },
    role: membership.role,
    organizations,
    userId: user.id,
    accounts: accounts.map(({ id, account_code, account_name, account_type }) => ({ id, account_code, account_name, account_type })),
  };
}

export default function AccountingBooks({ loaderData }: Route.ComponentProps) {
  return (
    <AccountingPage
      key={loaderData.organization.id}
      organization={loaderData.organization}
      role={loaderData.role}
      organizations={loaderData.organizations}
      userId={loaderData.userId}
      initialAccounts={loaderData.accounts}
    />
  );
}
