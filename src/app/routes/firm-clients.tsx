import type { Route } from "./+types/firm-clients";
import { clientGlanceQuerySchema } from "~/features/tenancy/client-glance.schema.ts";
import { glanceViewer, listClientGlance } from "~/features/tenancy/client-glance.server.ts";
import { FirmClientsScreen } from "~/features/tenancy/components/firm-clients-screen.tsx";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import { can } from "~/lib/permissions.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Clients · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** The firm workspace's Clients section: every client at a glance for the filters in the URL (the API's query, GET /api/firm/clients). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.clients");
  const { query, filters, errors } = readPageQuery(request, clientGlanceQuerySchema);
  const page = await listClientGlance(context.app.db, glanceViewer(user), query);
  return { page, filters, errors, canAssign: can(user, "firm.clients.assign") };
}

export default function FirmClients({ loaderData }: Route.ComponentProps) {
  return <FirmClientsScreen {...loaderData} />;
}
