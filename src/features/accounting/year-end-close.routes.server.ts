import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson, parseQuery } from "~/server/http/parse.ts";
import type { BooksEnv } from "./accounting.routes.server.ts";
import { yearEndCloseSchema, yearEndPreviewSchema } from "./year-end-close.schema.ts";
import { closeFiscalYear, reopenFiscalYear } from "./year-end-close.server.ts";
import { yearEndPreview, yearEndState } from "./year-end-read.server.ts";
import type { YearEndAnswer } from "./accounting-answers.types.ts";

/**
 * The year-end close, under /orgs/:orgId/year-end (membership already checked): every member reads the closes and a
 * preview; owners and accountants close a fiscal year (POST /close) or reopen it (POST /reopen), always with a reason.
 */
export function yearEndRoutes(ctx: AppContext) {
  const r = new Hono<BooksEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/", async (c) => c.json({ year_end: await yearEndState(db, c.get("membership")) } satisfies YearEndAnswer));
  r.get("/preview", async (c) => {
    const { fiscal_year } = parseQuery(c, yearEndPreviewSchema, { message: "first" });
    return c.json({ preview: await yearEndPreview(db, c.get("membership"), fiscal_year) });
  });
  r.post("/close", async (c) => {
    const input = await parseJson(c, yearEndCloseSchema, { message: "first" });
    return c.json({ year_end: await closeFiscalYear(db, c.get("membership"), actor(c), input) } satisfies YearEndAnswer);
  });
  r.post("/reopen", async (c) => {
    const input = await parseJson(c, yearEndCloseSchema, { message: "first" });
    return c.json({ year_end: await reopenFiscalYear(db, c.get("membership"), actor(c), input) } satisfies YearEndAnswer);
  });
  return r;
}
