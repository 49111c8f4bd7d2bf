import { localPath } from "~/lib/local-path.ts";
import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { clientIp } from "~/server/client-ip.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { NEWSLETTER_MESSAGES } from "./newsletter-messages.ts";
import { newsletterSchema, type NewsletterSource } from "./newsletter.schema.ts";
import { subscribeToNewsletter } from "./newsletter.server.ts";
import { SITE_CONTENT_KEYS, siteContentKeySchema, siteContentUpdateSchema } from "./site-content.schema.ts";

/** Per IP: 10 newsletter sign-ups per hour. */
export const NEWSLETTER_RATE_LIMIT = { limit: 10, windowSeconds: 3600 };

function badRequest(c: Context, error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  return c.json({ error: first?.message ?? "Invalid request", fields }, 400);
}

/** Same-site path of the page a plain form was posted from, for the redirect back. */
function returnPath(c: Context, publicUrl: string): string {
  // The page the form was sent from, when it is a page of this site (never "//host", whatever the Referer says).
  const path = localPath(c.req.header("referer"), publicUrl);
  return path ? path.replace(/[?#].*$/, "") : "/";
}

export function contentRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  // The newsletter box posts JSON from script; without script the browser posts the form itself,
  // and gets redirected back to the page with the outcome in the query (the box then shows it).
  r.post("/newsletter", async (c) => {
    const isForm = (c.req.header("content-type") ?? "").includes("application/x-www-form-urlencoded");
    let raw: unknown;
    try {
      raw = isForm ? Object.fromEntries((await c.req.formData()).entries()) : await c.req.json();
    } catch {
      return c.json({ error: "Body must be JSON with email and source", fields: { body: "Body must be JSON" } }, 400);
    }
    const back = (source: NewsletterSource | "footer", outcome: string) =>
      c.redirect(`${returnPath(c, ctx.config.publicUrl)}?newsletter=${source}-${outcome}#newsletter-${source}`, 303);

    const parsed = newsletterSchema.safeParse(raw);
    if (!parsed.success) {
      if (isForm) {
        const source = newsletterSchema.shape.source.safeParse((raw as Record<string, unknown>).source);
        return back(source.success ? source.data : "footer", "invalid");
      }
      return badRequest(c, parsed.error);
    }

    const ip = clientIp(c, ctx.config.trustedProxyHeader);
    const rate = await hitRateLimit(ctx.db, `newsletter:${ip}`, NEWSLETTER_RATE_LIMIT.limit, NEWSLETTER_RATE_LIMIT.windowSeconds);
    if (!rate.allowed) {
      c.header("Retry-After", String(rate.retryAfter));
      if (isForm) return back(parsed.data.source, "limited");
      return c.json({ error: NEWSLETTER_MESSAGES.limited }, 429);
    }

    const { created } = await subscribeToNewsletter(ctx.db, parsed.data);
    if (isForm) return back(parsed.data.source, created ? "subscribed" : "already");
    return created
      ? c.json({ status: "subscribed", message: NEWSLETTER_MESSAGES.subscribed }, 201)
      : c.json({ status: "already_subscribed", message: NEWSLETTER_MESSAGES.already }, 200);
  });

  // Stored home-page copy: public to read (it is shown on the home page anyway).
  r.get("/site-content", async (c) => {
    const values = await ctx.siteContent.getAll();
    const wanted = c.req
      .query("keys")
      ?.split(",")
      .map((k) => k.trim())
      .filter(Boolean);
    const keys = wanted?.length ? SITE_CONTENT_KEYS.filter((k) => wanted.includes(k)) : SITE_CONTENT_KEYS;
    return c.json({ content: keys.filter((k) => values[k] !== undefined).map((k) => ({ content_key: k, content_value: values[k] })) });
  });

  // Changing it: staff and admins only.
  r.use("/site-content/:key", async (c, next) => {
    if (c.req.method === "GET") return next();
    const user = c.get("user");
    if (!user) return c.json({ error: "Not authenticated" }, 401);
    if (user.role !== "admin" && user.role !== "staff") return c.json({ error: "Only staff can change site content" }, 403);
    await next();
  });

  r.put("/site-content/:key", async (c) => {
    const key = siteContentKeySchema.safeParse(c.req.param("key"));
    if (!key.success) return c.json({ error: key.error.issues[0]!.message, fields: { key: key.error.issues[0]!.message } }, 400);
    const body = await c.req.json().catch(() => undefined);
    const parsed = siteContentUpdateSchema.safeParse(body);
    if (!parsed.success) return badRequest(c, parsed.error);
    await ctx.siteContent.set(key.data, parsed.data.value, { description: parsed.data.description, userId: c.get("user")!.id });
    return c.json({ content_key: key.data, content_value: parsed.data.value });
  });

  r.delete("/site-content/:key", async (c) => {
    const key = siteContentKeySchema.safeParse(c.req.param("key"));
    if (!key.success) return c.json({ error: key.error.issues[0]!.message, fields: { key: key.error.issues[0]!.message } }, 400);
    const existed = await ctx.siteContent.remove(key.data);
    return existed ? c.body(null, 204) : c.json({ error: "No stored value for this key" }, 404);
  });

  return r;
}
