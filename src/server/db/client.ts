import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";

// numeric and date come back as strings: money stays exact and dates never shift time zones.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a plain SQL string with no parameters (migrations, test set-up). */
  exec(sqlText: string): Promise<void>;
  /** Runs fn on one dedicated connection (session-level locks, migrations). */
  withConnection<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface OpenOptions {
  /** PostgreSQL server URL; when absent the embedded database is used. */
  url?: string;
  /** Folder for the embedded database; absent means in memory. */
  dataDir?: string;
  poolSize?: number;
  /** An already open embedded database (tests clone a migrated template). */
  pglite?: PGlite;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    pool.on("error", () => {
      /* idle client errors are reported by the next query */
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: "postgres",
      exec: async (text) => {
        await pool.query(text);
      },
      withConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn(async (text, params) => {
            const r = await conn.query(text, params as unknown[]);
            return { rows: r.rows };
          });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.pglite) {
    client = opts.pglite;
  } else if (opts.dataDir) {
    const dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, {}) as unknown as Db;
  return {
    db,
    kind: "pglite",
    exec: async (text) => {
      await client.exec(text);
    },
    withConnection: (fn) =>
      fn(async (text, params) => {
        if (params && params.length) {
          const r = await client.query<Record<string, unknown>>(text, params);
          return { rows: r.rows };
        }
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }),
    close: () => client.close(),
  };
}

/** Runs a raw SQL query built with drizzle's sql`` tag and returns its rows. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One real round trip to the database. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
