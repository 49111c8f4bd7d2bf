import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";

export function leadsRoutes(_ctx: AppContext) {
  const r = new Hono<AppEnv>();
  return r;
}
