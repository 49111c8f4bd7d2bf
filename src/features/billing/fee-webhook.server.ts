import { recordAudit } from "~/server/audit.server.ts";
import type { AppContext } from "~/server/context.ts";
import type { Db } from "~/server/db/client.ts";
import { AppError } from "~/server/http/app-error.ts";
import { WebhookSignatureError, type PaymentProcessor } from "~/features/payments/index.server.ts";
import { handleProcessorEvent, WebhookRefusal } from "./fee-events.server.ts";

/*
 * One way in for the processor's events (decision 119), whether they come over HTTP (the webhook route) or from the
 * local test processor in the same process: the signature verified (a bad one is 400 and audited), then the event
 * applied once (a replay changes nothing), or refused (422, audited, nothing written).
 */

export interface WebhookDeps {
  db: Db;
  processor: PaymentProcessor;
  publicUrl: string;
  /** Wakes the mail worker: an event may have queued mail. */
  kick: () => void;
}

export const webhookDeps = (ctx: AppContext, processor: PaymentProcessor): WebhookDeps => ({
  db: ctx.db,
  processor,
  publicUrl: ctx.config.publicUrl,
  kick: () => ctx.mail.kick(),
});

export async function receiveWebhook(deps: WebhookDeps, raw: string, signature: string | null, ip: string | null): Promise<"handled" | "duplicate"> {
  const { db, processor } = deps;
  const attack = (action: string, reason: string) =>
    recordAudit(db, { id: null, email: null, ip }, { action, targetType: "payments", targetId: processor.name, after: { reason } });
  let event;
  try {
    event = await processor.parseEvent(raw, signature);
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    await attack("payments.webhook_bad_signature", err.message.slice(0, 300));
    throw new AppError(400, "BAD_SIGNATURE", "The webhook's signature does not verify");
  }
  try {
    return await handleProcessorEvent(db, processor.name, event, { publicUrl: deps.publicUrl });
  } catch (err) {
    if (err instanceof WebhookRefusal) await attack("payments.webhook_refused", `${event.eventId}: ${err.message}`.slice(0, 500));
    throw err;
  } finally {
    deps.kick();
  }
}
