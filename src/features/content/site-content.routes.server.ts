import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { notFound } from "~/server/http/app-error.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { siteContentKeySchema, siteContentValueSchema } from "./site-content.schema.ts";
import type { SiteContentListResponse, SiteContentVersionsResponse } from "./site-content.types.ts";

const keyParam = z.object({ key: siteContentKeySchema });
const versionParam = z.object({ versionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** /api/firm/site-content: the firm's Site content screen (staff and admins; anyone else 404). */
export function firmSiteContentRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const actorOf = (c: Context<AppEnv>) => {
    const user = requireHiddenPermission(c, "firm.content");
    return auditActor(user, clientIp(c, ctx.config.trustedProxyHeader));
  };

  r.get("/", async (c) => {
    requireHiddenPermission(c, "firm.content");
    return c.json({ entries: await ctx.siteContent.list() } satisfies SiteContentListResponse);
  });

  r.get("/:key/versions", async (c) => {
    requireHiddenPermission(c, "firm.content");
    const { key } = parseParams(c, keyParam);
    return c.json({ versions: await ctx.siteContent.versions(key) } satisfies SiteContentVersionsResponse);
  });

  r.put("/:key", async (c) => {
    const actor = actorOf(c);
    const { key } = parseParams(c, keyParam);
    const { value } = await parseJson(c, siteContentValueSchema, { message: "first" });
    return c.json(await ctx.siteContent.set(key, value, { actor }));
  });

  // Revert to the built-in text.
  r.delete("/:key", async (c) => {
    const actor = actorOf(c);
    const { key } = parseParams(c, keyParam);
    const existed = await ctx.siteContent.remove(key, { actor });
    if (!existed) throw notFound("This text already shows the built-in copy");
    return c.body(null, 204);
  });

  r.post("/versions/:versionId/restore", async (c) => {
    const actor = actorOf(c);
    const { versionId } = parseParams(c, versionParam);
    const entry = await ctx.siteContent.restore(versionId, { actor });
    if (!entry) throw notFound("No such version");
    return c.json(entry);
  });

  return r;
}
