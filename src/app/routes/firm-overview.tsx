import { FirmAttention } from "~/features/firm/components/firm-attention.tsx";
import { pendingInvitationCount } from "~/features/tenancy/index.server.ts";
import { leadsAttention } from "~/features/leads/index.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-overview";

export async function loader({ context }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.workspace");
  const [leads, invitations] = await Promise.all([leadsAttention(context.app.db), pendingInvitationCount(context.app.db)]);
  return { leads, invitations };
}

/** The firm workspace's start page. */
export default function FirmOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">Overview</h1>
      <FirmAttention leads={loaderData.leads} invitations={loaderData.invitations} />
    </div>
  );
}
