import { Hono } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { forbidden, notFound, rateLimited } from "~/server/http/app-error.ts";
import { requireUser } from "~/server/http/guards.ts";
import { parseJson } from "~/server/http/parse.ts";
import { submissionSchema } from "./calculators.schema.ts";
import { getSubmission, listSubmissions, saveSubmission } from "./calculators.server.ts";
import type { SubmissionSaved } from "./calculators.types.ts";

/** Saves at most this many results (each one sends mail) per user per hour. */
export const SAVES_PER_HOUR = 20;

export function calculatorsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.use("*", async (c, next) => {
    requireUser(c);
    await next();
  });

  r.post("/submissions", async (c) => {
    const user = requireUser(c);
    const input = await parseJson(c, submissionSchema, { message: "first" });
    // The analysis goes to the account's address: only once that address is known to be the user's.
    if (!user.emailVerified) throw forbidden("Verify your email address before saving results.");
    const limit = await hitRateLimit(ctx.db, `calculators:save:${user.id}`, SAVES_PER_HOUR, 3600);
    if (!limit.allowed) throw rateLimited("Too many saved results in the last hour. Please try again later.", limit.retryAfter);
    const saved = await saveSubmission({ db: ctx.db, publicUrl: ctx.config.publicUrl, firmEmail: ctx.config.firmEmail }, user, input);
    ctx.mail.kick();
    return c.json({ submission: saved } satisfies SubmissionSaved, 201);
  });

  r.get("/submissions", async (c) => {
    const submissions = await listSubmissions(ctx.db, requireUser(c).id);
    return c.json({ submissions });
  });

  r.get("/submissions/:id", async (c) => {
    const submission = await getSubmission(ctx.db, requireUser(c).id, c.req.param("id"));
    if (!submission) throw notFound();
    return c.json({ submission });
  });

  return r;
}
