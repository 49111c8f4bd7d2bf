import type { Route } from "./+types/accounting-members";
import { requireBooksPage } from "~/features/accounting/books-page.server.ts";
import { MembersTab } from "~/features/accounting/components/members-tab.tsx";
import { listInvitations } from "~/features/accounting/invitations.server.ts";
import { listMembers } from "~/features/accounting/members.server.ts";

/** /accounting/:orgId/members: who has access; an owner also sees the invitations. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const isOwner = membership.role === "owner";
  const [members, invitations] = await Promise.all([
    listMembers(context.app.db, membership.organizationId),
    isOwner ? listInvitations(context.app.db, membership.organizationId) : Promise.resolve([]),
  ]);
  return { members, invitations, isOwner };
}

export default function AccountingMembers({ loaderData }: Route.ComponentProps) {
  return <MembersTab {...loaderData} />;
}
