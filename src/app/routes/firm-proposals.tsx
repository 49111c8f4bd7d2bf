import { ProposalsScreen } from "~/features/proposals/components/proposals-screen.tsx";
import { proposalList } from "~/features/proposals/proposal-pages.server.ts";
import { listTemplates } from "~/features/proposals/proposal-templates.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-proposals";

export const meta: Route.MetaFunction = () => [{ title: "Proposals | Firm workspace" }, { name: "robots", content: "noindex" }];

/** /firm/proposals: the proposals and the letter templates (GET /api/firm/proposals, …/templates). */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.proposals");
  const [proposals, templates] = await Promise.all([proposalList(context.app.db), listTemplates(context.app.db)]);
  return { proposals, templates };
}

export default function FirmProposals({ loaderData }: Route.ComponentProps) {
  return <ProposalsScreen {...loaderData} />;
}
