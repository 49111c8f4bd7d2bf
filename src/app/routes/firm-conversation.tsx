import { Link } from "react-router";
import type { Route } from "./+types/firm-conversation";
import { ConversationScreen } from "~/features/messages/components/conversation-screen.tsx";
import { loadConversationPage } from "~/features/messages/messages-page.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.conversation.organization.name ?? "Client"} · Messages · Firm workspace | Ledgerline Advisors` },
  { name: "robots", content: "noindex" },
];

/** /firm/messages/:orgId: the conversation with one client, for the firm's people who may read it (else 404). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.clients");
  return loadConversationPage(context, request, params.orgId);
}

export default function FirmConversation({ loaderData }: Route.ComponentProps) {
  const { organization } = loaderData.conversation;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/firm/messages" className="font-medium text-brand-700 underline">
          All conversations
        </Link>
        {" · "}
        <Link to={`/firm/clients/${organization.id}`} className="font-medium text-brand-700 underline">
          {organization.name} in Clients
        </Link>
      </p>
      <ConversationScreen
        {...loaderData}
        heading="h1"
        title={`Messages with ${organization.name}`}
        intro="The client's members and the firm's people who keep their books read this conversation."
      />
    </div>
  );
}
