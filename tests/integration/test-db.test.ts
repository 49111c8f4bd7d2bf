import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit } from "~/server/audit.server.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { createSignedInUser, createTestApp } from "../support/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";
import { firstBooks } from "../support/books.ts";

// The test databases themselves: reset() must give exactly what a new database gives, or the tests that share
// one database per file (and reset it before each test) would see what an earlier test left.

/** Every table's rows in stored order and every sequence's state: what a test could tell apart. */
async function fingerprint(db: Db, opts: { times: boolean } = { times: true }) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ rows: unknown }>(
      db,
      sql.raw(`select coalesce(json_agg(x), '[]') as rows from (select * from ${name} order by ctid) x`),
    );
    out[name] = opts.times ? rows[0]!.rows : JSON.parse(JSON.stringify(rows[0]!.rows).replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"(time)"'));
  }
  out.sequences = await queryRows(db, sql`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`);
  return out;
}

describe("test databases", () => {
  let shared: TestDatabase;
  beforeAll(async () => {
    shared = await createTestDatabase();
  });
  afterAll(() => shared.drop());

  it("reset() puts back the freshly migrated state after writes to many tables, and again after more", async () => {
    const fresh = await fingerprint(shared.database.db);
    expect(Object.keys(fresh).length).toBeGreaterThan(20);
    for (let round = 0; round < 2; round++) {
      const t = await createTestApp({}, { testDb: shared });
      const user = await createSignedInUser(t);
      const books = await firstBooks(t)(user.cookie);
      const accounts = (await (await t.request(`${books}/accounts`, { cookie: user.cookie })).json()) as { accounts: { id: number }[] };
      const [a, b] = accounts.accounts;
      const entry = await t.request(`${books}/entries`, {
        cookie: user.cookie,
        json: {
          description: `Round ${round}`,
          entry_date: "2026-06-30",
          lines: [
            { account_id: a!.id, debit_amount: 10, credit_amount: 0 },
            { account_id: b!.id, debit_amount: 0, credit_amount: 10 },
          ],
        },
      });
      expect(entry.status).toBe(201);
      const { entry: saved } = (await entry.json()) as { entry: { id: number } };
      expect((await t.request(`${books}/entries/${saved.id}/post`, { method: "POST", cookie: user.cookie })).status).toBe(200);
      const lead = await t.request("/api/leads/contact", {
        json: {
          firstName: "Ann",
          lastName: "Lee",
          email: "ann@example.com",
          message: "Hello",
          website: "",
          formToken: issueFormToken(t.config.appSecret, Date.now() - 10_000),
        },
      });
      expect(lead.status).toBe(201);
      // A write that only a trigger-free restore can undo: audit_log refuses updates, deletes and truncation.
      await recordAudit(
        t.ctx.db,
        { id: user.id, email: user.email, ip: "127.0.0.1" },
        {
          action: "site_content.updated",
          targetType: "site_content",
          targetId: "hero_title",
          before: { value: "Old" },
          after: { value: "New" },
        },
      );
      await t.close();
      expect(await fingerprint(shared.database.db)).not.toEqual(fresh);
      await shared.reset();
      expect(await fingerprint(shared.database.db)).toEqual(fresh);
      // The triggers and constraints are on again after the restore.
      await expect(shared.database.exec("truncate audit_log")).rejects.toThrow(/append-only/);
      await expect(
        shared.database.exec("insert into organization_memberships (organization_id, user_id, role) values (999999, 'nobody', 'owner')"),
      ).rejects.toThrow(/foreign key/);
    }
  });

  it("a reset database holds what a new database holds", async () => {
    const other = await createTestDatabase();
    try {
      // On PostgreSQL each database was migrated at its own time (rows the migrations wrote carry it); the
      // embedded ones all load one data folder.
      const pg = { times: !process.env.TEST_DATABASE_URL };
      await shared.reset();
      expect(await fingerprint(shared.database.db, pg)).toEqual(await fingerprint(other.database.db, pg));
    } finally {
      await other.drop();
    }
  });
});
