import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { enrolTwoFactor } from "../support/two-factor.ts";

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe("account: the firm's two-factor policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
    await t.ctx.db.execute(sql`update two_factor_policy set require_for_staff = false, require_for_clients = false`);
  });

  it("is read and set by admins only; to everyone else it does not exist", async () => {
    const admin = await createSignedInUser(t, { role: "admin" });
    const staff = await createSignedInUser(t, { role: "staff" });
    const client = await createSignedInUser(t);
    expect((await t.request("/api/account/two-factor-policy")).status).toBe(404);
    expect((await t.request("/api/account/two-factor-policy", { cookie: client.cookie })).status).toBe(404);
    expect((await t.request("/api/account/two-factor-policy", { cookie: staff.cookie })).status).toBe(404);
    const put = (cookie: string, json: unknown) => t.request("/api/account/two-factor-policy", { method: "PUT", cookie, json });
    expect((await put(staff.cookie, { requireForStaff: true, requireForClients: false })).status).toBe(404);

    const read = await t.request("/api/account/two-factor-policy", { cookie: admin.cookie });
    expect(await read.json()).toEqual({ policy: { requireForStaff: false, requireForClients: false } });
    const bad = await put(admin.cookie, { requireForStaff: "yes", requireForClients: false });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("requireForStaff");

    const ok = await put(admin.cookie, { requireForStaff: false, requireForClients: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ policy: { requireForStaff: false, requireForClients: true } });
    const audit = await queryRows<{ action: string; actor_id: string; after: unknown }>(
      t.ctx.db,
      sql`select action, actor_id, after from audit_log where target_type = 'two_factor_policy' order by id desc limit 1`,
    );
    expect(audit).toEqual([
      { action: "two_factor_policy.updated", actor_id: admin.id, after: { requireForStaff: false, requireForClients: true } },
    ]);
  });

  it("a staff member without a second factor can do nothing but enrol; then everything again", async () => {
    const staff = await createSignedInUser(t, { role: "staff" });
    const client = await createSignedInUser(t);
    await t.ctx.db.execute(sql`update two_factor_policy set require_for_staff = true`);

    for (const [path, init] of [
      ["/api/account", {}],
      ["/api/account/export", {}],
      ["/api/accounting/accounts", {}],
      ["/api/account/profile", { json: { firstName: "A", lastName: "B", companyName: "" } }],
    ] as const) {
      const res = await t.request(path, { ...init, cookie: staff.cookie });
      expect(res.status, path).toBe(403);
      expect(await codeOf(res)).toBe("TWO_FACTOR_ENROLMENT_REQUIRED");
    }
    // The auth library's own changes are refused too; reading the session and signing out are not.
    const change = await t.request("/api/auth/change-password", {
      cookie: staff.cookie,
      json: { currentPassword: staff.password, newPassword: "a-new-long-passphrase-7" },
    });
    expect(change.status).toBe(403);
    expect(await codeOf(change)).toBe("TWO_FACTOR_ENROLMENT_REQUIRED");
    expect((await t.request("/api/auth/get-session", { cookie: staff.cookie })).status).toBe(200);
    // Clients are not covered by this setting.
    expect((await t.request("/api/account", { cookie: client.cookie })).status).toBe(200);

    const enrolled = await enrolTwoFactor(t, staff);
    expect((await t.request("/api/account", { cookie: enrolled.cookie })).status).toBe(200);
  });

  it("clients separately", async () => {
    const staff = await createSignedInUser(t, { role: "staff" });
    const client = await createSignedInUser(t);
    await t.ctx.db.execute(sql`update two_factor_policy set require_for_clients = true`);
    expect((await t.request("/api/account", { cookie: client.cookie })).status).toBe(403);
    expect((await t.request("/api/account", { cookie: staff.cookie })).status).toBe(200);
  });
});
