import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { AppError } from "~/server/http/app-error.ts";
import { FIRST_FIELD, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { booksMember, requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { reportsPdf } from "~/features/reports/index.server.ts";
import { printBooks } from "~/features/reports/index.ts";
import { budgetActualPrint, BUDGET_ACTUAL_TITLE } from "./budget-print.ts";
import { budgetActual } from "./budget-report.server.ts";
import { budgetCopySchema, budgetGridSchema, budgetReportQuerySchema, budgetYearField, budgetYearParams } from "./budgets.schema.ts";
import { copyBudgetFromActuals, readBudget, saveBudget } from "./budgets.server.ts";
import { budgetCsv, importBudgetCsv } from "./budgets-csv.server.ts";
import type { BudgetActualAnswer, BudgetAnswer, BudgetImported } from "./budgets.types.ts";

type C = Context<BooksMemberEnv>;

/**
 * Budgets under `/api/accounting/orgs/:orgId/` (the books' member guard in front; decision 123): every member reads a
 * year's budget and the budget against actual (JSON and PDF); those who hold "books.budgets" save the grid and copy
 * last year's actuals with a percentage. Mounted before the reports' routes, whose `/reports/:type` would answer
 * `budget_actual` as an unknown report.
 */
export function budgetsRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const year = (c: C) => parseParams(c, budgetYearParams).year;

  r.get("/budgets/:year", async (c) => json(c, { budget: await readBudget(db, c.get("membership"), year(c)) } satisfies BudgetAnswer));
  r.put("/budgets/:year", requireBooks("books.budgets"), async (c) => {
    const fy = year(c);
    const input = await parseJson(c, budgetGridSchema, FIRST_FIELD);
    return json(c, { budget: await saveBudget(db, c.get("membership"), actor(c), fy, input) } satisfies BudgetAnswer);
  });
  r.post("/budgets/:year/copy", requireBooks("books.budgets"), async (c) => {
    const fy = year(c);
    const { percent } = await parseJson(c, budgetCopySchema, FIRST_FIELD);
    return json(c, { budget: await copyBudgetFromActuals(db, c.get("membership"), actor(c), fy, percent) } satisfies BudgetAnswer);
  });
  r.get("/reports/budget_actual", async (c) => {
    const { month } = parseQuery(c, budgetReportQuerySchema, FIRST_FIELD);
    const m = c.get("membership");
    const report = await withStatementTimeout(db, (tx) => budgetActual(tx, m.organizationId, month));
    return json(c, { report } satisfies BudgetActualAnswer);
  });
  r.get("/reports/budget_actual/pdf", async (c) => {
    const { month } = parseQuery(c, budgetReportQuerySchema, FIRST_FIELD);
    const m = c.get("membership");
    const report = await withStatementTimeout(db, (tx) => budgetActual(tx, m.organizationId, month));
    const pdf = reportsPdf(budgetActualPrint(report, printBooks(m)), {
      title: `${BUDGET_ACTUAL_TITLE} · ${m.organizationName}`,
      author: m.organizationName,
    });
    return c.body(pdf, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="budget_actual_${month}.pdf"`,
      "X-Content-Type-Options": "nosniff",
    });
  });
  return r;
}

const csvParams = z.object({ orgId: idParam(), year: budgetYearField() });

/**
 * A budget as CSV under `/api/budgets-csv/:orgId/:year` (a mount of its own for the 20 MB of the other CSV imports,
 * decision 108): every member downloads it (GET); those who hold "books.budgets" import one (POST, the CSV itself as
 * the body), which replaces the year's budget, all rows or none.
 */
export function budgetsCsvRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  r.use("/:orgId/*", booksMember(db));
  r.get("/:orgId/:year", async (c) => {
    const { year } = parseParams(c, csvParams);
    return c.body(await budgetCsv(db, c.get("membership"), year), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="budget_${year}.csv"`,
    });
  });
  r.post("/:orgId/:year", requireBooks("books.budgets"), async (c) => {
    const { year } = parseParams(c, csvParams);
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/json" || type.startsWith("multipart/"))
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the CSV file itself as the body (text/csv)");
    const answer = await importBudgetCsv(db, c.get("membership"), actor(c), year, c.req.raw.body);
    return json(c, answer satisfies BudgetImported);
  });
  return r;
}
