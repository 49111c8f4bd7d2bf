import { Hono, type Context } from "hono";
import type { z } from "zod";
import { postContactMessage } from "~/features/messages/index.server.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { logUnexpectedError } from "~/server/errors.ts";
import { AppError, rateLimited } from "~/server/http/app-error.ts";
import { check, isFormPost, parseJson, readForm } from "~/server/http/parse.ts";
import { consultationSchema } from "./consultation.schema.ts";
import { contactSchema } from "./contact.schema.ts";
import type { LeadSent } from "./leads.types.ts";
import { checkLeadRateLimit, storeConsultationRequest, storeContactMessage, type LeadSender, type StoredLead } from "./leads.server.ts";

interface LeadRoute<S extends z.ZodType> {
  schema: S;
  /** The page a form posted without JavaScript returns to. */
  page: string;
  store: (ctx: AppContext, input: z.output<S>, sender: LeadSender) => Promise<StoredLead>;
  /** The text a signed-in client's submission puts in her conversation with the firm; null: a lead as for anyone. */
  toConversation?: (input: z.output<S>) => string | null;
}

/**
 * JSON from scripts and the forms (answered with the one error contract); urlencoded or multipart from a form
 * posted without JavaScript (answered with a redirect back to the page, the outcome in its query). Both read
 * the same schema through the same checks.
 */
function leadHandler<S extends z.ZodType<{ email: string }>>(ctx: AppContext, route: LeadRoute<S>) {
  const handle = async (c: Context<AppEnv>, input: z.output<S>) => {
    const ip = clientIp(c, ctx.config.trustedProxyHeader);
    const limited = await checkLeadRateLimit(ctx.db, ip, input.email);
    if (limited) throw rateLimited(limited.message, limited.retryAfter);
    const user = c.get("user");
    // A signed-in client's contact message goes to her conversation with the firm, not to the leads (decision 100).
    const text = user ? route.toConversation?.(input) : null;
    if (user && text) {
      const posted = await postContactMessage(ctx.db, ctx.config.publicUrl, user, text, auditActor(user, ip));
      if (posted) {
        if (posted.mails > 0) ctx.mail.kick();
        return { id: String(posted.messageId), spam: null, mails: posted.mails, conversation: posted.conversation };
      }
    }
    const stored = await route.store(ctx, input, { user: user ? { id: user.id, email: user.email } : null, ip });
    // Stored and its mail queued: the visitor's success depends on nothing else.
    if (stored.mails > 0) ctx.mail.kick();
    return stored;
  };

  return async (c: Context<AppEnv>) => {
    if (!isFormPost(c)) {
      const stored = await handle(c, await parseJson(c, route.schema));
      return c.json({ id: stored.id, ...(stored.conversation ? { conversation: stored.conversation } : {}) } satisfies LeadSent, 201);
    }
    const back = (outcome: string) => c.redirect(`${route.page}?${outcome}#lead-form`, 303);
    try {
      await handle(c, check(route.schema, await readForm(c, ["servicesInterested"])));
      return back("sent=1");
    } catch (err) {
      if (err instanceof AppError && err.status === 429) {
        c.header("Retry-After", String(err.retryAfter));
        return back("error=rate");
      }
      if (err instanceof AppError && err.status === 400) return back("error=validation");
      logUnexpectedError(c, err, ctx.logger);
      return back("error=server");
    }
  };
}

/** POST /api/leads/contact and /api/leads/consultation: store first, mail through the outbox. */
export function leadsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.post(
    "/contact",
    leadHandler(ctx, {
      schema: contactSchema,
      page: "/contact",
      store: storeContactMessage,
      // The honeypot filled: stored as a lead flagged as spam, as for anyone.
      toConversation: (input) => (input.website?.trim() ? null : input.message),
    }),
  );
  r.post("/consultation", leadHandler(ctx, { schema: consultationSchema, page: "/consultation", store: storeConsultationRequest }));
  return r;
}
