import { randomBytes } from "node:crypto";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, type Database } from "~/server/db/client.ts";
import { migrate } from "~/server/db/migrate.ts";

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of this test's own database (for a second process or pool). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

let template: Promise<PGlite> | undefined;

/** One migrated embedded database per test process; each test gets a clone (much faster than migrating anew). */
function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create();
    await migrate(await openDatabase({ pglite: client }));
    return client;
  })();
  return template;
}

/**
 * A fresh, migrated database: PGlite in memory by default; with TEST_DATABASE_URL, a new database
 * on that PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ pglite: (await (await migratedTemplate()).clone()) as PGlite });
    return { database, drop: () => database.close() };
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
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
