import type { Route } from "./+types/accounting-requests";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { RequestsScreen } from "~/features/requests/components/requests-screen.tsx";
import { listRequests } from "~/features/requests/index.server.ts";
import { canBooks } from "~/features/tenancy/books-permissions.ts";

/**
 * /accounting/:orgId/requests: the client's requests for documents (GET /api/requests/:orgId); those who hold
 * "books.requests.send" (the firm's staff on the client, not one the owner made a viewer) send new ones.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return {
    requests: await listRequests(context.app.db, membership),
    canSend: canBooks(membership, "books.requests.send"),
    orgId: membership.organizationId,
  };
}

export default function AccountingRequests({ loaderData }: Route.ComponentProps) {
  return <RequestsScreen orgId={loaderData.orgId} requests={loaderData.requests} canSend={loaderData.canSend} />;
}
