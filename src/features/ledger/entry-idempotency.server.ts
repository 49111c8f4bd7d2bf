import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
import { insertIdempotencyKeys } from "~/server/idempotency.server.ts";
import { errorChain, sqlState } from "~/server/db/db-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/**
 * The journal writes' part of the one idempotency mechanism (decisions 053 and 080, src/server/idempotency.server.ts).
 * A journal write keeps its answer under the request's key in its own transaction, so that an answer lost after the
 * commit (a crash, a dropped connection) is still there for the retry. A retry runs the write again and meets the
 * key (a unique violation, which rolls the retry back) or a state that no longer allows the write; then the kept
 * answer is returned. Their keys belong to the user.
 */

/** What a write needs to keep its answer under the request's key. */
export interface Idempotency {
  key: string;
  requestHash: string;
  route: string;
}

/** Whose keys the journal writes use. */
export const journalCaller = (m: Membership) => `user:${m.userId}`;

const JSON_HEADERS = JSON.stringify([["content-type", "application/json"]]);

/**
 * The statement that keeps a write's answer, for the write's own statement or transaction: `body` is the answer's
 * JSON, read from `source` (a CTE of the write's statement, or a values list). Inserts nothing without a key.
 */
export function answerInsert(m: Membership, idem: Idempotency | null, status: number, body: SQL, source: SQL): SQL {
  return insertIdempotencyKeys(
    sql`select ${journalCaller(m)}, ${idem?.key ?? null}::uuid, ${idem?.requestHash ?? null}, ${idem?.route ?? null},
               ${m.organizationId}, null::timestamptz, ${status}, ${JSON_HEADERS}::json, (${body})::text
          from ${source} where ${idem?.key ?? null}::uuid is not null`,
  );
}

/** Keeps a write's answer; call it inside the write's transaction. */
export async function storeAnswer(tx: Db, m: Membership, idem: Idempotency, status: number, body: unknown): Promise<void> {
  await tx.execute(answerInsert(m, idem, status, sql`${JSON.stringify(body)}::json`, sql`(select 1) as one`));
}

/** A write failed because its key is already stored (another request with the key committed first). */
export function isKeyTaken(err: unknown): boolean {
  if (sqlState(err) !== "23505") return false;
  return errorChain(err).some((e) => e.constraint === "idempotency_keys_pkey" || String(e.message ?? "").includes("idempotency_keys_pkey"));
}
