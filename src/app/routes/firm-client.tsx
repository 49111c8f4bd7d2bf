import { data } from "react-router";
import type { Route } from "./+types/firm-client";
import { listStaff } from "~/features/tenancy/firm-clients.server.ts";
import { firmClientDetail, glanceViewer } from "~/features/tenancy/client-glance.server.ts";
import { FirmClientView } from "~/features/tenancy/components/firm-clients-list.tsx";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { can } from "~/lib/permissions.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.client.name ?? "Client"} · Clients · Firm workspace | Ledgerline Advisors` },
  { name: "robots", content: "noindex" },
];

/** /firm/clients/:orgId: one client organization of the Clients section (staff and admins only). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.clients");
  const orgId = /^[1-9][0-9]{0,9}$/.test(params.orgId) ? Number(params.orgId) : NaN;
  if (!(orgId <= 2_147_483_647)) throw data("Not found", { status: 404 });
  const [detail, staff] = await Promise.all([
    firmClientDetail(context.app.db, glanceViewer(user), orgId),
    can(user, "firm.clients.assign") ? listStaff(context.app.db) : Promise.resolve(null),
  ]);
  if (!detail) throw data("Not found", { status: 404 });
  return { detail, staff };
}

export default function FirmClient({ loaderData }: Route.ComponentProps) {
  return <FirmClientView key={loaderData.detail.client.id} detail={loaderData.detail} staff={loaderData.staff} />;
}
