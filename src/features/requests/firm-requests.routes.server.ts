import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseQuery } from "~/server/http/parse.ts";
import { firmQueue } from "./firm-queue.server.ts";
import { firmQueueQuerySchema } from "./requests.schema.ts";

/** /api/firm/requests: the firm's queue across the clients the caller keeps (staff and admins; anyone else gets 404). */
export function firmRequestsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get("/", async (c) => {
    const user = requireHiddenPermission(c, "firm.clients");
    const query = parseQuery(c, firmQueueQuerySchema);
    c.header("Cache-Control", "private, no-store");
    return c.json({ queue: await firmQueue(ctx.db, user.id, query) });
  });
  return r;
}
