import { data } from "react-router";
import { safeParse } from "zod";
import { ProposalScreen } from "~/features/proposals/components/proposal-screen.tsx";
import { leadChoices } from "~/features/proposals/proposal-pages.server.ts";
import { getProposal } from "~/features/proposals/proposal-reads.server.ts";
import { listTemplates } from "~/features/proposals/proposal-templates.server.ts";
import { proposalIdParams } from "~/features/proposals/proposals.schema.ts";
import { clientChoices } from "~/features/work/index.server.ts";
import { AppError } from "~/server/http/app-error.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-proposal";
import { cataloguePicks } from "~/features/proposals/catalogue-picks.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.proposal.title ?? "Proposal"} | Proposals | Firm workspace` },
  { name: "robots", content: "noindex" },
];

/** /firm/proposals/:proposalId: one proposal (GET /api/firm/proposals/:id), with what its draft's form chooses from. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.proposals");
  const parsed = safeParse(proposalIdParams, { id: params.proposalId });
  if (!parsed.success) throw data("Not found", { status: 404 });
  const { db } = context.app;
  try {
    const proposal = await getProposal(db, parsed.data.id);
    const [leads, clients, templates, published] =
      proposal.status === "draft"
        ? await Promise.all([leadChoices(db), clientChoices(db), listTemplates(db), context.app.catalogue.published()])
        : [[], [], [], { plans: [], addOns: [] }];
    return { proposal, leads, clients, templates, catalogue: cataloguePicks(published) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data("Not found", { status: 404 });
    throw err;
  }
}

export default function FirmProposal({ loaderData }: Route.ComponentProps) {
  return <ProposalScreen {...loaderData} />;
}
