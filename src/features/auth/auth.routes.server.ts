import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { clientIp } from "~/server/client-ip.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { localPath } from "~/lib/local-path.ts";
import { AppError, rateLimited } from "~/server/http/app-error.ts";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import { throttleRuleFor, tooManyRequestsMessage } from "./auth-throttle.ts";

/** Fields through which the auth library takes a redirect target from a request, in its query or JSON body. */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];
const REDIRECT_FIELD_BY_LOWER = new Map(REDIRECT_FIELDS.map((f) => [f.toLowerCase(), f]));

type RedirectCheck = { ok: true; value: string; changed: boolean } | { ok: false; field: string };

/** Every redirect target must lead to this site once normalised; a safe one is passed on in its normalised form. */
function checkRedirect(field: string, value: unknown, siteOrigin: string): RedirectCheck {
  const path = localPath(value, siteOrigin);
  if (!path) return { ok: false, field };
  return { ok: true, value: path, changed: path !== value };
}

/**
 * The auth library answers a refusal with `{ code, message }`; the app's one contract adds `error` (the same message)
 * so every /api route can be read alike. The library's own client keeps reading `message`.
 */
async function withErrorContract(res: Response): Promise<Response> {
  if (res.status < 400 || !(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body) || typeof body.error === "string") return res;
  const message = typeof body.message === "string" ? body.message : res.statusText || "Request refused";
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ error: message, code: typeof body.code === "string" ? body.code : "INVALID_INPUT", ...body }), {
    status: res.status,
    headers,
  });
}

/**
 * /api/auth: the auth library's endpoints behind the app's checks: throttling (per IP and per email, counted in
 * the database so every process shares them) and redirect targets (only paths of this site). The client IP is
 * handed to the library in a header it trusts, set here and never taken from the request.
 */
export function authRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const siteOrigin = new URL(ctx.config.publicUrl).origin;

  router.on(["GET", "POST"], "/*", async (c) => {
    const ip = clientIp(c, ctx.config.trustedProxyHeader);
    const path = c.req.path.replace(/^\/api\/auth/, "") || "/";
    const url = new URL(c.req.url);

    let bodyText: string | undefined;
    let body: Record<string, unknown> | null = null;
    if (c.req.method === "POST" && (c.req.header("content-type") ?? "").toLowerCase().includes("json")) {
      bodyText = await c.req.text();
      try {
        const parsed: unknown = JSON.parse(bodyText);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        /* the library answers malformed JSON itself */
      }
    }

    // Redirect targets: refused unless they lead to this site after normalisation.
    let queryChanged = false;
    let bodyChanged = false;
    const badRedirect = (field: string) => {
      const message = `${field} must be a path on this site`;
      return new AppError(400, "INVALID_REDIRECT", message, { [field]: message });
    };
    for (const [key, value] of [...url.searchParams.entries()]) {
      const field = REDIRECT_FIELD_BY_LOWER.get(key.toLowerCase());
      if (!field) continue;
      const check = checkRedirect(field, value, siteOrigin);
      if (!check.ok) throw badRedirect(field);
      if (check.changed) {
        url.searchParams.set(key, check.value);
        queryChanged = true;
      }
    }
    if (body) {
      for (const key of Object.keys(body)) {
        const field = REDIRECT_FIELD_BY_LOWER.get(key.toLowerCase());
        if (!field || body[key] === undefined || body[key] === null || body[key] === "") continue;
        const check = checkRedirect(field, body[key], siteOrigin);
        if (!check.ok) throw badRedirect(field);
        if (check.changed) {
          body[key] = check.value;
          bodyChanged = true;
        }
      }
    }

    const rule = throttleRuleFor(c.req.method, path);
    if (rule) {
      const checks = [hitRateLimit(ctx.db, `auth:${path}:ip:${ip}`, rule.ip.limit, rule.ip.windowSeconds)];
      if (rule.email) {
        const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
        if (email) checks.push(hitRateLimit(ctx.db, `auth:${path}:email:${email}`, rule.email.limit, rule.email.windowSeconds));
      }
      const refused = (await Promise.all(checks)).filter((r) => !r.allowed);
      if (refused.length) {
        const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
        ctx.logger.warn({ path, retryAfter }, "auth request throttled");
        throw rateLimited(tooManyRequestsMessage(retryAfter), retryAfter);
      }
    }

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    if (bodyText === undefined && !queryChanged) return withErrorContract(await ctx.auth.handler(new Request(c.req.raw, { headers })));
    const forwardBody = bodyText === undefined ? undefined : bodyChanged ? JSON.stringify(body) : bodyText;
    if (forwardBody !== undefined) headers.delete("content-length");
    const answer = await ctx.auth.handler(
      new Request(queryChanged ? url : c.req.url, {
        method: c.req.method,
        headers,
        body: forwardBody ?? (c.req.method === "POST" ? c.req.raw.body : undefined),
        ...(forwardBody === undefined && c.req.method === "POST" ? { duplex: "half" } : {}),
      } as RequestInit),
    );
    return withErrorContract(answer);
  });

  return router;
}
