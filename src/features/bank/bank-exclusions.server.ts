import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { conflict } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { LineExcluded } from "./bank.types.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/*
 * Statement lines set aside (decision 092, issue 38): a line that is not the account's money (the same transaction
 * imported twice from files in two formats, a line of another account) is excluded with a reason and counts nowhere:
 * not to match, not suggested, not for rules, questions or a reconciliation. It stays with its statement under the
 * "Excluded" filter and can be brought back. Only a line in no match can be excluded (the database checks it too).
 */

/** Who excluded a line, as people read it. */
export const excluderName = sql`(select coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)
  from users u where u.id = b.excluded_by)`;

interface LineState {
  match_id: number | null;
  reconciled: boolean;
  excluded: boolean;
  booked_on: string;
  amount: string;
  description: string;
  exclusion_reason: string | null;
}

/** The line, locked, checked to be this account's. */
async function takeLine(tx: Db, m: Membership, bankId: number, lineId: number): Promise<LineState> {
  const [line] = await queryRows<LineState>(
    tx,
    sql`select b.match_id, x.reconciliation_id is not null as reconciled, b.excluded_at is not null as excluded,
               b.booked_on::text, b.amount::text, b.description, b.exclusion_reason
          from bank_lines b left join bank_matches x on x.id = b.match_id
         where b.organization_id = ${m.organizationId} and b.bank_account_id = ${bankId} and b.id = ${lineId}
         for update of b`,
  );
  if (!line) throw notFound("Statement line");
  return line;
}

async function answer(tx: Db, lineId: number): Promise<LineExcluded> {
  const [row] = await queryRows<{ at: string | null; by: string | null; reason: string | null }>(
    tx,
    sql`select b.excluded_at::text as at, ${excluderName} as by, b.exclusion_reason as reason from bank_lines b where b.id = ${lineId}`,
  );
  return { line_id: lineId, excluded: row?.at && row.reason ? { at: row.at, by: row.by, reason: row.reason } : null };
}

/** Sets a line aside with a reason (audited); a matched or reconciled line is refused (409) until its match is undone. */
export async function excludeLine(
  db: Db,
  m: Membership,
  actor: AuditActor,
  bankId: number,
  lineId: number,
  reason: string,
): Promise<LineExcluded> {
  return db.transaction(async (tx) => {
    const line = await takeLine(tx, m, bankId, lineId);
    if (line.reconciled) throw conflict("This line is reconciled: undo the reconciliation, then its match, before excluding it");
    if (line.match_id !== null) throw conflict("This line is matched: undo its match before excluding it");
    if (line.excluded) throw conflict("This line is excluded already");
    await tx.execute(
      sql`update bank_lines set excluded_at = now(), excluded_by = ${m.userId}, exclusion_reason = ${reason} where id = ${lineId}`,
    );
    await recordAudit(tx, actor, {
      action: "bank_line.excluded",
      targetType: "bank_line",
      targetId: lineId,
      after: { bank_account_id: bankId, reason, date: line.booked_on, amount: line.amount, description: line.description },
    });
    return answer(tx, lineId);
  });
}

/** Brings an excluded line back (audited): it counts again, to match like any other. */
export async function restoreLine(db: Db, m: Membership, actor: AuditActor, bankId: number, lineId: number): Promise<LineExcluded> {
  return db.transaction(async (tx) => {
    const line = await takeLine(tx, m, bankId, lineId);
    if (!line.excluded) throw conflict("This line is not excluded");
    await tx.execute(sql`update bank_lines set excluded_at = null, excluded_by = null, exclusion_reason = null where id = ${lineId}`);
    await recordAudit(tx, actor, {
      action: "bank_line.restored",
      targetType: "bank_line",
      targetId: lineId,
      before: { bank_account_id: bankId, reason: line.exclusion_reason, date: line.booked_on, amount: line.amount },
    });
    return answer(tx, lineId);
  });
}
