import { Hono } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { forbidden, notFound } from "~/server/http/app-error.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { can } from "~/lib/permissions.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { addStaffAccountant, findFirmClient, listStaff } from "./firm-clients.server.ts";
import { firmClientDetail, glanceViewer, listClientGlance } from "./client-glance.server.ts";
import { clientGlanceQuerySchema } from "./client-glance.schema.ts";
import { addAccountantSchema } from "./members.schema.ts";
import type { ClientGlancePage, FirmClientAnswer, FirmClientDetail } from "./tenancy.types.ts";

const orgParams = z.object({ orgId: idParam() });

/**
 * /api/firm/clients: the firm's Clients section (staff and admins; anyone else gets 404): a page of clients at a
 * glance for the filters and order in the query, one client's page, the staff, and (admins) staff added to a client.
 */
export function firmClientsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  r.use(async (c, next) => {
    requireHiddenPermission(c, "firm.clients");
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  r.get("/", async (c) => {
    const user = requireHiddenPermission(c, "firm.clients");
    const query = parseQuery(c, clientGlanceQuerySchema);
    return c.json((await listClientGlance(db, glanceViewer(user), query)) satisfies ClientGlancePage);
  });
  r.get("/staff", async (c) => c.json({ staff: await listStaff(db) }));
  r.get("/:orgId", async (c) => {
    const user = requireHiddenPermission(c, "firm.clients");
    const { orgId } = parseParams(c, orgParams);
    const detail = await firmClientDetail(db, glanceViewer(user), orgId);
    if (!detail) throw notFound("Client not found");
    return c.json(detail satisfies FirmClientDetail);
  });
  r.post("/:orgId/accountants", async (c) => {
    const user = requireHiddenPermission(c, "firm.clients");
    if (!can(user, "firm.clients.assign")) throw forbidden("Only an admin can add staff to a client's books");
    const { orgId } = parseParams(c, orgParams);
    const { user_id } = await parseJson(c, addAccountantSchema);
    await addStaffAccountant(db, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)), orgId, user_id);
    const client = await findFirmClient(db, user.id, orgId);
    if (!client) throw notFound("Organization not found");
    return c.json({ client } satisfies FirmClientAnswer);
  });
  return r;
}
