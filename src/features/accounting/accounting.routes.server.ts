import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";

export function accountingRoutes(_ctx: AppContext) {
  const r = new Hono<AppEnv>();
  return r;
}
