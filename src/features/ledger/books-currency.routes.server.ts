import { Hono } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import type { BooksCurrencyAnswer } from "./ledger-answers.types.ts";
import { booksCurrencySchema } from "./books-currency.schema.ts";
import { setBooksCurrency } from "./books-currency.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";

/**
 * The books' currency, under /orgs/:orgId/currency (membership already checked): every member reads it; those who
 * hold "books.lock" change it (PUT) while nothing is posted.
 */
export function booksCurrencyRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  r.get("/", (c) => c.json({ currency: c.get("membership").currency } satisfies BooksCurrencyAnswer));
  r.put("/", requireBooks("books.lock"), async (c) => {
    const input = await parseJson(c, booksCurrencySchema);
    const actor = auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
    return c.json((await setBooksCurrency(ctx.db, c.get("membership"), actor, input)) satisfies BooksCurrencyAnswer);
  });
  return r;
}
