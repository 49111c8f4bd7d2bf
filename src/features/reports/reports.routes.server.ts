import { Hono, type Context } from "hono";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { notFound } from "~/server/http/app-error.ts";
import { FIRST_FIELD, json, parseQuery } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { cashFlowRoutes } from "./cash-flow.routes.server.ts";
import { generalLedgerRoutes } from "./general-ledger.routes.server.ts";
import { reportPrintRoutes } from "./report-print.routes.server.ts";
import { generateReport } from "./reports.server.ts";
import { reportQuerySchema, reportTypeSchema } from "./reports.schema.ts";

/**
 * The reports' API under `/api/accounting/orgs/:orgId/` (the composition puts the books member guard in front): the
 * trial balance and statements, the general ledger, cash flows, and their printed and downloaded forms.
 */
export function reportsRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  r.route("/reports/general_ledger", generalLedgerRoutes(ctx));
  r.route("/reports/cash_flows", cashFlowRoutes(ctx));
  r.get("/reports/:type", async (c: Context<BooksMemberEnv>) => {
    const type = reportTypeSchema.safeParse(c.req.param("type"));
    if (!type.success) throw notFound("Unknown report type");
    const q = parseQuery(c, reportQuerySchema, FIRST_FIELD);
    const m = c.get("membership");
    return json(c, {
      report: await withStatementTimeout(db, (tx) => generateReport(tx, m, type.data, q.start, q.end, { compare: q.compare })),
    });
  });
  r.route("/", reportPrintRoutes(ctx));
  return r;
}
