import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db/client.ts";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one hit against `key` in a fixed window, in the database so every process shares it.
 * Allowed while the count within the window is at most `limit`.
 */
export async function hitRateLimit(db: Db, rawKey: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  // Keys carry what a caller typed (an email): text PostgreSQL cannot store (NUL, a lone surrogate) becomes U+FFFD.
  const key = rawKey.replace(/\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  const [row] = await queryRows<{ count: number | string; retry_after: number | string }>(
    db,
    sql`
    insert into rate_limits as r (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else r.window_start end
    returning count, greatest(0, ceil(extract(epoch from (r.window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry_after`,
  );
  if (!row) throw new Error("rate limit upsert returned no row");
  const count = Number(row.count);
  return { allowed: count <= limit, count, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Takes back one hit counted against `key` (a try that turned out well, where only failures should count). */
export async function giveBackRateLimitHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}
