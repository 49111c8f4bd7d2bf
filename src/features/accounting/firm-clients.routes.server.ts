import { Hono } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { forbidden } from "~/server/http/app-error.ts";
import { requireHiddenSiteRole } from "~/server/http/guards.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { addStaffAccountant, listFirmClients, listStaff } from "./firm-clients.server.ts";
import { addAccountantSchema } from "./members.schema.ts";

const orgParams = z.object({ orgId: idParam() });

/** /api/firm/clients: the firm's Clients section (staff and admins; anyone else gets 404). */
export function firmClientsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  r.use(async (c, next) => {
    requireHiddenSiteRole(c, "staff", "admin");
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  r.get("/", async (c) => c.json({ clients: await listFirmClients(db, requireHiddenSiteRole(c, "staff", "admin").id) }));
  r.get("/staff", async (c) => c.json({ staff: await listStaff(db) }));
  r.post("/:orgId/accountants", async (c) => {
    const user = requireHiddenSiteRole(c, "staff", "admin");
    if (user.role !== "admin") throw forbidden("Only an admin can add staff to a client's books");
    const { orgId } = parseParams(c, orgParams);
    const { user_id } = await parseJson(c, addAccountantSchema);
    await addStaffAccountant(db, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)), orgId, user_id);
    return c.json({ clients: await listFirmClients(db, user.id) });
  });
  return r;
}
