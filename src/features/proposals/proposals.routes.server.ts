import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { rateLimited } from "~/server/http/app-error.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { FIRST_FIELD, check, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { acceptProposal, declineProposal } from "./proposal-answers.server.ts";
import { proposalPaymentSetup, viewProposal, type Visitor } from "./proposal-client-view.server.ts";
import { createProposal, deleteProposal, updateProposal } from "./proposal-drafts.server.ts";
import { getProposal, listProposals } from "./proposal-reads.server.ts";
import { revokeProposalLinks, sendProposal } from "./proposal-sending.server.ts";
import { signedPdf } from "./proposal-signed-letter.server.ts";
import { createTemplate, listTemplates, updateTemplate } from "./proposal-templates.server.ts";
import {
  acceptSchema,
  declineSchema,
  proposalIdParams,
  proposalListQuerySchema,
  proposalSchema,
  sendProposalSchema,
  templateIdParams,
  templateSchema,
} from "./proposals.schema.ts";

/**
 * /api/firm/proposals (decision 118): the firm's proposals and letter templates. Held by "firm.proposals"; to anyone
 * else it does not exist (404).
 */
export function firmProposalsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  const staff = (c: Context<AppEnv>) => requireHiddenPermission(c, "firm.proposals");
  const actor = (c: Context<AppEnv>) => auditActor(staff(c), clientIp(c, ctx.config.trustedProxyHeader));
  r.use("*", async (c, next) => {
    staff(c);
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  r.get("/templates", async (c) => json(c, { templates: await listTemplates(db) }));
  r.post("/templates", async (c) => {
    const input = await parseJson(c, templateSchema, FIRST_FIELD);
    return json(c, { template: await createTemplate(db, input, actor(c)) }, 201);
  });
  r.put("/templates/:templateId", async (c) => {
    const { templateId } = parseParams(c, templateIdParams);
    const input = await parseJson(c, templateSchema, FIRST_FIELD);
    return json(c, { template: await updateTemplate(db, templateId, input, actor(c)) });
  });

  r.get("/", async (c) => json(c, { proposals: await listProposals(db, parseQuery(c, proposalListQuerySchema, FIRST_FIELD)) }));
  r.post("/", async (c) => {
    const input = await parseJson(c, proposalSchema, FIRST_FIELD);
    return json(c, { proposal: await createProposal(db, input, actor(c)) }, 201);
  });
  r.get("/:id", async (c) => json(c, { proposal: await getProposal(db, parseParams(c, proposalIdParams).id) }));
  r.put("/:id", async (c) => {
    const { id } = parseParams(c, proposalIdParams);
    const input = await parseJson(c, proposalSchema, FIRST_FIELD);
    return json(c, { proposal: await updateProposal(db, id, input, actor(c)) });
  });
  r.delete("/:id", async (c) => {
    await deleteProposal(db, parseParams(c, proposalIdParams).id, actor(c));
    return c.body(null, 204);
  });
  r.post("/:id/send", async (c) => {
    const { id } = parseParams(c, proposalIdParams);
    // No body at all is the defaults: the client's email, no message.
    const body =
      !c.req.header("content-type") && (await c.req.text()) === ""
        ? check(sendProposalSchema, {}, FIRST_FIELD)
        : await parseJson(c, sendProposalSchema, FIRST_FIELD);
    const proposal = await sendProposal(db, id, body, actor(c), ctx.config.publicUrl);
    ctx.mail.kick();
    return json(c, { proposal });
  });
  r.post("/:id/revoke", async (c) => {
    const { id } = parseParams(c, proposalIdParams);
    return json(c, { proposal: await revokeProposalLinks(db, id, actor(c)) });
  });
  r.get("/:id/signed.pdf", async (c) => {
    const { id } = parseParams(c, proposalIdParams);
    const pdf = await signedPdf(db, id);
    return c.body(new Uint8Array(pdf.bytes), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="signed-proposal-${id}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "X-Content-SHA256": pdf.sha256,
    });
  });
  return r;
}

/** Views and answers through proposal links per address in ten minutes. */
export const PROPOSAL_LINK_HITS_PER_WINDOW = 60;
const WINDOW_SECONDS = 600;

/**
 * /api/proposal-links/:token, without a session (decision 118): the proposal a link opens, accepting and declining
 * it. Limited per address; never indexed, never sent on as a referrer.
 */
export function proposalLinkRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  const visitor = (c: Context<AppEnv>): Visitor => ({
    ip: clientIp(c, ctx.config.trustedProxyHeader),
    userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
  });
  r.use(async (c, next) => {
    const limit = await hitRateLimit(db, `proposal-link:${visitor(c).ip}`, PROPOSAL_LINK_HITS_PER_WINDOW, WINDOW_SECONDS);
    if (!limit.allowed) throw rateLimited("Too many requests from this address. Try again later.", limit.retryAfter);
    try {
      await next();
    } finally {
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex, nofollow");
      c.header("Referrer-Policy", "no-referrer");
    }
  });
  const token = (c: Context) => c.req.param("token") ?? "";
  r.get("/:token", async (c) => json(c, { proposal: await viewProposal(db, token(c), ctx.payments) }));
  r.post("/:token/accept", async (c) => {
    const input = await parseJson(c, acceptSchema, FIRST_FIELD);
    const proposal = await acceptProposal(db, token(c), input, visitor(c), {
      firmEmail: ctx.config.firmEmail,
      publicUrl: ctx.config.publicUrl,
      appSecret: ctx.config.appSecret,
      processor: ctx.payments,
    });
    ctx.mail.kick();
    return json(c, { proposal });
  });
  // Once accepted: the processor's page where she gives her card or bank account (decision 119).
  r.post("/:token/payment-method", async (c) => json(c, await proposalPaymentSetup(db, token(c), ctx.payments, ctx.config.publicUrl)));
  r.post("/:token/decline", async (c) => {
    const input = await parseJson(c, declineSchema, FIRST_FIELD);
    const proposal = await declineProposal(db, token(c), input, visitor(c), ctx.config.firmEmail);
    ctx.mail.kick();
    return json(c, { proposal });
  });
  return r;
}
