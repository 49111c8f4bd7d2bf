import type { Route } from "./+types/firm-activity";
import { ActivityScreen } from "~/features/activity/components/activity-screen.tsx";
import { activityQuerySchema } from "~/features/activity/activity.schema.ts";
import { listActivity } from "~/features/activity/client-activity.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Client activity · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /firm/activity: what the clients did that the reader is told of (the API's query, GET /api/activity). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.workspace");
  const { query } = readPageQuery(request, activityQuerySchema);
  return { page: await listActivity(context.app.db, user.id, query), older: query.before !== undefined };
}

export default function FirmActivity({ loaderData }: Route.ComponentProps) {
  // A page of its own per ?before=: the marks of what was new start again.
  return <ActivityScreen key={loaderData.page.items[0]?.id ?? 0} {...loaderData} />;
}
