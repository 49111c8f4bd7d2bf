import { safeParse } from "zod";
import { zodFields } from "~/lib/zod-fields.ts";
import { LeadsInboxPage } from "~/features/leads/components/leads-inbox-page.tsx";
import { leadListQuerySchema } from "~/features/leads/leads-inbox.schema.ts";
import { listLeads } from "~/features/leads/leads-inbox.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-leads";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The filters come from the URL, checked with the API's schema; a bad one is named and the rest still apply. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.leads");
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  let parsed = safeParse(leadListQuerySchema, raw);
  let errors: Record<string, string> = {};
  if (!parsed.success) {
    errors = zodFields(parsed.error);
    const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !(k in errors)));
    parsed = safeParse(leadListQuerySchema, kept);
    if (!parsed.success) parsed = safeParse(leadListQuerySchema, { view: raw.view === "spam" ? "spam" : "inbox" });
  }
  const query = parsed.success ? parsed.data : { view: "inbox" as const };
  const list = await listLeads(context.app.db, query);
  const values = { view: query.view, kind: raw.kind, status: raw.status, owner: raw.owner, from: raw.from, to: raw.to, q: raw.q };
  return { list, values, errors };
}

export default function FirmLeads({ loaderData }: Route.ComponentProps) {
  return <LeadsInboxPage list={loaderData.list} values={loaderData.values} errors={loaderData.errors} />;
}
