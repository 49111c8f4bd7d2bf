import type { Route } from "./+types/accounting-billing";
import { pageId, requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { clientBilling } from "~/features/billing/client-billing.server.ts";
import { BillingScreen } from "~/features/billing/components/billing-screen.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Billing | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

/**
 * /accounting/:orgId/billing: the firm's invoices to this organization, its payments and its payment method (the API's
 * GET /billing), for its owner ("books.billing"); `?page=N` for older invoices, `?method=saved` on the way back from
 * the processor's page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId, "books.billing");
  const url = new URL(request.url);
  const page = pageId(url.searchParams.get("page") ?? undefined) ?? 1;
  const billing = await clientBilling(context.app.db, membership.organizationId, context.app.payments, page);
  return { billing, page, methodSaved: url.searchParams.get("method") === "saved" };
}

export default function AccountingBilling({ loaderData }: Route.ComponentProps) {
  return <BillingScreen {...loaderData} />;
}
