import type { Route } from "./+types/accounting-members";
import { requireBooksPage } from "~/features/accounting/books-page.server.ts";
import { canBooks } from "~/features/accounting/books-permissions.ts";
import { MembersTab } from "~/features/accounting/components/members-tab.tsx";
import { listInvitations } from "~/features/accounting/invitations.server.ts";
import { listMembers } from "~/features/accounting/members.server.ts";

/** /accounting/:orgId/members: who has access; those who manage the members ("books.members.manage") see the invitations. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  const [members, invitations] = await Promise.all([
    listMembers(context.app.db, membership.organizationId),
    canBooks(membership, "books.members.manage") ? listInvitations(context.app.db, membership.organizationId) : Promise.resolve([]),
  ]);
  return { members, invitations };
}

export default function AccountingMembers({ loaderData }: Route.ComponentProps) {
  return <MembersTab {...loaderData} />;
}
