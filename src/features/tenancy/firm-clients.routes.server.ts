import { Hono } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { forbidden } from "~/server/http/app-error.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { can } from "~/lib/permissions.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { addStaffAccountant, listFirmClients, listStaff } from "./firm-clients.server.ts";
import { addAccountantSchema } from "./members.schema.ts";
import type { FirmClientsAnswer } from "./tenancy.types.ts";

const orgParams = z.object({ orgId: idParam() });

/** /api/firm/clients: the firm's Clients section (staff and admins; anyone else gets 404). */
export function firmClientsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  r.use(async (c, next) => {
    requireHiddenPermission(c, "firm.clients");
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  r.get("/", async (c) => c.json({ clients: await listFirmClients(db, requireHiddenPermission(c, "firm.clients").id) }));
  r.get("/staff", async (c) => c.json({ staff: await listStaff(db) }));
  r.post("/:orgId/accountants", async (c) => {
    const user = requireHiddenPermission(c, "firm.clients");
    if (!can(user, "firm.clients.assign")) throw forbidden("Only an admin can add staff to a client's books");
    const { orgId } = parseParams(c, orgParams);
    const { user_id } = await parseJson(c, addAccountantSchema);
    await addStaffAccountant(db, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)), orgId, user_id);
    return c.json({ clients: await listFirmClients(db, user.id) } satisfies FirmClientsAnswer);
  });
  return r;
}
