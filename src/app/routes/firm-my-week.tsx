import type { Route } from "./+types/firm-my-week";
import { MyWeekScreen } from "~/features/work/components/my-week-screen.tsx";
import { endOfWeek, listWork } from "~/features/work/index.server.ts";
import { todayIso } from "~/lib/format.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";

export const meta: Route.MetaFunction = () => [
  { title: "My week · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /firm/my-week: the staff member's start page, her work due by Sunday and what is overdue (GET /api/firm/work?assignee=me&due_by=…). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.work");
  const today = todayIso();
  const weekEnd = endOfWeek(today);
  const rows = await listWork(context.app.db, user.id, { assignee: "me", due_by: weekEnd }, today);
  return { rows, today, weekEnd, firstName: user.firstName ?? null };
}

export default function FirmMyWeek({ loaderData }: Route.ComponentProps) {
  return <MyWeekScreen {...loaderData} />;
}
