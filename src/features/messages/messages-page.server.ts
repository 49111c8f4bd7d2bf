import { data } from "react-router";
import type { RequestContext } from "~/server/context.ts";
import { requirePageUser } from "~/server/http/page-guards.ts";
import { conversationAccess } from "./conversation-access.server.ts";
import { readConversation } from "./conversations.server.ts";
import { getPreferences } from "./message-mails.server.ts";
import { messagesQuerySchema } from "./messages.schema.ts";

/**
 * What a conversation's page shows (the portal's Messages section, the firm's conversation with a client): the
 * newest messages (or those before `?before=`), the reader's mark and their mail choice; the 404 page for anyone who
 * may not read it.
 */
export async function loadConversationPage(context: RequestContext, request: Request, orgIdParam: string | undefined) {
  const user = requirePageUser(context, request);
  const orgId = /^[1-9][0-9]{0,9}$/.test(orgIdParam ?? "") ? Number(orgIdParam) : NaN;
  const access = orgId <= 2_147_483_647 ? await conversationAccess(context.app.db, user, orgId) : null;
  if (!access) throw data("Not found", { status: 404 });
  // ?before=<seq>: an older page (a wrong value shows the newest).
  const parsed = messagesQuerySchema.safeParse({ before: new URL(request.url).searchParams.get("before") ?? undefined });
  const before = parsed.success ? parsed.data.before : undefined;
  const [conversation, preferences] = await Promise.all([
    readConversation(context.app.db, access, before),
    getPreferences(context.app.db, user.id),
  ]);
  return { conversation, preferences, userId: user.id, older: before !== undefined, firm: access.firm };
}
