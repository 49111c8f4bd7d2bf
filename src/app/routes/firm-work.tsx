import type { Route } from "./+types/firm-work";
import { WorkScreen } from "~/features/work/components/work-screen.tsx";
import { clientChoices, listTemplates, listWork, workStaff } from "~/features/work/index.server.ts";
import { workQuerySchema } from "~/features/work/work.schema.ts";
import { can } from "~/lib/permissions.ts";
import { todayIso } from "~/lib/format.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Work · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /firm/work: recurring work across the clients, as a list or a board (GET /api/firm/work). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.work");
  const { db } = context.app;
  const { query, filters, errors } = readPageQuery(request, workQuerySchema);
  const [rows, staff, clients, templates] = await Promise.all([
    listWork(db, user.id, query),
    workStaff(db),
    clientChoices(db),
    listTemplates(db),
  ]);
  return {
    rows,
    filters,
    errors,
    choices: { staff, clients, templates: templates.map((t) => ({ id: t.id, title: t.title })) },
    today: todayIso(),
    canEditTemplates: can(user, "firm.work.templates"),
  };
}

export default function FirmWork({ loaderData }: Route.ComponentProps) {
  return <WorkScreen {...loaderData} />;
}
