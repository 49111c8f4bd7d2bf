import { Hono, type Context } from "hono";
import type { z } from "zod";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { logUnexpectedError, unexpectedErrorResponse } from "~/server/errors.ts";
import { consultationSchema } from "./consultation.schema.ts";
import { contactSchema } from "./contact.schema.ts";
import { checkLeadRateLimit, storeConsultationRequest, storeContactMessage, type LeadSender, type StoredLead } from "./leads.server.ts";

type Body = { ok: true; value: unknown; html: boolean } | { ok: false; status: 400 | 415; error: string };

/** JSON from scripts and the forms; urlencoded/multipart from a form posted without JavaScript. */
async function readBody(c: Context<AppEnv>): Promise<Body> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    try {
      return { ok: true, value: await c.req.json(), html: false };
    } catch {
      return { ok: false, status: 400, error: "Request body must be valid JSON" };
    }
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    let form: Awaited<ReturnType<typeof c.req.parseBody>>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return { ok: false, status: 400, error: "Request body must be a valid form" };
    }
    const value: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(form)) {
      const list = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
      value[key] = key === "servicesInterested" ? list : list[0];
    }
    return { ok: true, value, html: true };
  }
  return { ok: false, status: 415, error: "Send the request as application/json" };
}

/** 400 body naming each failing field with its first message. */
function fieldErrors(error: z.ZodError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    fields[key] ??= key === "body" ? "Request body must be a JSON object" : issue.message;
  }
  return { error: `Invalid fields: ${Object.keys(fields).join(", ")}`, fields };
}

interface LeadRoute<S extends z.ZodType> {
  schema: S;
  /** The page a form posted without JavaScript returns to. */
  page: string;
  store: (ctx: AppContext, input: z.output<S>, sender: LeadSender) => Promise<StoredLead>;
}

function leadHandler<S extends z.ZodType<{ email: string }>>(ctx: AppContext, route: LeadRoute<S>) {
  return async (c: Context<AppEnv>) => {
    const body = await readBody(c);
    if (!body.ok) return c.json({ error: body.error }, body.status);
    const back = (outcome: string) => c.redirect(`${route.page}?${outcome}#lead-form`, 303);
    const parsed = route.schema.safeParse(body.value);
    if (!parsed.success) return body.html ? back("error=validation") : c.json(fieldErrors(parsed.error), 400);

    const ip = clientIp(c, ctx.config.trustedProxyHeader);
    const limited = await checkLeadRateLimit(ctx.db, ip, parsed.data.email);
    if (limited) {
      c.header("Retry-After", String(limited.retryAfter));
      return body.html ? back("error=rate") : c.json({ error: limited.message }, 429);
    }

    const user = c.get("user");
    let stored: StoredLead;
    try {
      stored = await route.store(ctx, parsed.data, { user: user ? { id: user.id, email: user.email } : null, ip });
    } catch (err) {
      if (!body.html) return unexpectedErrorResponse(c, err, ctx.logger);
      logUnexpectedError(c, err, ctx.logger);
      return back("error=server");
    }
    // Stored and its mail queued: the visitor's success depends on nothing else.
    if (stored.mails > 0) ctx.mail.kick();
    return body.html ? back("sent=1") : c.json({ id: stored.id }, 201);
  };
}

/** POST /api/leads/contact and /api/leads/consultation: store first, mail through the outbox. */
export function leadsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.post("/contact", leadHandler(ctx, { schema: contactSchema, page: "/contact", store: storeContactMessage }));
  r.post("/consultation", leadHandler(ctx, { schema: consultationSchema, page: "/consultation", store: storeConsultationRequest }));
  return r;
}
