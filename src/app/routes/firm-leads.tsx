import { LeadsInboxScreen } from "~/features/leads/components/leads-inbox-screen.tsx";
import { leadListQuerySchema } from "~/features/leads/leads-inbox.schema.ts";
import { listLeads } from "~/features/leads/leads-inbox.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import type { Route } from "./+types/firm-leads";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The filters come from the URL, checked with the API's schema; a bad one is named and the rest still apply. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.leads");
  const { query, filters: raw, errors } = readPageQuery(request, leadListQuerySchema);
  const list = await listLeads(context.app.db, query);
  const values = { view: query.view, kind: raw.kind, status: raw.status, owner: raw.owner, from: raw.from, to: raw.to, q: raw.q };
  return { list, values, errors };
}

export default function FirmLeads({ loaderData }: Route.ComponentProps) {
  return <LeadsInboxScreen list={loaderData.list} values={loaderData.values} errors={loaderData.errors} />;
}
