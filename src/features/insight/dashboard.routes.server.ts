import { Hono } from "hono";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { FIRST_FIELD, json, parseQuery } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { ownerDashboard } from "./dashboard.server.ts";
import { dashboardQuerySchema } from "./dashboard.schema.ts";

/**
 * The owner's dashboard as data, GET /orgs/:orgId/dashboard?as_of= (every member reads it; decision 121): the figures
 * and laid-out charts the home draws, from the same one statement.
 */
export function dashboardRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  r.get("/dashboard", async (c) => {
    const q = parseQuery(c, dashboardQuerySchema, FIRST_FIELD);
    const m = c.get("membership");
    return json(c, { dashboard: await withStatementTimeout(ctx.db, (tx) => ownerDashboard(tx, m.organizationId, m.currency, q.as_of)) });
  });
  return r;
}
