import { sql } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { can, rolesHolding } from "~/lib/permissions.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import type { SessionUser } from "~/server/context.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { ENROLMENT_MESSAGE, ENROLMENT_REQUIRED } from "~/server/http/enrolment.ts";

/*
 * The firm's two-factor policy, in one place: reading and changing it, whom it covers (in TypeScript and, for the
 * session reader's one query, in SQL), and its guard on the auth library's own endpoints. The app's other routes
 * are gated by the platform (src/server/http/enrolment.ts) on the session reader's `enrolmentRequired`.
 */

/** The firm's two-factor policy (one row, migration 0017). */
export interface TwoFactorPolicy {
  requireForStaff: boolean;
  requireForClients: boolean;
}

/** The SQL that tells, for a user row `u`, whether the policy requires a second factor they do not have yet. */
export const ENROLMENT_REQUIRED_SQL = sql`(not u.two_factor_enabled and coalesce((
  select case when u.role = any(${pgArray(rolesHolding("firm.workspace"))}::text[]) then p.require_for_staff else p.require_for_clients end
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

/** Sets the firm's two-factor policy and records the change in the audit log, in one transaction. */
export async function updateTwoFactorPolicy(db: Db, input: TwoFactorPolicy, actor: AuditActor): Promise<TwoFactorPolicy> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from two_factor_policy where id = 1 for update`);
    const before = await readTwoFactorPolicy(tx);
    await tx.execute(sql`
      insert into two_factor_policy (id, require_for_staff, require_for_clients, updated_at, updated_by)
      values (1, ${input.requireForStaff}, ${input.requireForClients}, now(), ${actor.id})
      on conflict (id) do update set require_for_staff = excluded.require_for_staff,
        require_for_clients = excluded.require_for_clients, updated_at = now(), updated_by = excluded.updated_by`);
    const after = { requireForStaff: input.requireForStaff, requireForClients: input.requireForClients };
    if (before.requireForStaff !== after.requireForStaff || before.requireForClients !== after.requireForClients) {
      await recordAudit(tx, actor, {
        action: "two_factor_policy.updated",
        targetType: "two_factor_policy",
        targetId: 1,
        before: { ...before },
        after,
      });
    }
    return after;
  });
}

/**
 * What a signed-in user who must enrol may still ask of the auth library: enrol, read the session, sign out or in,
 * and link Google (the app's re-authentication through Google goes through the library's link flow).
 */
const ALLOWED_WHILE_ENROLLING =
  /^\/(sign-out|get-session|link-social|two-factor\/(enable|verify-totp|get-totp-uri)|sign-in\/.*|sign-up\/.*|callback\/.*|oauth2\/.*|verify-email|request-password-reset|reset-password(\/.*)?|error|ok)$/;

/**
 * The firm's two-factor policy on the auth library's own endpoints (the app checks every other route in its session
 * layer): a signed-in user it covers who has no second factor yet can do nothing there but enrol or sign out.
 */
export function enrolmentGuard(db: Db): BetterAuthPlugin {
  return {
    id: "two-factor-enrolment",
    hooks: {
      before: [
        {
          matcher: (ctx) => !ALLOWED_WHILE_ENROLLING.test(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const user = session.user as { role?: "client" | "staff" | "admin"; twoFactorEnabled?: boolean | null };
            const required = policyRequiresEnrolment(await readTwoFactorPolicy(db), {
              role: user.role ?? "client",
              twoFactorEnabled: user.twoFactorEnabled ?? false,
            });
            if (required) throw new APIError("FORBIDDEN", { message: ENROLMENT_MESSAGE, code: ENROLMENT_REQUIRED });
          }),
        },
      ],
    },
  };
}
