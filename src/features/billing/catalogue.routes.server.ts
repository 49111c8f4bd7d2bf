import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { catalogueItemSchema, catalogueOrderSchema, newCatalogueItemSchema } from "./catalogue.schema.ts";
import type { CatalogueListResponse } from "./catalogue.types.ts";

const idParams = z.object({ id: idParam() });

/**
 * /api/firm/catalogue: the plans and add-ons the pricing page shows (decision 117). The firm's admins only; anyone
 * else 404. Every write renders the pricing page again.
 */
export function firmCatalogueRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const actorOf = (c: Context<AppEnv>) =>
    auditActor(requireHiddenPermission(c, "firm.catalogue"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/", async (c) => {
    requireHiddenPermission(c, "firm.catalogue");
    return c.json({ items: await ctx.catalogue.list() } satisfies CatalogueListResponse);
  });

  r.post("/", async (c) => {
    const actor = actorOf(c);
    const input = await parseJson(c, newCatalogueItemSchema);
    return c.json({ item: await ctx.catalogue.create(input, actor) }, 201);
  });

  r.put("/order", async (c) => {
    const actor = actorOf(c);
    const input = await parseJson(c, catalogueOrderSchema);
    return c.json({ items: await ctx.catalogue.reorder(input, actor) });
  });

  r.put("/:id", async (c) => {
    const actor = actorOf(c);
    const { id } = parseParams(c, idParams);
    const input = await parseJson(c, catalogueItemSchema);
    return c.json({ item: await ctx.catalogue.update(id, input, actor) });
  });

  r.post("/:id/archive", async (c) => {
    const actor = actorOf(c);
    const { id } = parseParams(c, idParams);
    return c.json({ item: await ctx.catalogue.setActive(id, false, actor) });
  });

  r.post("/:id/restore", async (c) => {
    const actor = actorOf(c);
    const { id } = parseParams(c, idParams);
    return c.json({ item: await ctx.catalogue.setActive(id, true, actor) });
  });

  return r;
}
