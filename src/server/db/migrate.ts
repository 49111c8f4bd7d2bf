import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./client.ts";

/**
 * Plain SQL migrations, applied in file-name order, each once, each in its own transaction.
 * Files live in ./migrations beside this module (the build copies them beside the server bundle).
 * An applied migration must never change: add a new file instead (a changed one stops the start).
 */
export const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url));

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), "utf8");
      return { name, sql: text, checksum: createHash("sha256").update(text).digest("hex") };
    });
}

const LOCK_ID = 7234001;

/** Applies pending migrations; safe when several processes start at once on one server. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.withConnection(async (query) => {
    await query(`select pg_advisory_lock(${LOCK_ID})`);
    try {
      await query(`create table if not exists schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now())`);
      const { rows } = await query(`select name, checksum from schema_migrations`);
      const done = new Map(rows.map((r) => [String(r.name), String(r.checksum)]));
      const applied: string[] = [];
      for (const m of migrations) {
        const previous = done.get(m.name);
        if (previous !== undefined) {
          if (previous !== m.checksum) {
            throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead`);
          }
          continue;
        }
        await query("begin");
        try {
          await query(m.sql);
          await query(`insert into schema_migrations (name, checksum) values ($1, $2)`, [m.name, m.checksum]);
          await query("commit");
        } catch (err) {
          await query("rollback");
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.name);
      }
      return applied;
    } finally {
      await query(`select pg_advisory_unlock(${LOCK_ID})`);
    }
  });
}
