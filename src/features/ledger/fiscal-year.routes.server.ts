import { Hono } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { fiscalYearSchema } from "./fiscal-year.schema.ts";
import { readFiscalYear, setFiscalYear } from "./fiscal-year.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";
import type { FiscalYearAnswer } from "./ledger-answers.types.ts";

/**
 * The fiscal year's first month, under /orgs/:orgId/fiscal-year (membership already checked): every member reads it;
 * those who hold "books.lock" change it (PUT).
 */
export function fiscalYearRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  r.get("/", async (c) => c.json({ fiscal_year: await readFiscalYear(db, c.get("membership")) } satisfies FiscalYearAnswer));
  r.put("/", requireBooks("books.lock"), async (c) => {
    const input = await parseJson(c, fiscalYearSchema);
    const actor = auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
    return c.json({ fiscal_year: await setFiscalYear(db, c.get("membership"), actor, input) } satisfies FiscalYearAnswer);
  });
  return r;
}
