import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { FIRST_FIELD, json, parseJson, parseParams } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { commentaryMonthParams, commentarySchema } from "./commentary.schema.ts";
import { listCommentaryMonths, readCommentary } from "./commentary-read.server.ts";
import { publishCommentary, reviewCommentary, saveCommentary, withdrawCommentary } from "./commentary.server.ts";
import type { CommentaryAnswer, CommentaryMonthsAnswer, CommentarySaved } from "./commentary.types.ts";

type C = Context<BooksMemberEnv>;

/**
 * The monthly commentary under `/api/accounting/orgs/:orgId/` (the composition puts the books member guard in front;
 * decision 122). The firm's people who hold "books.commentary.write" list the months and write; those who hold
 * "books.commentary.publish" review (another's writing), publish and withdraw. Every member reads a month's commentary
 * once it is published, and before that sees none (null).
 */
export function commentaryRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const write = requireBooks("books.commentary.write");
  const publish = requireBooks("books.commentary.publish");
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const month = (c: C) => parseParams(c, commentaryMonthParams).month;
  const saved = (c: C, commentary: CommentarySaved["commentary"]) => json(c, { commentary } satisfies CommentarySaved);

  r.get("/commentary", write, async (c) =>
    json(c, { months: await listCommentaryMonths(db, c.get("membership")) } satisfies CommentaryMonthsAnswer),
  );
  r.get("/commentary/:month", async (c) => json(c, (await readCommentary(db, c.get("membership"), month(c))) satisfies CommentaryAnswer));
  r.put("/commentary/:month", write, async (c) => {
    const m = month(c);
    const input = await parseJson(c, commentarySchema, FIRST_FIELD);
    return saved(c, await saveCommentary(db, c.get("membership"), actor(c), m, input));
  });
  r.post("/commentary/:month/review", publish, async (c) => saved(c, await reviewCommentary(db, c.get("membership"), actor(c), month(c))));
  r.post("/commentary/:month/publish", publish, async (c) => {
    const commentary = await publishCommentary(db, c.get("membership"), actor(c), month(c), ctx.config.publicUrl);
    ctx.mail.kick();
    return saved(c, commentary);
  });
  r.post("/commentary/:month/withdraw", publish, async (c) =>
    saved(c, await withdrawCommentary(db, c.get("membership"), actor(c), month(c))),
  );
  return r;
}
