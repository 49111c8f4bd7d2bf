import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, PGLITE_EXTENSIONS, type Database, type RawQuery } from "~/server/db/client.ts";
import { migrate, migrationsDir, readMigrations } from "~/server/db/migrate.ts";

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of this test's own database (for a second process or pool). */
  url?: string;
  /**
   * Puts the database back as it was when created, right after the migrations: every table holds again exactly
   * the rows the migrations left (nothing else), and every sequence its value then. Much cheaper than a new
   * database for tests that need an empty one each. Close whatever uses the database before (a mail worker).
   */
  reset(): Promise<void>;
  /** Closes and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------
// Embedded database: every test process loads the same data folder, made once per machine (and again when a
// migration, the migration code or PGlite changes) and kept in the temporary folder. Running initdb and the
// migrations took seconds per test file; loading a kept folder takes under one.

const CACHE_DIR = path.join(tmpdir(), "ledgerline-test-db");
const pgliteVersion = (
  JSON.parse(readFileSync(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The data folder kept under `name`-<key>, made with `make` when missing (written whole, then renamed). */
async function keptDataDir(name: string, key: string, make: () => Promise<PGlite>): Promise<Blob> {
  const file = path.join(CACHE_DIR, `${name}-${createHash("sha256").update(`${pgliteVersion}\n${key}`).digest("hex").slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await make();
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  // Folders of older migrations or PGlite versions, unused for a week, go.
  for (const old of readdirSync(CACHE_DIR)) {
    const p = path.join(CACHE_DIR, old);
    if (old.startsWith(`${name}-`) && Date.now() - statSync(p).atimeMs > 7 * 86_400_000) rmSync(p, { force: true });
  }
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

let emptyDir: Promise<Blob> | undefined;
let migratedDir: Promise<Blob> | undefined;

/** A new embedded database as PGlite.create() makes it (initdb only, no migration), in memory. */
export async function emptyEmbeddedDatabase(): Promise<PGlite> {
  emptyDir ??= keptDataDir("empty", "", () => PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  return PGlite.create({ loadDataDir: await emptyDir, extensions: PGLITE_EXTENSIONS });
}

async function migratedEmbeddedDatabase(): Promise<PGlite> {
  migratedDir ??= (() => {
    const key = [
      readFileSync(new URL("../../src/server/db/migrate.ts", import.meta.url), "utf8"),
      ...readMigrations(migrationsDir).map((m) => `${m.name} ${m.checksum}`),
    ].join("\n");
    return keptDataDir("migrated", key, async () => {
      const client = await emptyEmbeddedDatabase();
      await migrate(await openDatabase({ pglite: client }));
      return client;
    });
  })();
  return PGlite.create({ loadDataDir: await migratedDir, extensions: PGLITE_EXTENSIONS });
}

// ---------------------------------------------------------------------------------------------------------
// reset(): the SQL that puts a database back as it is now

/** Reads every table's rows and every sequence's value, and returns the SQL that restores exactly those. */
async function restoreScript(query: RawQuery): Promise<string> {
  const { rows: tables } = await query(`
    select format('%I.%I', n.nspname, c.relname) as name,
           (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1`);
  const { rows: sequences } = await query(`
    select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
           (last_value is not null) as called
      from pg_sequences order by 1`);
  const parts = ["begin", "set local session_replication_role = replica"];
  if (tables.length) parts.push(`truncate table ${tables.map((t) => t.name).join(", ")}`);
  for (const t of tables) {
    const { rows } = await query(
      `select coalesce(json_agg(x), '[]')::text as rows from (select * from ${t.name as string} order by ctid) x`,
    );
    const json = String(rows[0]!.rows);
    if (json === "[]") continue;
    if (json.includes("$rows$")) throw new Error(`test database reset: ${String(t.name)} holds the quoting tag`);
    parts.push(
      `insert into ${String(t.name)} (${String(t.columns)}) overriding system value ` +
        `select ${String(t.columns)} from json_populate_recordset(null::${String(t.name)}, $rows$${json}$rows$)`,
    );
  }
  for (const s of sequences) parts.push(`select setval('${String(s.name).replace(/'/g, "''")}', ${String(s.value)}, ${String(s.called)})`);
  parts.push("commit");
  return parts.join(";\n");
}

/** Runs a restore script (from restoreScript) on one connection; nothing is left half done on an error. */
async function restore(database: Database, script: Promise<string>): Promise<void> {
  const text = await script;
  await database.withConnection(async (query) => {
    try {
      await query(text);
    } catch (err) {
      await query("rollback").catch(() => undefined);
      throw err;
    }
  });
}

// ---------------------------------------------------------------------------------------------------------

let migratedScript: Promise<string> | undefined;

/**
 * A fresh, migrated database: PGlite in memory by default; with TEST_DATABASE_URL, a new database
 * on that PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ pglite: await migratedEmbeddedDatabase() });
    // Every embedded test database starts from the same data folder: one restore script serves them all.
    migratedScript ??= database.withConnection(restoreScript);
    const script = migratedScript;
    await script;
    return { database, reset: () => restore(database, script), drop: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await migrate(database);
  // Read now, before anything is written: applied_at differs between the databases, so each has its own script.
  const script = database.withConnection(restoreScript);
  await script;
  return {
    database,
    url: url.toString(),
    reset: () => restore(database, script),
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
