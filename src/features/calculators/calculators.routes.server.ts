import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";

export function calculatorsRoutes(_ctx: AppContext) {
  const r = new Hono<AppEnv>();
  return r;
}
