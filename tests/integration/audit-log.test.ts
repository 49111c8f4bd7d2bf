import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";
import { recordAudit } from "~/server/audit.server.ts";

describe("audit log", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it("appends rows and refuses UPDATE, DELETE and TRUNCATE from SQL", async () => {
    const db = t.database.db;
    await recordAudit(
      db,
      { id: null, email: "admin@example.com", ip: "127.0.0.1" },
      {
        action: "site_content.updated",
        targetType: "site_content",
        targetId: "hero_title",
        before: { value: "Old" },
        after: { value: "New" },
      },
    );
    const rows = ((await db.execute(sql`select action, target_id, before, after, actor_email from audit_log`)) as { rows: unknown[] }).rows;
    expect(rows).toEqual([
      {
        action: "site_content.updated",
        target_id: "hero_title",
        before: { value: "Old" },
        after: { value: "New" },
        actor_email: "admin@example.com",
      },
    ]);
    await expect(db.execute(sql`update audit_log set action = 'x.y'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(((await db.execute(sql`select count(*)::int as n from audit_log`)) as { rows: unknown[] }).rows[0]).toEqual({ n: 1 });
  });
});
