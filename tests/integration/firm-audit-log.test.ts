import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server.ts";
import { queryRows } from "~/server/db/client.ts";
import type { AuditLogPage } from "~/features/audit/audit-log.types.ts";
import { AUDIT_PAGE_SIZE } from "~/features/audit/audit-log.schema.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

describe("firm: audit log", () => {
  let t: TestApp;
  let client: TestUser;
  let staff: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createSignedInUser(t, { role: "client" });
    staff = await createSignedInUser(t, { role: "staff" });
    admin = await createSignedInUser(t, { role: "admin" });
    const db = t.ctx.db;
    const actor = (email: string) => ({ id: null, email, ip: "203.0.113.9" });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await recordAudit(db, actor("bulk@example.com"), {
        action: "lead.status_changed",
        targetType: "lead",
        targetId: i,
        before: { status: "new" },
        after: { status: "contacted" },
      });
    }
    await recordAudit(db, actor("editor@example.com"), {
      action: "site_content.updated",
      targetType: "site_content",
      targetId: "vision_title",
      before: { value: null },
      after: { value: "Hi" },
    });
    await recordAudit(db, actor("editor@example.com"), {
      action: "site_content.restored",
      targetType: "site_content",
      targetId: "vision_title",
      after: { value: null },
    });
    // One row from last year, for the date filter.
    await db.execute(
      sql`insert into audit_log (occurred_at, actor_email, action, target_type, target_id) values ('2025-03-04T10:00:00Z', 'old@example.com', 'team.role_changed', 'user', 'u1')`,
    );
  });
  afterAll(() => t.close());

  const base = "/api/firm/audit-log";
  const read = async (query = "") => {
    const res = await t.request(`${base}${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as AuditLogPage;
  };

  it("answers 404 to visitors, clients and staff", async () => {
    for (const cookie of [undefined, client.cookie, staff.cookie]) expect((await t.request(base, { cookie })).status).toBe(404);
  });

  it("lists newest first, a page at a time", async () => {
    const first = await read();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.entries[0]!.action).toBe("site_content.restored");
    expect(first.entries[0]!.after).toEqual({ value: null });
    const times = first.entries.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await read("?page=2");
    expect(second.entries).toHaveLength(8);
    expect(second.hasMore).toBe(false);
    expect(second.entries.at(-1)!.actorEmail).toBe("old@example.com");
  });

  it("filters by actor, action prefix, target and date", async () => {
    expect((await read("?actor=EDITOR")).entries.map((e) => e.action)).toEqual(["site_content.restored", "site_content.updated"]);
    expect((await read("?action=site_content.upd")).entries.map((e) => e.targetId)).toEqual(["vision_title"]);
    expect((await read("?targetType=lead&targetId=7")).entries.map((e) => e.before)).toEqual([{ status: "new" }]);
    expect((await read("?from=2025-03-04&to=2025-03-04")).entries.map((e) => e.actorEmail)).toEqual(["old@example.com"]);
    expect((await read("?to=2025-03-03")).entries).toEqual([]);
  });

  it("names the actor, the target and the users in the fields instead of their ids", async () => {
    const named = await createSignedInUser(t, { role: "client", firstName: "Noor", lastName: "Haddad" });
    const db = t.ctx.db;
    const [org] = await queryRows<{ id: number }>(db, sql`insert into organizations (name) values ('Haddad Bakery') returning id`);
    const by = { id: admin.id, email: admin.email, ip: null };
    await recordAudit(db, by, {
      action: "team.user_disabled",
      targetType: "user",
      targetId: named.id,
      after: { disabled: true, by: admin.id },
    });
    await recordAudit(db, by, {
      action: "organization.created",
      targetType: "organization",
      targetId: org!.id,
      after: { accountant: named.id },
    });
    await recordAudit(db, by, {
      action: "members.role_changed",
      targetType: "organization_membership",
      targetId: `${org!.id}:${named.id}`,
    });
    await recordAudit(db, by, { action: "team.user_enabled", targetType: "user", targetId: "gone-user-id" });
    const log = await read(`?actor=${encodeURIComponent(admin.email)}`);
    const byTarget = Object.fromEntries(log.entries.map((e) => [e.targetId, e]));
    expect(log.entries.every((e) => e.actorName === "Test User" && e.actorEmail === admin.email)).toBe(true);
    expect(byTarget[named.id]!.targetName).toBe("Noor Haddad");
    expect(byTarget[String(org!.id)]!.targetName).toBe("Haddad Bakery");
    expect(byTarget[`${org!.id}:${named.id}`]!.targetName).toBe("Noor Haddad in Haddad Bakery");
    expect(byTarget["gone-user-id"]!.targetName).toBeNull();
    expect(log.people[named.id]).toBe(`Noor Haddad (${named.email})`);
    expect(log.people[admin.id]).toBe(`Test User (${admin.email})`);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    for (const [query, field] of [
      ["?from=2025-02-30", "from"],
      ["?from=2025-03-05&to=2025-03-04", "to"],
      ["?action=DROP%20TABLE", "action"],
      ["?page=-1", "page"],
    ] as const) {
      const res = await t.request(`${base}${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields, query).toHaveProperty(field);
    }
  });
});
