import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson, parseQuery } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { yearEndCloseSchema, yearEndPreviewSchema } from "./year-end-close.schema.ts";
import { closeFiscalYear, reopenFiscalYear } from "./year-end-close.server.ts";
import { yearEndPreview, yearEndState } from "./year-end-read.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";
import type { YearEndAnswer } from "./ledger-answers.types.ts";

/**
 * The year-end close, under /orgs/:orgId/year-end (membership already checked): every member reads the closes and a
 * preview; those who hold "books.close" close a fiscal year (POST /close) or reopen it (POST /reopen), always with a
 * reason. Both move the lock date, which the firm's people on the client are mailed about.
 */
export function yearEndRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/", async (c) => c.json({ year_end: await yearEndState(db, c.get("membership")) } satisfies YearEndAnswer));
  r.get("/preview", async (c) => {
    const { fiscal_year } = parseQuery(c, yearEndPreviewSchema, { message: "first" });
    return c.json({ preview: await yearEndPreview(db, c.get("membership"), fiscal_year) });
  });
  r.post("/close", requireBooks("books.close"), async (c) => {
    const input = await parseJson(c, yearEndCloseSchema, { message: "first" });
    const yearEnd = await closeFiscalYear(db, c.get("membership"), actor(c), input, ctx.config.publicUrl);
    ctx.mail.kick();
    return c.json({ year_end: yearEnd } satisfies YearEndAnswer);
  });
  r.post("/reopen", requireBooks("books.close"), async (c) => {
    const input = await parseJson(c, yearEndCloseSchema, { message: "first" });
    const yearEnd = await reopenFiscalYear(db, c.get("membership"), actor(c), input, ctx.config.publicUrl);
    ctx.mail.kick();
    return c.json({ year_end: yearEnd } satisfies YearEndAnswer);
  });
  return r;
}
