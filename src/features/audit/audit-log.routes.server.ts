import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseQuery } from "~/server/http/parse.ts";
import { auditLogQuerySchema } from "./audit-log.schema.ts";
import { readAuditLog } from "./audit-log.server.ts";

/** /api/firm/audit-log: the firm's Audit log, admins only (anyone else 404). */
export function auditLogRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get("/", async (c) => {
    requireHiddenPermission(c, "firm.audit.read");
    return c.json(await readAuditLog(ctx.db, parseQuery(c, auditLogQuerySchema)));
  });
  return r;
}
