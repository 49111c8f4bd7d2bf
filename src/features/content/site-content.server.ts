import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { createCache } from "./site-content-cache.ts";
import { isSiteContentKey, SITE_CONTENT_KEYS, type SiteContentKey, type SiteContentValues } from "./site-content.schema.ts";
import type { SiteContentEntry, SiteContentVersion } from "./site-content.types.ts";

/** Another process's save is seen within a second: the copy is read again once it is a second old. */
export const SITE_CONTENT_FRESH_MS = 1000;
export const SITE_CONTENT_KEEP_MS = 10 * 60_000;
/** Versions listed per key (the newest). */
export const SITE_CONTENT_VERSIONS_SHOWN = 50;

/** Who made a change (an operator script passes none). */
export type ContentActor = AuditActor;
const NOBODY: ContentActor = { id: null, email: null, ip: null };

export interface SiteContentService {
  /** Every stored known key and its value (cached, read again once a second old; the same object while none changed). */
  getAll(): Promise<SiteContentValues>;
  /** The cached copy while it is fresh, at once; undefined when getAll() would read it again. */
  fresh(): SiteContentValues | undefined;
  /** Every known key with its stored value (null: the built-in text shows), who set it and when; not cached. */
  list(): Promise<SiteContentEntry[]>;
  /** Stores a value, keeps it as a version, audits it, and drops the cache so the next read shows it. */
  set(key: SiteContentKey, value: string, opts?: { description?: string; actor?: ContentActor }): Promise<SiteContentEntry>;
  /** Removes a stored value (the page falls back to its built-in text). Returns whether one existed. */
  remove(key: SiteContentKey, opts?: { actor?: ContentActor }): Promise<boolean>;
  /** The newest versions of a key, newest first. */
  versions(key: SiteContentKey): Promise<SiteContentVersion[]>;
  /** Makes an earlier version current again (a new version, audited). Null when there is no such version. */
  restore(versionId: number, opts?: { actor?: ContentActor }): Promise<SiteContentEntry | null>;
}

async function loadAll(db: Db): Promise<SiteContentValues> {
  const rows = await queryRows<{ key: string; value: string }>(
    db,
    sql`select content_key as key, content_value as value from site_content order by content_key`,
  );
  const values: SiteContentValues = {};
  for (const row of rows) if (isSiteContentKey(row.key)) values[row.key] = row.value;
  return values;
}

/**
 * Loads that answer the same values as the last one answer the same object: the public pages are rendered again
 * when the object changes (their version, decision 111), not each time the copy is read again.
 */
function sameWhileUnchanged(load: () => Promise<SiteContentValues>): () => Promise<SiteContentValues> {
  let last: { json: string; values: SiteContentValues } | null = null;
  return async () => {
    const values = await load();
    const json = JSON.stringify(values);
    if (last?.json !== json) last = { json, values };
    return last.values;
  };
}

type EntryRow = { key: string; value: string | null; updated_at: string | Date | null; updated_by_email: string | null };

function toEntry(key: SiteContentKey, row: EntryRow | undefined): SiteContentEntry {
  return {
    key,
    value: row?.value ?? null,
    updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by_email ?? null,
  };
}

/** The current stored value of a key (locked inside a transaction), or undefined. */
async function currentValue(tx: Db, key: SiteContentKey): Promise<string | null> {
  const [row] = await queryRows<{ value: string }>(
    tx,
    sql`select content_value as value from site_content where content_key = ${key} for update`,
  );
  return row?.value ?? null;
}

