import { data } from "react-router";
import { safeParse } from "zod";
import { LeadDetailScreen } from "~/features/leads/components/lead-detail-screen.tsx";
import { getLead } from "~/features/leads/lead-actions.server.ts";
import { leadIdParamsSchema } from "~/features/leads/leads-inbox.schema.ts";
import { AppError } from "~/server/http/app-error.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-lead";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.lead.name || loaderData?.lead.email || "Lead"} | Leads | Firm workspace` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.leads");
  const parsed = safeParse(leadIdParamsSchema, params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  try {
    return { lead: await getLead(context.app.db, parsed.data.leadId), me: user.id };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data("Not found", { status: 404 });
    throw err;
  }
}

export default function FirmLead({ loaderData }: Route.ComponentProps) {
  return <LeadDetailScreen lead={loaderData.lead} me={loaderData.me} />;
}
