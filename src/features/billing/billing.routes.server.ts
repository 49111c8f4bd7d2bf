import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam, pageField } from "~/lib/schema-fields.ts";
import { auditActor, recordAudit } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { AppError, rateLimited } from "~/server/http/app-error.ts";
import { json, parseParams, parseQuery } from "~/server/http/parse.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { documentPdfFile } from "~/features/sales/index.server.ts";
import type { ClientBilling, PayOutcome, PaymentMethodSetup } from "./client-billing.types.ts";
import { clientBilling, feeInvoiceOf, payInvoiceNow, paymentMethodSetup } from "./client-billing.server.ts";
import { receiveWebhook, webhookDeps } from "./fee-webhook.server.ts";

type C = Context<BooksMemberEnv>;
const idParams = z.object({ id: idParam() });

/**
 * The client's Billing page's API under `/api/accounting/orgs/:orgId/` (decision 119), for her owner ("books.billing"):
 * the firm's invoices to her and her payments; an invoice's PDF (an attachment); the processor's page to give or change
 * her payment method; paying an invoice now.
 */
export function clientBillingRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const owner = requireBooks("books.billing");
  const org = (c: C) => c.get("membership").organizationId;
  const deps = { processor: ctx.payments, publicUrl: ctx.config.publicUrl, firmEmail: ctx.config.firmEmail };

  r.get("/billing", owner, async (c) => {
    const { page } = parseQuery(c, z.object({ page: pageField() }));
    return json(c, (await clientBilling(db, org(c), ctx.payments, page)) satisfies ClientBilling);
  });
  r.get("/billing/invoices/:id/pdf", owner, async (c) => {
    const books = await feeInvoiceOf(db, org(c), parseParams(c, idParams).id);
    const { body, fileName } = await documentPdfFile(db, { organizationId: books.organizationId }, books.documentId);
    return c.body(body, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
    });
  });
  r.post("/billing/payment-method", owner, async (c) =>
    json(c, (await paymentMethodSetup(db, org(c), ctx.payments, ctx.config.publicUrl)) satisfies PaymentMethodSetup),
  );
  r.post("/billing/invoices/:id/pay", owner, async (c) => {
    const outcome = await payInvoiceNow(db, org(c), parseParams(c, idParams).id, deps);
    await recordAudit(db, auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader)), {
      action: "billing.paid_now",
      targetType: "organization",
      targetId: org(c),
      after: { document_id: parseParams(c, idParams).id, status: outcome.status },
    });
    return json(c, outcome satisfies PayOutcome);
  });
  return r;
}

/** Events a processor sends per address per minute before the rest are refused (a processor sends far fewer). */
const WEBHOOKS_PER_MINUTE = 600;

/**
 * POST /api/payments/webhook: the processor's events (decision 119), through `receiveWebhook`. No session: the signature
 * is the credential. 404 while no processor is configured.
 */
export function paymentsWebhookRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.post("/webhook", async (c) => {
    const processor = ctx.payments;
    if (!processor) throw new AppError(404, "NOT_FOUND", "No payment processor is configured");
    const ip = clientIp(c, ctx.config.trustedProxyHeader);
    const limit = await hitRateLimit(ctx.db, `payments-webhook:${ip}`, WEBHOOKS_PER_MINUTE, 60);
    if (!limit.allowed) throw rateLimited("Too many webhook calls from this address. Try again later.", limit.retryAfter);
    const outcome = await receiveWebhook(webhookDeps(ctx, processor), await c.req.text(), c.req.header("stripe-signature") ?? null, ip);
    return c.json({ received: true, duplicate: outcome === "duplicate" });
  });
  return r;
}
