import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv, SessionUser } from "~/server/context.ts";

export type Role = SessionUser["role"];

/** The signed-in user, or a 401 JSON answer `{ error: "Not authenticated" }` (thrown). */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new HTTPException(401, { res: Response.json({ error: "Not authenticated" }, { status: 401 }) });
  return user;
}

/** The signed-in user when their role is one of `roles`; otherwise 401 (signed out) or 403 (thrown). */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): SessionUser {
  const user = requireUser(c);
  if (!roles.includes(user.role)) throw new HTTPException(403, { res: Response.json({ error: "Not allowed" }, { status: 403 }) });
  return user;
}

/** Middleware form: `router.use(signedIn)` / `router.post("/x", withRole("admin"), handler)`. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export function withRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireRole(c, ...roles);
    await next();
  };
}
