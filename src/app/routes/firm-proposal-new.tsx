import { ProposalForm } from "~/features/proposals/components/proposal-form.tsx";
import { ProposalPageHeader } from "~/features/proposals/components/proposal-page-header.tsx";
import { leadChoices } from "~/features/proposals/proposal-pages.server.ts";
import { listTemplates } from "~/features/proposals/proposal-templates.server.ts";
import { cataloguePicks } from "~/features/proposals/catalogue-picks.server.ts";
import { clientChoices } from "~/features/work/index.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/firm-proposal-new";

export const meta: Route.MetaFunction = () => [{ title: "New proposal | Firm workspace" }, { name: "robots", content: "noindex" }];

/** /firm/proposals/new[?lead=…|?client=…]: composing a proposal, for a lead or a client chosen here or in the address. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageHiddenPermission(context, "firm.proposals");
  const { db } = context.app;
  const [leads, clients, templates, published] = await Promise.all([
    leadChoices(db),
    clientChoices(db),
    listTemplates(db),
    context.app.catalogue.published(),
  ]);
  const url = new URL(request.url);
  const lead = url.searchParams.get("lead");
  const client = url.searchParams.get("client");
  const party =
    lead && leads.some((l) => l.id === lead)
      ? `lead:${lead}`
      : client && clients.some((c) => String(c.id) === client)
        ? `org:${client}`
        : "";
  return { leads, clients, templates, catalogue: cataloguePicks(published), party };
}

export default function FirmProposalNew({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <ProposalPageHeader>
        <h1 className="text-2xl font-bold text-ink">New proposal</h1>
        <p className="text-slate-700">Saved as a draft: read it over, then send it from its page.</p>
      </ProposalPageHeader>
      <ProposalForm proposal={null} {...loaderData} />
    </div>
  );
}
