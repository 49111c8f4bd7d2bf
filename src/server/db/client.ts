import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { createHash } from "node:crypto";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { AppError } from "../http/app-error.ts";
import { lockDataDir, type DataDirLock } from "./data-dir-lock.ts";
import { sqlState } from "./db-error.ts";

// numeric and date come back as strings: money stays exact and dates never shift time zones.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = PgDatabase<PgQueryResultHKT>;

/** The extensions the migrations create: the embedded database loads them whenever it opens. */
export const PGLITE_EXTENSIONS = { pg_trgm };

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
    // A connection lost while no query of its own runs (PostgreSQL stopping, a checked-out client between two
    // statements of a transaction) is an 'error' event on that client: unhandled, it would end the process. The
    // pool handles its idle clients' errors; every client it opens gets a listener too, for the time it is
    // checked out. The next query on it fails (a 503 to the caller) and the pool drops it when it comes back.
    const ignore = () => {
      /* reported by the next query on that connection */
    };
    pool.on("error", ignore);
    pool.on("connect", (client) => client.on("error", ignore));
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
  let lock: DataDirLock | undefined;
  if (opts.pglite) {
    client = opts.pglite;
  } else if (opts.dataDir) {
    const dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    // One process at a time (data-dir-lock.ts): a second one is refused before it opens the files.
    lock = lockDataDir(opts.dataDir);
    try {
      client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
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
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Runs a raw SQL query built with drizzle's sql`` tag and returns its rows. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const dialect = new PgDialect();
const TEXT_TIME_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
/** Dates and times stay strings, as in drizzle's own queries, so both paths return the same rows. */
const textTimeTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    TEXT_TIME_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
const statementNames = new Map<string, string>();

/**
 * queryRows for a hot statement: on a PostgreSQL server it runs as a named prepared statement, so each pooled
 * connection parses and plans it once instead of on every call (planning was a third of an entry save's time
 * in the database). Use it only for statements whose text is fixed (values as parameters): each distinct text
 * stays prepared on every connection. Inside a transaction, and on the embedded database, it is queryRows.
 */
export async function queryPrepared<T = Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let statement = statementNames.get(text);
  if (!statement) {
    statement = `${name}_${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
    statementNames.set(text, statement);
  }
  const res = await client.query({ name: statement, text, values: params, types: textTimeTypes });
  return res.rows as T[];
}

/**
 * A list as one array parameter of a query: `id = any(${pgArray(ids)}::int[])`. Bound as a value (both drivers send a
 * JS array as PostgreSQL's array, quoting each element), never spliced into the SQL text; the cast names its type.
 */
export const pgArray = (values: readonly (string | number)[]): SQL => sql`${sql.param(values)}`;

/** How long one statement of a report may run before the database server cancels it (decision 107). */
export const REPORT_STATEMENT_TIMEOUT_MS = 10_000;

export const REPORT_TIMEOUT_MESSAGE = "The report took too long to prepare. Choose a shorter period, or try again later.";

const canceled = (err: unknown): boolean => sqlState(err) === "57014";

/**
 * Runs a report's reads on a PostgreSQL server in one read-only transaction (one snapshot for all its statements)
 * whose statements the server cancels after `ms`, so that no report holds a connection for longer; a cancelled
 * statement answers 503 TIMEOUT with REPORT_TIMEOUT_MESSAGE. The embedded database cannot interrupt a statement
 * (PGlite accepts statement_timeout and ignores it: a statement runs to its end on the event loop), so there `fn`
 * runs on `db` as it is, without holding the database between its statements.
 */
export async function withStatementTimeout<T>(db: Db, fn: (db: Db) => Promise<T>, ms = REPORT_STATEMENT_TIMEOUT_MS): Promise<T> {
  if (!((db as { $client?: unknown }).$client instanceof pg.Pool)) return fn(db);
  try {
    return await db.transaction(
      async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(ms))}`));
        return fn(tx);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } catch (err) {
    if (canceled(err)) throw new AppError(503, "TIMEOUT", REPORT_TIMEOUT_MESSAGE);
    throw err;
  }
}
