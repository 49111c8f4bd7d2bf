import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseJson, parseQuery } from "~/server/http/parse.ts";
import { activityQuerySchema, markActivityReadSchema } from "./activity.schema.ts";
import { listActivity, markActivityRead, unreadActivity } from "./client-activity.server.ts";

/**
 * /api/activity: what the clients did that the reader was told of (decision 115), for the firm's people only (404 to
 * anyone else, as the firm's workspace): the list newest first, the unread count, marking read. Never cached.
 */
export function activityRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<AppEnv>();
  const reader = (c: Context<AppEnv>) => requireHiddenPermission(c, "firm.workspace");
  r.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  r.get("/", async (c) => c.json(await listActivity(db, reader(c).id, parseQuery(c, activityQuerySchema))));
  r.get("/unread", async (c) => c.json({ unread: await unreadActivity(db, reader(c).id) }));
  r.post("/read", async (c) => {
    const user = reader(c);
    return c.json(await markActivityRead(db, user.id, await parseJson(c, markActivityReadSchema)));
  });
  return r;
}
