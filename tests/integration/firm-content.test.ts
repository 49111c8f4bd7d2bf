import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import type { SiteContentEntry, SiteContentListResponse, SiteContentVersionsResponse } from "~/features/content/site-content.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

describe("firm: site content", () => {
  let t: TestApp;
  let client: TestUser;
  let staff: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createSignedInUser(t, { role: "client" });
    staff = await createSignedInUser(t, { role: "staff" });
    admin = await createSignedInUser(t, { role: "admin" });
  });
  afterAll(() => t.close());

  const base = "/api/firm/site-content";
  const put = (key: string, value: unknown, cookie?: string) => t.request(`${base}/${key}`, { method: "PUT", json: { value }, cookie });
  const versions = async (key: string, cookie: string) =>
    ((await (await t.request(`${base}/${key}/versions`, { cookie })).json()) as SiteContentVersionsResponse).versions;
  const audits = (key: string) =>
    queryRows<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      t.ctx.db,
      sql`select action, actor_email, before, after from audit_log where target_type = 'site_content' and target_id = ${key} order by id`,
    );

  it("answers 404 to visitors and clients on every route, and lets staff and admins in", async () => {
    for (const cookie of [undefined, client.cookie]) {
      expect((await t.request(base, { cookie })).status).toBe(404);
      expect((await t.request(`${base}/vision_title/versions`, { cookie })).status).toBe(404);
      expect((await put("vision_title", "Hacked", cookie)).status).toBe(404);
      expect((await t.request(`${base}/vision_title`, { method: "DELETE", cookie })).status).toBe(404);
      expect((await t.request(`${base}/versions/1/restore`, { method: "POST", cookie })).status).toBe(404);
    }
    for (const cookie of [staff.cookie, admin.cookie]) {
      const res = await t.request(base, { cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as SiteContentListResponse;
      expect(body.entries).toHaveLength(10);
    }
    expect(await queryRows(t.ctx.db, sql`select 1 from site_content where content_key = 'vision_title'`)).toEqual([]);
  });

  it("refuses a blank or unknown value with 400 naming the field, and an unknown key with 404", async () => {
    const blank = await put("vision_title", "   ", staff.cookie);
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { fields: Record<string, string> }).fields).toHaveProperty("value");
    expect((await put("no_such_key", "x", staff.cookie)).status).toBe(404);
  });

  it("saves, shows at once on the home page, keeps every version, reverts and restores, auditing each step", async () => {
    const key = "homepage_hero_title";
    const saved = await put(key, "First title", staff.cookie);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as SiteContentEntry).value).toBe("First title");
    expect((await t.ctx.siteContent.getAll())[key]).toBe("First title");

    expect((await put(key, "Second title", admin.cookie)).status).toBe(200);
    expect((await t.ctx.siteContent.getAll())[key]).toBe("Second title");

    // The public JSON route still reads it.
    const pub = (await (await t.request(`/api/content/site-content?keys=${key}`)).json()) as { content: unknown[] };
    expect(pub.content).toEqual([{ content_key: key, content_value: "Second title" }]);

    expect((await t.request(`${base}/${key}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await t.ctx.siteContent.getAll())[key]).toBeUndefined();
    expect((await t.request(`${base}/${key}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);

    const list = await versions(key, staff.cookie);
    expect(list.map((v) => [v.value, v.createdBy])).toEqual([
      [null, admin.email.toLowerCase()],
      ["Second title", admin.email.toLowerCase()],
      ["First title", staff.email.toLowerCase()],
    ]);

    const first = list[2]!;
    const restored = await t.request(`${base}/versions/${first.id}/restore`, { method: "POST", cookie: admin.cookie });
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as SiteContentEntry).value).toBe("First title");
    expect((await t.ctx.siteContent.getAll())[key]).toBe("First title");
    const after = await versions(key, admin.cookie);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ value: "First title", restoredFrom: first.id });

    expect((await t.request(`${base}/versions/999999/restore`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
    expect((await t.request(`${base}/versions/abc/restore`, { method: "POST", cookie: admin.cookie })).status).toBe(404);

    const rows = await audits(key);
    expect(rows.map((r) => [r.action, r.actor_email, r.before, (r.after as { value: unknown }).value])).toEqual([
      ["site_content.updated", staff.email.toLowerCase(), { value: null }, "First title"],
      ["site_content.updated", admin.email.toLowerCase(), { value: "First title" }, "Second title"],
      ["site_content.updated", admin.email.toLowerCase(), { value: "Second title" }, null],
      ["site_content.restored", admin.email.toLowerCase(), { value: null }, "First title"],
    ]);
  });
});