/** Writes (or with null, removes) a key's value and appends the version, in the caller's transaction. */
async function writeVersion(
  tx: Db,
  key: SiteContentKey,
  value: string | null,
  actor: ContentActor,
  opts: { description?: string; restoredFrom?: number } = {},
): Promise<number> {
  if (value === null) {
    await tx.execute(sql`delete from site_content where content_key = ${key}`);
  } else {
    const description = opts.description !== undefined ? sql`description = excluded.description,` : sql``;
    await tx.execute(
      sql`insert into site_content (content_key, content_value, description, updated_by)
          values (${key}, ${value}, ${opts.description ?? null}, ${actor.id})
          on conflict (content_key) do update
             set content_value = excluded.content_value, ${description} updated_by = excluded.updated_by, updated_at = now()`,
    );
  }
  const [version] = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into site_content_versions (content_key, content_value, restored_from, created_by, created_by_email)
        values (${key}, ${value}, ${opts.restoredFrom ?? null}, ${actor.id}, ${actor.email}) returning id`,
  );
  return Number(version!.id);
}

/**
 * Site content for this process. Other processes on the same database (the workers of a cluster, other machines) see
 * a change within a second, when their copy is read again; this process sees it at once.
 */
export function createSiteContentService(db: Db, logger?: Logger, now?: () => number): SiteContentService {
  const cache = createCache({
    load: sameWhileUnchanged(() => loadAll(db)),
    freshMs: SITE_CONTENT_FRESH_MS,
    keepMs: SITE_CONTENT_KEEP_MS,
    now,
    onError: (err) => logger?.warn({ err }, "site content refresh failed; serving the previous copy"),
  });

  async function entry(key: SiteContentKey): Promise<SiteContentEntry> {
    const rows = await queryRows<EntryRow>(
      db,
      sql`select c.content_key as key, c.content_value as value, c.updated_at, u.email as updated_by_email
            from site_content c left join users u on u.id = c.updated_by where c.content_key = ${key}`,
    );
    return toEntry(key, rows[0]);
  }

  return {
    getAll: () => cache.get(),
    fresh: () => cache.peek(),
    async list() {
      const rows = await queryRows<EntryRow>(
        db,
        sql`select c.content_key as key, c.content_value as value, c.updated_at, u.email as updated_by_email
              from site_content c left join users u on u.id = c.updated_by`,
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      return SITE_CONTENT_KEYS.map((key) => toEntry(key, byKey.get(key)));
    },
    async set(key, value, opts = {}) {
      const actor = opts.actor ?? NOBODY;
      await db.transaction(async (tx) => {
        const before = await currentValue(tx, key);
        const versionId = await writeVersion(tx, key, value, actor, { description: opts.description });
        await recordAudit(tx, actor, {
          action: "site_content.updated",
          targetType: "site_content",
          targetId: key,
          before: { value: before },
          after: { value, version: versionId },
        });
      });
      cache.invalidate();
      return entry(key);
    },
    async remove(key, opts = {}) {
      const actor = opts.actor ?? NOBODY;
      const existed = await db.transaction(async (tx) => {
        const before = await currentValue(tx, key);
        if (before === null) return false;
        const versionId = await writeVersion(tx, key, null, actor);
        await recordAudit(tx, actor, {
          action: "site_content.updated",
          targetType: "site_content",
          targetId: key,
          before: { value: before },
          after: { value: null, version: versionId },
        });
        return true;
      });
      cache.invalidate();
      return existed;
    },
    async versions(key) {
      const rows = await queryRows<{
        id: string | number;
        value: string | null;
        restored_from: string | number | null;
        created_by_email: string | null;
        created_at: string | Date;
      }>(
        db,
        sql`select id, content_value as value, restored_from, created_by_email, created_at
              from site_content_versions where content_key = ${key}
             order by created_at desc, id desc limit ${SITE_CONTENT_VERSIONS_SHOWN}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        key,
        value: r.value,
        restoredFrom: r.restored_from == null ? null : Number(r.restored_from),
        createdBy: r.created_by_email,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
    async restore(versionId, opts = {}) {
      const actor = opts.actor ?? NOBODY;
      const key = await db.transaction(async (tx) => {
        const [version] = await queryRows<{ key: string; value: string | null }>(
          tx,
          sql`select content_key as key, content_value as value from site_content_versions where id = ${versionId}`,
        );
        if (!version || !isSiteContentKey(version.key)) return null;
        const before = await currentValue(tx, version.key);
        const newId = await writeVersion(tx, version.key, version.value, actor, { restoredFrom: versionId });
        await recordAudit(tx, actor, {
          action: "site_content.restored",
          targetType: "site_content",
          targetId: version.key,
          before: { value: before },
          after: { value: version.value, version: newId, restored_from: versionId },
        });
        return version.key;
      });
      cache.invalidate();
      return key ? entry(key) : null;
    },
  };
}
