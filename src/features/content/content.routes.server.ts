import { localPath } from "~/lib/local-path.ts";
import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { clientIp } from "~/server/client-ip.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { AppError, rateLimited } from "~/server/http/app-error.ts";
import { check, isFormPost, parseJson, readForm } from "~/server/http/parse.ts";
import { z } from "zod";
import { NEWSLETTER_MESSAGES } from "./newsletter-messages.ts";
import { newsletterSchema, type NewsletterSource } from "./newsletter.schema.ts";
import { subscribeToNewsletter } from "./newsletter.server.ts";
import { SITE_CONTENT_KEYS } from "./site-content.schema.ts";
import type { NewsletterSubscribed } from "./content.types.ts";

/** Per IP: 10 newsletter sign-ups per hour. */
export const NEWSLETTER_RATE_LIMIT = { limit: 10, windowSeconds: 3600 };

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
    const subscribe = async (input: z.output<typeof newsletterSchema>) => {
      const ip = clientIp(c, ctx.config.trustedProxyHeader);
      const rate = await hitRateLimit(ctx.db, `newsletter:${ip}`, NEWSLETTER_RATE_LIMIT.limit, NEWSLETTER_RATE_LIMIT.windowSeconds);
      if (!rate.allowed) throw rateLimited(NEWSLETTER_MESSAGES.limited, rate.retryAfter);
      return subscribeToNewsletter(ctx.db, input);
    };

    if (!isFormPost(c)) {
      const { created } = await subscribe(await parseJson(c, newsletterSchema, { message: "first" }));
      return created
        ? c.json({ status: "subscribed", message: NEWSLETTER_MESSAGES.subscribed } satisfies NewsletterSubscribed, 201)
        : c.json({ status: "already_subscribed", message: NEWSLETTER_MESSAGES.already } satisfies NewsletterSubscribed, 200);
    }

    const back = (source: NewsletterSource | "footer", outcome: string) =>
      c.redirect(`${returnPath(c, ctx.config.publicUrl)}?newsletter=${source}-${outcome}#newsletter-${source}`, 303);
    const form = await readForm(c);
    const source = newsletterSchema.shape.source.safeParse(form.source);
    try {
      const input = check(newsletterSchema, form);
      const { created } = await subscribe(input);
      return back(input.source, created ? "subscribed" : "already");
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 429) c.header("Retry-After", String(err.retryAfter));
      return back(source.success ? source.data : "footer", err.status === 429 ? "limited" : "invalid");
    }
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

  return r;
}
