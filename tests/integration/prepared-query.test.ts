import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryPrepared, queryRows } from "~/server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";

// On PostgreSQL (TEST_DATABASE_URL) these run as named prepared statements; on PGlite they are plain queries.
describe("queryPrepared", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const probe = (n: number) =>
    sql`select ${n}::int as n, ${`v${n}`}::text as label, 12.50::numeric(14,2) as amount, date '2026-03-01' as day,
               timestamptz '2026-03-01 10:00:00+00' as at, null::text as nothing`;

  it("returns the same rows as queryRows, dates and times as strings, numbers exact", async () => {
    const plain = await queryRows(t.database.db, probe(7));
    for (let i = 0; i < 8; i++) {
      // Past the server's first five custom plans, when it may switch to the generic plan.
      expect(await queryPrepared(t.database.db, "probe", probe(7))).toEqual(plain);
    }
    expect(plain[0]).toMatchObject({ n: 7, label: "v7", amount: "12.50", day: "2026-03-01", nothing: null });
    expect(typeof plain[0]!.at).toBe("string");
  });

  it("keeps statements of different text apart even under one name, on every pooled connection", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? queryPrepared<{ n: number }>(t.database.db, "same", sql`select ${i}::int + 1000 as n`)
          : queryPrepared<{ n: number }>(t.database.db, "same", sql`select ${i}::int as n`),
      ),
    );
    expect(results.map((r) => r[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? i + 1000 : i)));
  });

  it("runs on the transaction's own connection inside a transaction", async () => {
    await t.database.db.execute(sql`create table prepared_probe (id int)`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe values (1)`);
        const seen = await queryPrepared<{ n: number }>(tx, "count_probe", sql`select count(*)::int as n from prepared_probe`);
        expect(seen[0]!.n).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from prepared_probe`))[0]!.n).toBe(0);
  });
});
