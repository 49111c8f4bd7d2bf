import { data } from "react-router";
import type { Route } from "./+types/accounting-import";
import { listAccounts } from "~/features/accounting/accounts.server.ts";
import { findMembership } from "~/features/accounting/organizations.server.ts";
import { ImportScreen } from "~/features/accounting/components/import-screen.tsx";
import { requirePageUser } from "~/server/http/page-guards.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.organization.name} · Import and export | Ledgerline Advisors` : "Import and export | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /accounting/:orgId/import: CSV import and export of one organization's books, for its members only. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const orgId = /^[1-9][0-9]{0,9}$/.test(params.orgId) ? Number(params.orgId) : NaN;
  const membership = Number.isSafeInteger(orgId) && orgId <= 2_147_483_647 ? await findMembership(context.app.db, user.id, orgId) : null;
  if (!membership) throw data("Not found", { status: 404 });
  const accounts = await listAccounts(context.app.db, membership);
  return {
    organization: { id: membership.organizationId, name: membership.organizationName },
    canWrite: membership.role !== "viewer",
    accounts: accounts.map(({ id, account_code, account_name, account_type }) => ({ id, account_code, account_name, account_type })),
  };
}

export default function AccountingImport({ loaderData }: Route.ComponentProps) {
  return <ImportScreen organization={loaderData.organization} accounts={loaderData.accounts} canWrite={loaderData.canWrite} />;
}
