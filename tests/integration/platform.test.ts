import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { loadConfig, ConfigError } from "~/server/config.ts";
import { openDatabase, queryRows } from "~/server/db/client.ts";
import { migrate, readMigrations } from "~/server/db/migrate.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { emptyEmbeddedDatabase } from "../support/test-db.ts";

describe("HTTP platform", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers /api/health after a database round trip", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found", code: "NOT_FOUND" });
  });

  it("sends strict security headers on every response", async () => {
    // Pages: scripts from this site or with the response's nonce only.
    const page = await t.request("/some-page");
    const pageCsp = page.headers.get("content-security-policy") ?? "";
    expect(pageCsp).toContain("frame-ancestors 'none'");
    expect(pageCsp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(pageCsp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // API answers load nothing at all.
    const res = await t.request("/api/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("nonce-");
    for (const r of [page, res]) {
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("refuses a state-changing request from another origin", async () => {
    const res = await t.request("/api/leads/contact", { method: "POST", headers: { origin: "https://evil.example" }, json: {} });
    expect(res.status).toBe(403);
    const sameSite = await t.request("/api/leads/contact", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", origin: "" },
      json: {},
    });
    expect(sameSite.status).toBe(403);
  });

  it("keeps the local mail catcher off unless MAIL_CATCHER is set, and refuses it in production", async () => {
    const fromLoopback = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    expect((await t.app.request("/api/dev/mail", {}, fromLoopback)).status).toBe(404);
    expect(() => loadConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(32), MAIL_CATCHER: "1" })).toThrow(/MAIL_CATCHER/);
  });

  it("shows the mail catcher, when on, only to a loopback socket without forwarding headers", async () => {
    const on = await createTestApp({ MAIL_CATCHER: "1", TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    try {
      expect((await on.app.request("/api/dev/mail", {}, socket("127.0.0.1"))).status).toBe(200);
      expect((await on.app.request("/api/dev/mail", {}, socket("::1"))).status).toBe(200);
      expect((await on.app.request("/api/dev/mail", {}, socket("::ffff:127.0.0.1"))).status).toBe(200);
      // Loopback is read from the socket only: a header naming 127.0.0.1 from elsewhere is refused.
      for (const claim of ["127.0.0.1", "127.evil.example", "::1"]) {
        const headers = { "x-forwarded-for": claim };
        expect((await on.app.request("/api/dev/mail", { headers }, socket("203.0.113.9"))).status).toBe(404);
        // A proxy on this machine forwards other people's requests: a forwarding header is never local.
        expect((await on.app.request("/api/dev/mail", { headers }, socket("127.0.0.1"))).status).toBe(404);
      }
      for (const address of ["203.0.113.9", "127.0.0.1.evil.example", "10.0.0.1", "::ffff:10.0.0.1"]) {
        for (const p of [
          "/api/dev/mail",
          "/api/dev/mail/",
          "/API/DEV/MAIL",
          "/api/Dev/Mail",
          "/api/dev/mail.data",
          "/api//dev/mail",
          "/dev/mail",
          "/DEV/MAIL/",
          "/dev/mail.data",
          "/dev/mail/.data",
          "/%64ev/mail",
        ]) {
          expect((await on.app.request(p, {}, socket(address))).status, `${p} from ${address}`).toBe(404);
        }
      }
      // In process there is no socket at all: not local.
      expect((await on.request("/api/dev/mail")).status).toBe(404);
    } finally {
      await on.close();
    }
  });

  it("refuses a request body over 32 KB with 413", async () => {
    const res = await t.request("/api/leads/contact", { json: { message: "x".repeat(40 * 1024) } });
    expect(res.status).toBe(413);
  });
});

describe("health when the database is gone", () => {
  it("answers 503 with a reason", async () => {
    const t = await createTestApp();
    await t.testDb.database.close();
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; reason: string };
    expect(body.status).toBe("unavailable");
    expect(body.reason.length).toBeGreaterThan(0);
    await t.ctx.mail.stop();
  });
});

describe("configuration", () => {
  it("names the variable and the problem for a bad PORT", () => {
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: tmpdir() })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: tmpdir() })).toThrowError(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ PORT: "70000", DATA_DIR: tmpdir() })).toThrowError(/PORT/);
  });

  it("refuses a malformed DATABASE_URL and SMTP_URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "not a url", DATA_DIR: tmpdir() })).toThrowError(/DATABASE_URL: must be a URL/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x/y", DATA_DIR: tmpdir() })).toThrowError(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: "http://x", DATA_DIR: tmpdir() })).toThrowError(/SMTP_URL/);
  });

  it("requires APP_SECRET in production and refuses the test-only Google issuer there", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tmpdir() })).toThrowError(/APP_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(40), GOOGLE_ISSUER_URL: "http://127.0.0.1:9/", DATA_DIR: tmpdir() }),
    ).toThrowError(/GOOGLE_ISSUER_URL/);
  });

  it("uses the documented defaults and keeps a generated secret across starts", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cfg-"));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.publicUrl).toBe("http://localhost:3000");
    expect(a.appSecret).toHaveLength(64);
    expect(b.appSecret).toBe(a.appSecret);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("database", () => {
  it("keeps data across a restart of the embedded database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pglite-"));
    const first = await openDatabase({ dataDir: dir });
    await migrate(first);
    await first.db.execute(sql`insert into rate_limits (key, count, window_start) values ('persist', 7, now())`);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    expect(await migrate(second)).toEqual([]);
    const rows = await queryRows<{ count: number }>(second.db, sql`select count from rate_limits where key = 'persist'`);
    expect(rows).toEqual([{ count: 7 }]);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("keeps data across a reconnect to the PostgreSQL server", async () => {
    const { createTestDatabase } = await import("../support/test-db.ts");
    const t = await createTestDatabase();
    await t.database.db.execute(sql`insert into rate_limits (key, count, window_start) values ('persist', 3, now())`);
    const again = await openDatabase({ url: t.url });
    expect(await migrate(again)).toEqual([]);
    expect(await queryRows(again.db, sql`select count from rate_limits where key = 'persist'`)).toEqual([{ count: 3 }]);
    await again.close();
    await t.drop();
  });

  it("applies each migration once and refuses one changed after it was applied", async () => {
    const db = await openDatabase({ pglite: await emptyEmbeddedDatabase() });
    const all = readMigrations();
    expect(await migrate(db, all)).toEqual(all.map((m) => m.name));
    expect(await migrate(db, all)).toEqual([]);
    const changed = all.map((m, i) => (i === 0 ? { ...m, checksum: "different" } : m));
    await expect(migrate(db, changed)).rejects.toThrow(/was changed after it was applied/);
    await db.close();
  });

  it("rolls back a failing migration whole", async () => {
    const db = await openDatabase({ pglite: await emptyEmbeddedDatabase() });
    const bad = [{ name: "9999_bad.sql", sql: "create table half_done (id int); select * from no_such_table;", checksum: "x" }];
    await expect(migrate(db, bad)).rejects.toThrow(/9999_bad.sql failed/);
    const rows = await queryRows(db.db, sql`select to_regclass('half_done') as t`);
    expect(rows).toEqual([{ t: null }]);
    await db.close();
  });
});

describe("rate limits", () => {
  it("counts hits per key in a window shared through the database", async () => {
    const t = await createTestApp();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.ctx.db, "k1", 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfter).toBeGreaterThan(0);
    expect((await hitRateLimit(t.ctx.db, "k2", 3, 60)).allowed).toBe(true);
    await t.close();
  });
});
