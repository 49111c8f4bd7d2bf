import { todayIso } from "~/lib/format.ts";
import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { addLeadNote, changeLeadStatus, convertLead, getLead, releaseLead, setLeadOwner } from "./lead-actions.server.ts";
import { leadsCsv } from "./leads-csv.ts";
import {
  leadConvertSchema,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadNoteSchema,
  leadOwnerSchema,
  leadStatusSchema,
} from "./leads-inbox.schema.ts";
import { leadsForExport, listLeads } from "./leads-inbox.server.ts";

/** /api/firm/leads: the firm's inbox of leads. Staff and admins only; to anyone else it does not exist (404). */
export function firmLeadsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const staff = (c: Context<AppEnv>) => requireHiddenPermission(c, "firm.leads");
  const actor = (c: Context<AppEnv>) => auditActor(staff(c), clientIp(c, ctx.config.trustedProxyHeader));

  r.use("*", async (c, next) => {
    staff(c);
    await next();
  });

  r.get("/", async (c) => c.json(await listLeads(ctx.db, parseQuery(c, leadListQuerySchema))));

  r.get("/export.csv", async (c) => {
    const rows = await leadsForExport(ctx.db, parseQuery(c, leadListQuerySchema));
    const day = todayIso();
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="leads-${day}.csv"`);
    c.header("cache-control", "no-store");
    return c.body(`\uFEFF${leadsCsv(rows)}\r\n`);
  });

  r.get("/:leadId", async (c) => {
    const { leadId } = parseParams(c, leadIdParamsSchema);
    return c.json(await getLead(ctx.db, leadId));
  });

  r.post("/:leadId/status", async (c) => {
    const { leadId } = parseParams(c, leadIdParamsSchema);
    const { status } = await parseJson(c, leadStatusSchema);
    return c.json(await changeLeadStatus(ctx.db, leadId, status, actor(c)));
  });

  r.post("/:leadId/owner", async (c) => {
    const { leadId } = parseParams(c, leadIdParamsSchema);
    const { ownerId } = await parseJson(c, leadOwnerSchema);
    return c.json(await setLeadOwner(ctx.db, leadId, ownerId, actor(c)));
  });

  r.post("/:leadId/notes", async (c) => {
    const { leadId } = parseParams(c, leadIdParamsSchema);
    const { body } = await parseJson(c, leadNoteSchema);
    return c.json(await addLeadNote(ctx.db, leadId, body, actor(c)), 201);
  });

  r.post("/:leadId/convert", async (c) => {
    const { leadId } = parseParams(c, leadIdParamsSchema);
    const input = await parseJson(c, leadConvertSchema);
    const user = staff(c);
    const who = { ...auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)), id: user.id };
    return c.json(await convertLead(ctx.db, leadId, input, who, ctx.config.publicUrl));
  });

  r.post("/:leadId/release", async (c) => {
    const { leadId } = parseParams(c, leadIdParamsSchema);
    return c.json(await releaseLead(ctx.db, leadId, actor(c)));
  });

  return r;
}
