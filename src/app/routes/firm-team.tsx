import { TwoFactorPolicySection } from "~/features/account/components/two-factor-policy-section.tsx";
import { StaffInviteSection } from "~/features/team/components/staff-invite-section.tsx";
import { TeamMembersSection } from "~/features/team/components/team-members-section.tsx";
import { TeamScreen } from "~/features/team/components/team-screen.tsx";
import { teamQuerySchema } from "~/features/team/team.schema.ts";
import { listTeam } from "~/features/team/team.server.ts";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { readPageQuery } from "~/server/http/page-query.ts";
import { readTwoFactorPolicy } from "~/features/auth/two-factor-policy.server.ts";
import { can } from "~/lib/permissions.ts";
import type { Route } from "./+types/firm-team";

export const meta: Route.MetaFunction = () => [{ title: "Team | Firm workspace" }, { name: "robots", content: "noindex" }];

/** The firm workspace's Team section: admins only (staff get the 404 page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.team.manage");
  const { query } = readPageQuery(request, teamQuerySchema);
  const [list, policy] = await Promise.all([
    listTeam(context.app.db, query),
    can(user, "firm.security.manage") ? readTwoFactorPolicy(context.app.db) : Promise.resolve(null),
  ]);
  return { list, query, selfId: user.id, policy };
}

export default function FirmTeam({ loaderData }: Route.ComponentProps) {
  const { list, query, selfId, policy } = loaderData;
  return (
    <TeamScreen>
      <TeamMembersSection list={list} query={query} selfId={selfId} />
      <StaffInviteSection />
      {policy ? <TwoFactorPolicySection policy={policy} /> : null}
    </TeamScreen>
  );
}
