import type { Route } from "./+types/firm-work-templates";
import { TemplatesScreen } from "~/features/work/components/templates-screen.tsx";
import { clientChoices, getSettings, listSchedules, listTemplates, workStaff } from "~/features/work/index.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Templates · Work · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /firm/work/templates: templates of recurring work, applying them, the horizon and holidays (GET /api/firm/work/templates). */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.work.templates");
  const { db } = context.app;
  const [templates, schedules, clients, staff, settings] = await Promise.all([
    listTemplates(db),
    listSchedules(db),
    clientChoices(db),
    workStaff(db),
    getSettings(db),
  ]);
  return { templates, schedules, clients, staff, settings };
}

export default function FirmWorkTemplates({ loaderData }: Route.ComponentProps) {
  return <TemplatesScreen {...loaderData} />;
}
