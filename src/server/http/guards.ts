import type { Context } from "hono";
import { can, type Permission } from "~/lib/permissions.ts";
import type { AppEnv, SessionUser } from "../context.ts";
import { forbidden, notAuthenticated, notFound } from "./app-error.ts";

export type { SiteRole } from "~/lib/permissions.ts";

/** The signed-in user, or AppError 401 (thrown). */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw notAuthenticated();
  return user;
}

/** The signed-in user when they hold `permission` (src/lib/permissions.ts); otherwise 401 (signed out) or 403. */
export function requirePermission(c: Context<AppEnv>, permission: Permission, message?: string): SessionUser {
  const user = requireUser(c);
  if (!can(user, permission)) throw forbidden(message);
  return user;
}

/**
 * Like requirePermission, but a route that must not be known to exist answers 404 to everyone else
 * (the firm's workspace: clients and visitors learn nothing of it).
 */
export function requireHiddenPermission(c: Context<AppEnv>, permission: Permission): SessionUser {
  const user = c.get("user");
  if (!user || !can(user, permission)) throw notFound();
  return user;
}
