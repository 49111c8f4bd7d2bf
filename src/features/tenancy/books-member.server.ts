import type { Db } from "~/server/db/client.ts";
import { organizationScope, type OrganizationScopeEnv } from "~/server/http/organization-scope.ts";
import { requireMembership } from "./organizations.server.ts";
import { type Membership } from "./tenancy.types.ts";

/** Routes under `/:orgId/…` of one organization's books: the caller's membership is in `c.get("membership")`. */
export type BooksMemberEnv = OrganizationScopeEnv<"membership", Membership>;

/**
 * Middleware for routes under `/:orgId/…`: 401 when signed out, 404 when the caller is not a member (the id tells
 * them nothing); the answer is never cached.
 */
export function booksMember(db: Db) {
  return organizationScope("membership", (_c, user, orgId) => requireMembership(db, user.id, orgId));
}
