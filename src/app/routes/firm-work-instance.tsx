import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/firm-work-instance";
import { WorkInstanceScreen } from "~/features/work/components/work-instance-screen.tsx";
import { getWork, workStaff } from "~/features/work/index.server.ts";
import { can } from "~/lib/permissions.ts";
import { todayIso } from "~/lib/format.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { AppError } from "~/server/http/app-error.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.work.name ?? "Work"} | Work | Firm workspace` },
  { name: "robots", content: "noindex" },
];

/** /firm/work/:workId: one instance of recurring work and its checklist (GET /api/firm/work/:id). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.work");
  const parsed = z.object({ workId: idParam() }).safeParse(params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  try {
    const [work, staff] = await Promise.all([getWork(context.app.db, parsed.data.workId), workStaff(context.app.db)]);
    return { work, staff, canOverride: can(user, "firm.work.override"), today: todayIso() };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data("Not found", { status: 404 });
    throw err;
  }
}

export default function FirmWorkInstance({ loaderData }: Route.ComponentProps) {
  return <WorkInstanceScreen {...loaderData} />;
}
