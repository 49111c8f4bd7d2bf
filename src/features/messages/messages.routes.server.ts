import { Hono, type Context } from "hono";
import { z } from "zod";
import { mailClientActivityNow } from "~/features/activity/index.server.ts";
import { can } from "~/lib/permissions.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { attachmentHeaders, cleanFileName } from "~/server/files/stored-files.server.ts";
import { requireHiddenPermission, requireUser } from "~/server/http/guards.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { assertCanSend, conversationReader, type ConversationEnv } from "./conversation-access.server.ts";
import { markRead, readConversation, sendMessage, unreadSummary } from "./conversations.server.ts";
import { listInbox } from "./inbox.server.ts";
import { openAttachment, uploadAttachment } from "./message-attachments.server.ts";
import { getPreferences, mailNewMessages, setPreferences } from "./message-mails.server.ts";
import { inboxQuerySchema, markReadSchema, messagesQuerySchema, preferencesSchema, sendMessageSchema } from "./messages.schema.ts";
import type { AttachmentUploaded, MessageSent, ReadMarked } from "./messages.types.ts";

const attachmentParams = z.object({ orgId: idParam(), attachmentId: idParam() });

/**
 * /api/messages: the conversation of each client organization with the firm (decision 100). The reader's unread count
 * and notification choice; the firm's inbox; under /:orgId the conversation for those who may read it (404 for anyone
 * else), written by members who are not viewers (403), with its files.
 */
export function messagesRoutes(ctx: AppContext) {
  const { db, config } = ctx;
  const r = new Hono<AppEnv>();
  const actor = (c: Context<ConversationEnv>) => auditActor(c.get("user"), clientIp(c, config.trustedProxyHeader));
  const noStore = async (c: Context, next: () => Promise<void>) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  };

  r.get("/unread", noStore, async (c) => {
    const user = requireUser(c);
    return c.json(await unreadSummary(db, { id: user.id, firm: can(user, "books.keepClients") }));
  });
  r.get("/inbox", noStore, async (c) => {
    const user = requireHiddenPermission(c, "firm.clients");
    return c.json(await listInbox(db, user, parseQuery(c, inboxQuerySchema)));
  });
  r.get("/preferences", noStore, async (c) => c.json(await getPreferences(db, requireUser(c).id)));
  r.put("/preferences", async (c) => {
    const user = requireUser(c);
    const { notify } = await parseJson(c, preferencesSchema);
    return c.json(await setPreferences(db, auditActor(user, clientIp(c, config.trustedProxyHeader)), user.id, notify));
  });

  const conv = new Hono<ConversationEnv>();
  conv.use("/:orgId/*", conversationReader(db));
  conv.get("/:orgId/messages", async (c) => {
    const { before } = parseQuery(c, messagesQuerySchema);
    return c.json(await readConversation(db, c.get("access"), before));
  });
  conv.post("/:orgId/messages", async (c) => {
    const access = c.get("access");
    assertCanSend(access);
    const input = await parseJson(c, sendMessageSchema);
    const message = await sendMessage(db, access, input, actor(c));
    // The message is stored: its notifications (at once where due) are their own transactions.
    if ((await mailNewMessages(db, config.publicUrl, new Date(), access.organizationId)) > 0) ctx.mail.kick();
    await mailClientActivityNow(ctx, access.organizationId);
    return c.json({ message } satisfies MessageSent, 201);
  });
  conv.post("/:orgId/read", async (c) => {
    const { seq } = await parseJson(c, markReadSchema);
    const access = c.get("access");
    const last_read_seq = await markRead(db, access, seq);
    return c.json({ last_read_seq, ...(await unreadSummary(db, { id: access.userId, firm: access.firm })) } satisfies ReadMarked);
  });
  conv.post("/:orgId/attachments", async (c) => {
    const access = c.get("access");
    assertCanSend(access);
    const name = cleanFileName(c.req.query("name"), "file");
    return c.json({ attachment: await uploadAttachment(db, access, name, c.req.raw.body, actor(c)) } satisfies AttachmentUploaded, 201);
  });
  conv.get("/:orgId/attachments/:attachmentId", async (c) => {
    const { attachmentId } = parseParams(c, attachmentParams);
    const { file, stream } = await openAttachment(db, c.get("access"), attachmentId, actor(c));
    return c.body(stream, 200, attachmentHeaders(file));
  });
  r.route("/", conv);
  return r;
}
