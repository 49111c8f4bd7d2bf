import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import type { Db } from "~/server/db/client.ts";
import { readTwoFactorPolicy, type TwoFactorPolicy } from "~/server/two-factor-policy.server.ts";
import type { TwoFactorPolicyInput } from "./account.schema.ts";

/** Sets the firm's two-factor policy and records the change in the audit log, in one transaction. */
export async function updateTwoFactorPolicy(db: Db, input: TwoFactorPolicyInput, actor: AuditActor): Promise<TwoFactorPolicy> {
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
