import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { clientIp } from "~/server/client-ip.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import { throttleRuleFor, tooManyRequestsMessage } from "./auth-throttle.ts";

/**
 * /api/auth: the auth library's endpoints behind the app's throttling (per IP and per email, counted in
 * the database so every process shares them). The client IP is handed to the library in a header it
 * trusts, set here and never taken from the request.
 */
export function authRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();

  router.on(["GET", "POST"], "/*", async (c) => {
    const ip = clientIp(c, ctx.config.trustedProxyHeader);
    const path = c.req.path.replace(/^\/api\/auth/, "") || "/";
    const rule = throttleRuleFor(c.req.method, path);
    if (rule) {
      const checks = [hitRateLimit(ctx.db, `auth:${path}:ip:${ip}`, rule.ip.limit, rule.ip.windowSeconds)];
      if (rule.email) {
        const body = (await c.req.raw
          .clone()
          .json()
          .catch(() => null)) as { email?: unknown } | null;
        const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
        if (email) checks.push(hitRateLimit(ctx.db, `auth:${path}:email:${email}`, rule.email.limit, rule.email.windowSeconds));
      }
      const refused = (await Promise.all(checks)).filter((r) => !r.allowed);
      if (refused.length) {
        const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
        ctx.logger.warn({ path, retryAfter }, "auth request throttled");
        c.header("Retry-After", String(retryAfter));
        return c.json({ code: "TOO_MANY_REQUESTS", message: tooManyRequestsMessage(retryAfter) }, 429);
      }
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    return ctx.auth.handler(new Request(c.req.raw, { headers }));
  });

  return router;
}
