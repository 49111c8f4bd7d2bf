import type { Context, Next } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import type { AppEnv } from "~/server/context.ts";
import type { Db } from "~/server/db/client.ts";
import { notAuthenticated } from "~/server/http/app-error.ts";
import { parseParams } from "~/server/http/parse.ts";
import { requireMembership } from "./organizations.server.ts";
import { type Membership } from "./tenancy.types.ts";

/** Routes under `/:orgId/…` of one organization's books: the caller's membership is in `c.get("membership")`. */
export type BooksMemberEnv = { Variables: AppEnv["Variables"] & { membership: Membership } };

const orgParams = z.object({ orgId: idParam() });

/**
 * Middleware for routes under `/:orgId/…`: 401 when signed out, 404 when the caller is not a member (the id tells
 * them nothing); the answer is never cached.
 */
export function booksMember(db: Db) {
  return async (c: Context<BooksMemberEnv>, next: Next) => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    const { orgId } = parseParams(c, orgParams);
    c.set("membership", await requireMembership(db, user.id, orgId));
    await next();
    c.header("Cache-Control", "private, no-store");
  };
}
