import { Hono } from "hono";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { parseQuery } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { reportQuerySchema } from "./reports.schema.ts";
import { cashFlowReport } from "./cash-flow.server.ts";

/** The statement of cash flows, GET /orgs/:orgId/reports/cash_flows?start=&end= (every member reads it). */
export function cashFlowRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  r.get("/", async (c) => {
    const q = parseQuery(c, reportQuerySchema, { message: "first" });
    const m = c.get("membership");
    return c.json({ report: await withStatementTimeout(ctx.db, (tx) => cashFlowReport(tx, m, q.start, q.end)) });
  });
  return r;
}
