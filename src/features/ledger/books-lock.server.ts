import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import type { BooksLock, BooksLockChange } from "./ledger.types.ts";
import type { LockInput } from "./books-lock.schema.ts";
import { mailLockChange } from "./books-lock-mail.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/**
 * The lock date of the books (decision 094): nothing dated on or before it is written, which the database enforces
 * itself (migration 0030). Those who hold "books.lock" (its routes ask) set, move or lift it, always with a reason; each
 * change is kept in the lock's history and the audit log, and mailed to the firm's people on the client but the one who
 * made it (books-lock-mail.server.ts), in the same transaction.
 */
export async function readLock(db: Db, m: Membership): Promise<BooksLock> {
  const [org] = await queryRows<{ lock_date: string | null }>(
    db,
    sql`select lock_date::text as lock_date from organizations where id = ${m.organizationId}`,
  );
  const history = await queryRows<BooksLockChange>(
    db,
    sql`select l.lock_date::text as lock_date, l.reason, coalesce(nullif(btrim(u.name), ''), u.email) as by,
               to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
          from books_locks l left join users u on u.id = l.created_by
         where l.organization_id = ${m.organizationId}
         order by l.id desc limit 100`,
  );
  const lockDate = org?.lock_date ?? null;
  return { lock_date: lockDate, current: lockDate && history[0]?.lock_date === lockDate ? history[0] : null, history };
}

async function change(
  db: Db,
  m: Membership,
  actor: AuditActor,
  lockDate: string | null,
  reason: string,
  publicUrl: string,
): Promise<BooksLock> {
  await db.transaction(async (tx) => {
    const [org] = await queryRows<{ lock_date: string | null }>(
      tx,
      sql`select lock_date::text as lock_date from organizations where id = ${m.organizationId} for update`,
    );
    const before = org?.lock_date ?? null;
    if (lockDate === null && before === null) throw conflict("The books are not locked");
    await tx.execute(sql`update organizations set lock_date = ${lockDate}::date where id = ${m.organizationId}`);
    await tx.execute(
      sql`insert into books_locks (organization_id, lock_date, reason, created_by)
          values (${m.organizationId}, ${lockDate}::date, ${reason}, ${m.userId})`,
    );
    const action = lockDate === null ? "books.unlocked" : before !== null && lockDate < before ? "books.lock_moved_back" : "books.locked";
    await recordAudit(tx, actor, {
      action,
      targetType: "organization",
      targetId: m.organizationId,
      before: { lock_date: before },
      after: { lock_date: lockDate, reason },
    });
    const { organizationId, organizationName, userId } = m;
    await mailLockChange(tx, { organizationId, organizationName, userId, actor, before, after: lockDate, reason, publicUrl });
  });
  return readLock(db, m);
}

/** Sets the lock date (later or earlier than the current one: an earlier one reopens a period, told by its reason). */
export const setLock = (db: Db, m: Membership, actor: AuditActor, input: LockInput, publicUrl: string) =>
  change(db, m, actor, input.lock_date, input.reason, publicUrl);

/** Lifts the lock: every date is open again. */
export const unlock = (db: Db, m: Membership, actor: AuditActor, reason: string, publicUrl: string) =>
  change(db, m, actor, null, reason, publicUrl);
