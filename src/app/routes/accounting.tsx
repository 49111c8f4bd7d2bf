import { redirect } from "react-router";
import type { Route } from "./+types/accounting";
import { listAccounts } from "~/features/accounting/accounts.server.ts";
import { ensureMembership } from "~/features/accounting/organizations.server.ts";
import { AccountingPage } from "~/features/accounting/components/accounting-page.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Accounting | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw redirect(`/login?from=${encodeURIComponent(new URL(request.url).pathname)}`);
  const membership = await ensureMembership(context.app.db, context.user);
  const accounts = await listAccounts(context.app.db, membership);
  return {
    organizationName: membership.organizationName,
    role: membership.role,
    accounts: accounts.map(({ id, account_code, account_name, account_type }) => ({ id, account_code, account_name, account_type })),
  };
}

export default function Accounting({ loaderData }: Route.ComponentProps) {
  return <AccountingPage organizationName={loaderData.organizationName} role={loaderData.role} initialAccounts={loaderData.accounts} />;
}
