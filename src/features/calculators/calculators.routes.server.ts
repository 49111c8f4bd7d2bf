import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { fieldErrors, submissionSchema } from "./calculators.schema.ts";
import { getSubmission, listSubmissions, saveSubmission } from "./calculators.server.ts";

/** Saves at most this many results (each one sends mail) per user per hour. */
export const SAVES_PER_HOUR = 20;

export function calculatorsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.use("*", async (c, next) => {
    if (!c.get("user")) return c.json({ error: "Not authenticated" }, 401);
    await next();
  });

  r.post("/submissions", async (c) => {
    const user = c.get("user")!;
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return c.json({ error: "Request body must be JSON", fields: {} }, 400);
    const parsed = submissionSchema.safeParse(body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return c.json({ error: Object.values(fields)[0] ?? "Invalid input", fields }, 400);
    }
    const limit = await hitRateLimit(ctx.db, `calculators:save:${user.id}`, SAVES_PER_HOUR, 3600);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      return c.json({ error: "Too many saved results in the last hour. Please try again later." }, 429);
    }
    const saved = await saveSubmission({ db: ctx.db, publicUrl: ctx.config.publicUrl, firmEmail: ctx.config.firmEmail }, user, parsed.data);
    ctx.mail.kick();
    return c.json({ submission: saved }, 201);
  });

  r.get("/submissions", async (c) => {
    const submissions = await listSubmissions(ctx.db, c.get("user")!.id);
    return c.json({ submissions });
  });

  r.get("/submissions/:id", async (c) => {
    const submission = await getSubmission(ctx.db, c.get("user")!.id, c.req.param("id"));
    if (!submission) return c.json({ error: "Not found" }, 404);
    return c.json({ submission });
  });

  return r;
}
