import { FirmAttention } from "~/features/firm/components/firm-attention.tsx";
import { FeesOverdueSection } from "~/features/billing/components/fees-overdue.tsx";
import { overdueFees } from "~/features/billing/index.server.ts";
import { pendingInvitationCount } from "~/features/tenancy/index.server.ts";
import { leadsAttention } from "~/features/leads/index.server.ts";
import { can } from "~/lib/permissions.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-overview";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.workspace");
  const db = context.app.db;
  const [leads, invitations, fees] = await Promise.all([
    leadsAttention(db),
    pendingInvitationCount(db),
    can(user, "firm.billing") ? overdueFees(db) : null,
  ]);
  return { leads, invitations, fees };
}

/** The firm workspace's start page; for its admins, its own fees overdue too. */
export default function FirmOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">Overview</h1>
      <FirmAttention leads={loaderData.leads} invitations={loaderData.invitations} />
      {loaderData.fees ? <FeesOverdueSection fees={loaderData.fees} /> : null}
    </div>
  );
}
