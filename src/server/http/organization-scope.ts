import type { Context, Next } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import type { AppEnv, SessionUser } from "../context.ts";
import { notAuthenticated } from "./app-error.ts";
import { parseParams } from "./parse.ts";

/** The routes of one organization: what the caller is there (a membership, an access) in `c.get(key)`. */
export type OrganizationScopeEnv<K extends string, V> = { Variables: AppEnv["Variables"] & Record<K, V> };

const orgParams = z.object({ orgId: idParam() });

/**
 * The one guard in front of routes under `/:orgId/…`: 401 when signed out, 404 for an id that is not one; `find` answers
 * what the caller is in the organization and throws the refusal itself (404 for a stranger: the id tells them nothing).
 * The answer is kept as `key` for the routes and never cached.
 */
export function organizationScope<K extends string, V>(key: K, find: (c: Context, user: SessionUser, orgId: number) => Promise<V>) {
  return async (c: Context<OrganizationScopeEnv<K, V>>, next: Next) => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    const { orgId } = parseParams(c, orgParams);
    const found = await find(c, user, orgId);
    // The key is generic: TypeScript cannot see that `Variables[K]` is V.
    (c as unknown as Context<{ Variables: Record<K, V> }>).set(key, found);
    await next();
    c.header("Cache-Control", "private, no-store");
  };
}
