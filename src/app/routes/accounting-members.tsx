import type { Route } from "./+types/accounting-members";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { canBooks } from "~/features/tenancy/books-permissions.ts";
import { MembersScreen } from "~/features/tenancy/components/members-screen.tsx";
import { listInvitations } from "~/features/tenancy/invitations.server.ts";
import { listMembers } from "~/features/tenancy/members.server.ts";

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
  return <MembersScreen {...loaderData} />;
}
