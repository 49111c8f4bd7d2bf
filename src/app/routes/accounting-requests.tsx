import type { Route } from "./+types/accounting-requests";
import { requireBooksPage } from "~/features/accounting/books-page.server.ts";
import { RequestsTab } from "~/features/requests/components/requests-tab.tsx";
import { listRequests, type RequestParty } from "~/features/requests/index.ts";
import { can } from "~/lib/permissions.ts";

/** /accounting/:orgId/requests: the client's requests for documents (GET /api/requests/:orgId); the firm sends new ones. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user, membership } = await requireBooksPage(context, request, params.orgId);
  const party: RequestParty = { ...membership, side: can(user, "books.keepClients") ? "firm" : "client" };
  return { requests: await listRequests(context.app.db, party), canSend: party.side === "firm", orgId: membership.organizationId };
}

export default function AccountingRequests({ loaderData }: Route.ComponentProps) {
  return <RequestsTab orgId={loaderData.orgId} requests={loaderData.requests} canSend={loaderData.canSend} />;
}
