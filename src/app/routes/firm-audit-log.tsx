import { AuditLogScreen } from "~/features/audit/components/audit-log-screen.tsx";
import { auditLogQuerySchema, type AuditLogFilters } from "~/features/audit/audit-log.schema.ts";
import { readAuditLog } from "~/features/audit/audit-log.server.ts";
import { zodFields } from "~/lib/zod-fields.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The firm workspace's Audit log: admins only (staff get the 404 page). Filters come from the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.audit.read");
  const filters = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v.trim() !== "")) as AuditLogFilters;
  const parsed = auditLogQuerySchema.safeParse(filters);
  if (!parsed.success) return { log: null, filters, errors: zodFields(parsed.error) };
  return { log: await readAuditLog(context.app.db, parsed.data), filters, errors: {} };
}

export default function FirmAuditLog({ loaderData }: Route.ComponentProps) {
  return <AuditLogScreen log={loaderData.log} filters={loaderData.filters} errors={loaderData.errors} />;
}
