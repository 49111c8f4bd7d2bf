import { AuditLogScreen } from "~/features/audit/components/audit-log-screen.tsx";
import { auditLogQuerySchema } from "~/features/audit/audit-log.schema.ts";
import { readAuditLog } from "~/features/audit/audit-log.server.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The firm workspace's Audit log: admins only (staff get the 404 page). Filters come from the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.audit.read");
  const { query, filters, errors } = readPageQuery(request, auditLogQuerySchema);
  return { log: await readAuditLog(context.app.db, query), filters, errors };
}

export default function FirmAuditLog({ loaderData }: Route.ComponentProps) {
  return <AuditLogScreen log={loaderData.log} filters={loaderData.filters} errors={loaderData.errors} />;
}
