import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppContext, AppEnv } from "../context.ts";
import { queryRows } from "../db/client.ts";
import { OUTBOX_COLUMNS, type OutboxRow } from "./outbox.server.ts";
import { mailCatcherAllowed } from "./mail-catcher.ts";
import { notFound } from "../http/app-error.ts";

/** With MAIL_CATCHER on: the outbox as JSON, so links in mail can be followed locally (see /dev/mail). */
export function devMailRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get("/", async (c) => {
    if (!mailCatcherAllowed(c, ctx.config)) throw notFound();
    const rows = await queryRows<OutboxRow>(ctx.db, sql`select ${OUTBOX_COLUMNS} from mail_outbox order by id desc limit 200`);
    const mail = rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to_address,
      replyTo: m.reply_to,
      subject: m.subject,
      text: m.text_body,
      status: m.status,
      attempts: m.attempts,
      lastError: m.last_error,
      createdAt: new Date(m.created_at).toISOString(),
    }));
    return c.json({ mail });
  });
  return r;
}
