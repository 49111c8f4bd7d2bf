import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseJson } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { lockSchema, unlockSchema } from "./books-lock.schema.ts";
import { readLock, setLock, unlock } from "./books-lock.server.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";
import type { LockAnswer } from "./ledger-answers.types.ts";

/**
 * The books' lock date, under /orgs/:orgId/lock (membership already checked): every member reads it; those who hold
 * "books.lock" set it (PUT) or lift it (POST /unlock), always with a reason; the firm's people on the client are mailed.
 */
export function lockRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/", async (c) => c.json({ lock: await readLock(db, c.get("membership")) } satisfies LockAnswer));
  r.put("/", requireBooks("books.lock"), async (c) => {
    const input = await parseJson(c, lockSchema);
    const lock = await setLock(db, c.get("membership"), actor(c), input, ctx.config.publicUrl);
    ctx.mail.kick();
    return c.json({ lock } satisfies LockAnswer);
  });
  r.post("/unlock", requireBooks("books.lock"), async (c) => {
    const { reason } = await parseJson(c, unlockSchema);
    const lock = await unlock(db, c.get("membership"), actor(c), reason, ctx.config.publicUrl);
    ctx.mail.kick();
    return c.json({ lock } satisfies LockAnswer);
  });
  return r;
}
