import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/server/db/client.ts";
import { createCache } from "./site-content-cache.ts";
import { siteContent } from "./content.tables.ts";
import { isSiteContentKey, type SiteContentKey, type SiteContentValues } from "./site-content.schema.ts";

export const SITE_CONTENT_FRESH_MS = 5 * 60_000;
export const SITE_CONTENT_KEEP_MS = 10 * 60_000;

export interface SiteContentService {
  /** Every stored known key and its value (cached: fresh 5 minutes, kept 10). */
  getAll(): Promise<SiteContentValues>;
  /** Stores a value and drops the cache, so the next read shows it. */
  set(key: SiteContentKey, value: string, opts?: { description?: string; userId?: string | null }): Promise<void>;
  /** Removes a stored value (the page falls back to its built-in text). Returns whether one existed. */
  remove(key: SiteContentKey): Promise<boolean>;
}

async function loadAll(db: Db): Promise<SiteContentValues> {
  const rows = await db.select({ key: siteContent.contentKey, value: siteContent.contentValue }).from(siteContent);
  const values: SiteContentValues = {};
  for (const row of rows) if (isSiteContentKey(row.key)) values[row.key] = row.value;
  return values;
}

/**
 * Site content for this process. Other processes on the same database see a change when their copy
 * turns stale (at most 5 minutes); this process sees it at once.
 */
export function createSiteContentService(db: Db, logger?: Logger, now?: () => number): SiteContentService {
  const cache = createCache({
    load: () => loadAll(db),
    freshMs: SITE_CONTENT_FRESH_MS,
    keepMs: SITE_CONTENT_KEEP_MS,
    now,
    onError: (err) => logger?.warn({ err }, "site content refresh failed; serving the previous copy"),
  });
  return {
    getAll: () => cache.get(),
    async set(key, value, opts = {}) {
      await db
        .insert(siteContent)
        .values({ contentKey: key, contentValue: value, description: opts.description ?? null, updatedBy: opts.userId ?? null })
        .onConflictDoUpdate({
          target: siteContent.contentKey,
          set: {
            contentValue: value,
            ...(opts.description !== undefined ? { description: opts.description } : {}),
            updatedBy: opts.userId ?? null,
            updatedAt: sql`now()`,
          },
        });
      cache.invalidate();
    },
    async remove(key) {
      const deleted = await db.delete(siteContent).where(eq(siteContent.contentKey, key)).returning({ id: siteContent.id });
      cache.invalidate();
      return deleted.length > 0;
    },
  };
}
