import { Hono } from "hono";
import { desc } from "drizzle-orm";
import type { AppContext, AppEnv } from "../context.ts";
import { mailOutbox } from "./outbox.tables.ts";
import { mailCatcherAllowed } from "./mail-catcher.ts";

/** With MAIL_CATCHER on: the outbox as JSON, so links in mail can be followed locally (see /dev/mail). */
export function devMailRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get("/", async (c) => {
    if (!mailCatcherAllowed(c, ctx.config)) return c.json({ error: "Not found" }, 404);
    const rows = await ctx.db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.toAddress,
        replyTo: mailOutbox.replyTo,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(200);
    return c.json({ mail: rows });
  });
  return r;
}
