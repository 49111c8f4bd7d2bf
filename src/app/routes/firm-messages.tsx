import type { Route } from "./+types/firm-messages";
import { InboxScreen } from "~/features/messages/components/inbox-screen.tsx";
import { inboxClients, listInbox } from "~/features/messages/inbox.server.ts";
import { inboxQuerySchema } from "~/features/messages/messages.schema.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Messages · Firm workspace | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/** /firm/messages: the conversations with the clients (the API's query, GET /api/messages/inbox). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.clients");
  const { query, filters, errors } = readPageQuery(request, inboxQuerySchema);
  const [inbox, clients] = await Promise.all([listInbox(context.app.db, user, query), inboxClients(context.app.db, user)]);
  return { inbox, clients, filters, errors };
}

export default function FirmMessages({ loaderData }: Route.ComponentProps) {
  return <InboxScreen {...loaderData} />;
}
