import { sql } from "drizzle-orm";
import type { SessionUser } from "./context.ts";
import { queryRows, type Db } from "./db/client.ts";
import { can, rolesArray } from "~/lib/permissions.ts";

/** The firm's two-factor policy (one row, migration 0017). */
export interface TwoFactorPolicy {
  requireForStaff: boolean;
  requireForClients: boolean;
}

/** Where a user the policy covers, without a second factor, is sent after their password. */
export const ENROLMENT_PATH = "/account/two-factor-setup";
export const ENROLMENT_REQUIRED = "TWO_FACTOR_ENROLMENT_REQUIRED";
export const ENROLMENT_MESSAGE = "Your firm requires two-factor sign-in. Set it up before doing anything else.";

/** The SQL that tells, for a user row `u`, whether the policy requires a second factor they do not have yet. */
export const ENROLMENT_REQUIRED_SQL = sql`(not u.two_factor_enabled and coalesce((
  select case when u.role = any(${rolesArray("firm.workspace")}::text[]) then p.require_for_staff else p.require_for_clients end
    from two_factor_policy p where p.id = 1), false))`;

export async function readTwoFactorPolicy(db: Db): Promise<TwoFactorPolicy> {
  const [row] = await queryRows<{ require_for_staff: boolean; require_for_clients: boolean }>(
    db,
    sql`select require_for_staff, require_for_clients from two_factor_policy where id = 1`,
  );
  return { requireForStaff: row?.require_for_staff ?? false, requireForClients: row?.require_for_clients ?? false };
}

export function policyRequiresEnrolment(policy: TwoFactorPolicy, user: Pick<SessionUser, "role" | "twoFactorEnabled">): boolean {
  if (user.twoFactorEnabled) return false;
  // The firm's people (those who work in its workspace) under the staff rule; everyone else under the clients' rule.
  return can(user, "firm.workspace") ? policy.requireForStaff : policy.requireForClients;
}

/** Re-authentication (password, or a Google round trip): enrolment on a session over 10 minutes old needs it. */
const REAUTH_PATHS = new Set([
  "/api/account/reauthenticate",
  "/api/account/reauthenticate/google",
  "/api/account/reauthenticate/google/done",
]);

/**
 * What a user who must enrol may still reach: the enrolment page (and its data), the router's route manifest,
 * re-authentication, and the auth library's endpoints that enrolment and signing out need (checked in the auth
 * feature's own hook).
 */
export function enrolmentAllows(path: string): boolean {
  return (
    path === ENROLMENT_PATH ||
    path === `${ENROLMENT_PATH}.data` ||
    path === "/__manifest" ||
    path === "/api/health" ||
    REAUTH_PATHS.has(path.replace(/\/+$/, ""))
  );
}
