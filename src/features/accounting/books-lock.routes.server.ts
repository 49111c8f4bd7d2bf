import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson } from "~/server/http/parse.ts";
import type { BooksEnv } from "./accounting.routes.server.ts";
import { lockSchema, unlockSchema } from "./books-lock.schema.ts";
import { readLock, setLock, unlock } from "./books-lock.server.ts";
import type { LockAnswer } from "./accounting-answers.types.ts";

/**
 * The books' lock date, under /orgs/:orgId/lock (membership already checked): every member reads it; owners and
 * accountants set it (PUT) or lift it (POST /unlock), always with a reason.
 */
export function lockRoutes(ctx: AppContext) {
  const r = new Hono<BooksEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/", async (c) => c.json({ lock: await readLock(db, c.get("membership")) } satisfies LockAnswer));
  r.put("/", async (c) => {
    const input = await parseJson(c, lockSchema);
    return c.json({ lock: await setLock(db, c.get("membership"), actor(c), input) } satisfies LockAnswer);
  });
  r.post("/unlock", async (c) => {
    const { reason } = await parseJson(c, unlockSchema);
    return c.json({ lock: await unlock(db, c.get("membership"), actor(c), reason) } satisfies LockAnswer);
  });
  return r;
}
