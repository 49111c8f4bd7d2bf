import type { Route } from "./+types/firm-requests";
import { FirmQueue } from "~/features/requests/components/firm-queue.tsx";
import { firmQueue, queueClients } from "~/features/requests/index.server.ts";
import { firmQueueQuerySchema } from "~/features/requests/requests.schema.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Requests · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /firm/requests: what waits on clients and on the firm across the caller's clients (GET /api/firm/requests). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.clients");
  const { query, filters, errors } = readPageQuery(request, firmQueueQuerySchema);
  const [rows, clients] = await Promise.all([firmQueue(context.app.db, user.id, query), queueClients(context.app.db, user.id)]);
  return { rows, clients, filters, errors };
}

export default function FirmRequests({ loaderData }: Route.ComponentProps) {
  return <FirmQueue {...loaderData} />;
}
