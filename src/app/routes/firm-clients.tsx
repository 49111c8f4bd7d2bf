import type { Route } from "./+types/firm-clients";
import { listFirmClients, listStaff } from "~/features/tenancy/firm-clients.server.ts";
import { FirmClientsList } from "~/features/tenancy/components/firm-clients-list.tsx";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { can } from "~/lib/permissions.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Clients · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** The firm workspace's Clients section: every client organization (staff and admins only). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.clients");
  const [clients, staff] = await Promise.all([
    listFirmClients(context.app.db, user.id),
    can(user, "firm.clients.assign") ? listStaff(context.app.db) : Promise.resolve(null),
  ]);
  return { clients, staff };
}

export default function FirmClients({ loaderData }: Route.ComponentProps) {
  return <FirmClientsList initial={loaderData.clients} staff={loaderData.staff} />;
}
