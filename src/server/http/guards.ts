import type { Context } from "hono";
import type { AppEnv, SessionUser } from "../context.ts";
import { forbidden, notAuthenticated, notFound } from "./app-error.ts";

export type SiteRole = SessionUser["role"];

/** The signed-in user, or AppError 401 (thrown). */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw notAuthenticated();
  return user;
}

/** The signed-in user when their site role is one of `roles`; otherwise 401 (signed out) or 403. */
export function requireSiteRole(c: Context<AppEnv>, ...roles: SiteRole[]): SessionUser {
  const user = requireUser(c);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * Like requireSiteRole, but a route that must not be known to exist answers 404 to everyone else
 * (the firm's workspace: clients and visitors learn nothing of it).
 */
export function requireHiddenSiteRole(c: Context<AppEnv>, ...roles: SiteRole[]): SessionUser {
  const user = c.get("user");
  if (!user || !roles.includes(user.role)) throw notFound();
  return user;
}
