import { data } from "react-router";
import type { Route } from "./+types/accounting-request";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { RequestScreen } from "~/features/requests/components/request-screen.tsx";
import { getRequest } from "~/features/requests/index.server.ts";
import { canBooks } from "~/features/tenancy/books-permissions.ts";
import { AppError } from "~/server/http/app-error.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.request.title} · Requests | Ledgerline Advisors` : "Request | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /accounting/:orgId/requests/:requestId: one request's checklist (GET /api/requests/:orgId/:requestId). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const id = /^[1-9][0-9]{0,8}$/.test(params.requestId ?? "") ? Number(params.requestId) : null;
  if (id === null) throw data("Not found", { status: 404 });
  const canSend = canBooks(membership, "books.requests.send");
  const doc = await getRequest(context.app.db, membership, id).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (!doc) throw data("Not found", { status: 404 });
  return {
    orgId: membership.organizationId,
    currency: membership.currency,
    request: doc,
    viewer: { side: membership.side, canSend, canAnswer: canBooks(membership, "books.requests.answer") },
  };
}

export default function AccountingRequest({ loaderData }: Route.ComponentProps) {
  return <RequestScreen orgId={loaderData.orgId} request={loaderData.request} viewer={loaderData.viewer} currency={loaderData.currency} />;
}
