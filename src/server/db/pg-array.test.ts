import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, pgArray, queryPrepared, queryRows, type Database } from "./client.ts";

// On the embedded database by default; on a PostgreSQL server with TEST_DATABASE_URL (node-postgres binds the same way).
describe("pgArray", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL });
  });
  afterAll(() => database.close());

  it("binds numbers for any(…::int[]) and an empty list matches nothing", async () => {
    const count = (ids: number[]) =>
      queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from generate_series(1, 5) g where g = any(${pgArray(ids)}::int[])`,
      );
    expect(await count([1, 3, 9])).toEqual([{ n: 2 }]);
    expect(await count([])).toEqual([{ n: 0 }]);
  });

  it("keeps every text as sent: commas, quotes, backslashes, braces, NULL and spaces are values, not syntax", async () => {
    const texts = ["a,b", 'q"x', "c\\d", "{e}", "NULL", " sp ", "it's"];
    const query = sql`select ${pgArray(texts)}::text[] as t, cardinality(${pgArray(texts)}::text[]) as n`;
    expect(await queryRows(database.db, query)).toEqual([{ t: texts, n: texts.length }]);
    expect(await queryPrepared(database.db, "pg_array_test", query)).toEqual([{ t: texts, n: texts.length }]);
  });
});
