import type { Route } from "./+types/accounting-messages";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { ConversationScreen } from "~/features/messages/components/conversation-screen.tsx";
import { loadConversationPage } from "~/features/messages/messages-page.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Messages · Accounting | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

/**
 * /accounting/:orgId/messages: the organization's conversation with the firm (decision 100), for the members of its
 * books. An admin who is not one reads it in the firm's workspace (/firm/messages/:orgId), not here: this loader runs
 * beside the books layout's, so it refuses on its own.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireBooksPage(context, request, params.orgId);
  return loadConversationPage(context, request, params.orgId);
}

export default function AccountingMessages({ loaderData }: Route.ComponentProps) {
  return (
    <ConversationScreen
      {...loaderData}
      title="Messages"
      intro={`Your conversation with the people at Ledgerline Advisors who keep the books of ${loaderData.conversation.organization.name}.`}
    />
  );
}
