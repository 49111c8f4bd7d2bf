import { Hono } from "hono";
import type { AppContext, AppEnv } from "./context.ts";
import { accountRoutes } from "~/features/account/account.routes.server.ts";
import { accountingRoutes } from "~/features/accounting/accounting.routes.server.ts";
import { calculatorsRoutes } from "~/features/calculators/calculators.routes.server.ts";
import { contentRoutes } from "~/features/content/content.routes.server.ts";
import { leadsRoutes } from "~/features/leads/leads.routes.server.ts";
import { devMailRoutes } from "./mail/dev-mail.routes.server.ts";

/** Every feature's JSON API, mounted under /api. */
export function apiRoutes(ctx: AppContext) {
  const api = new Hono<AppEnv>();
  api.route("/account", accountRoutes(ctx));
  api.route("/accounting", accountingRoutes(ctx));
  api.route("/calculators", calculatorsRoutes(ctx));
  api.route("/content", contentRoutes(ctx));
  api.route("/leads", leadsRoutes(ctx));
  if (ctx.config.mailCatcher && !ctx.config.isProduction) api.route("/dev/mail", devMailRoutes(ctx));
  return api;
}
