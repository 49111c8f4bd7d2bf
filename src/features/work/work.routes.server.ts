import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { getWork, listWork, reassign, setStatus, snooze, tickItem } from "./work-instances.server.ts";
import { applyTemplate, stopSchedule } from "./work-schedules.server.ts";
import {
  archiveTemplate,
  createTemplate,
  getSettings,
  getTemplate,
  listTemplates,
  saveSettings,
  updateTemplate,
} from "./work-templates.server.ts";
import {
  applySchema,
  reassignSchema,
  settingsSchema,
  snoozeSchema,
  statusSchema,
  templateSchema,
  tickSchema,
  workQuerySchema,
} from "./work.schema.ts";

const idParams = z.object({ id: idParam() });
const itemParams = z.object({ id: idParam(), position: idParam({ max: 100 }) });

/**
 * /api/firm/work: recurring work (decision 113). The views, an instance's checklist, status, assignee and snooze need
 * "firm.work"; templates, applying them, the horizon and holidays "firm.work.templates". Anyone else gets 404.
 */
export function workRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  const actor = (c: Context<AppEnv>, user: Parameters<typeof auditActor>[0]) =>
    auditActor(user, clientIp(c, ctx.config.trustedProxyHeader));
  r.use(async (c, next) => {
    requireHiddenPermission(c, "firm.work");
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  r.get("/", async (c) => {
    const user = requireHiddenPermission(c, "firm.work");
    return c.json({ work: await listWork(db, user.id, parseQuery(c, workQuerySchema)) });
  });
  r.post("/reassign", async (c) => {
    const user = requireHiddenPermission(c, "firm.work");
    const body = await parseJson(c, reassignSchema);
    return c.json({ changed: await reassign(db, actor(c, user), body.instance_ids, body.assignee_id) });
  });

  r.get("/templates", async (c) => {
    requireHiddenPermission(c, "firm.work.templates");
    return c.json({ templates: await listTemplates(db) });
  });
  r.post("/templates", async (c) => {
    const user = requireHiddenPermission(c, "firm.work.templates");
    return c.json({ template: await createTemplate(db, actor(c, user), await parseJson(c, templateSchema)) }, 201);
  });
  r.get("/templates/:id", async (c) => {
    requireHiddenPermission(c, "firm.work.templates");
    return c.json({ template: await getTemplate(db, parseParams(c, idParams).id) });
  });
  r.put("/templates/:id", async (c) => {
    const user = requireHiddenPermission(c, "firm.work.templates");
    const { id } = parseParams(c, idParams);
    return c.json({ template: await updateTemplate(db, actor(c, user), id, await parseJson(c, templateSchema)) });
  });
  r.delete("/templates/:id", async (c) => {
    const user = requireHiddenPermission(c, "firm.work.templates");
    await archiveTemplate(db, actor(c, user), parseParams(c, idParams).id);
    return c.body(null, 204);
  });
  r.post("/templates/:id/apply", async (c) => {
    const user = requireHiddenPermission(c, "firm.work.templates");
    const { id } = parseParams(c, idParams);
    return c.json({ schedules: await applyTemplate(db, actor(c, user), id, await parseJson(c, applySchema)) });
  });
  r.delete("/schedules/:id", async (c) => {
    const user = requireHiddenPermission(c, "firm.work.templates");
    await stopSchedule(db, actor(c, user), parseParams(c, idParams).id);
    return c.body(null, 204);
  });
  r.get("/settings", async (c) => {
    requireHiddenPermission(c, "firm.work.templates");
    return c.json({ settings: await getSettings(db) });
  });
  r.put("/settings", async (c) => {
    const user = requireHiddenPermission(c, "firm.work.templates");
    return c.json({ settings: await saveSettings(db, actor(c, user), await parseJson(c, settingsSchema)) });
  });

  r.get("/:id", async (c) => c.json({ work: await getWork(db, parseParams(c, idParams).id) }));
  r.put("/:id/items/:position", async (c) => {
    const user = requireHiddenPermission(c, "firm.work");
    const { id, position } = parseParams(c, itemParams);
    const { ticked } = await parseJson(c, tickSchema);
    return c.json({ work: await tickItem(db, actor(c, user), id, position, ticked) });
  });
  r.put("/:id/status", async (c) => {
    const user = requireHiddenPermission(c, "firm.work");
    const { id } = parseParams(c, idParams);
    const body = await parseJson(c, statusSchema);
    return c.json({ work: await setStatus(db, actor(c, user), user, id, body.status, body.override_reason) });
  });
  r.put("/:id/snooze", async (c) => {
    const user = requireHiddenPermission(c, "firm.work");
    const { id } = parseParams(c, idParams);
    return c.json({ work: await snooze(db, actor(c, user), id, (await parseJson(c, snoozeSchema)).until) });
  });
  return r;
}
