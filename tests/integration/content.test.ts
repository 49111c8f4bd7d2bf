import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { NEWSLETTER_MESSAGES } from "~/features/content/newsletter-messages.ts";
import { NEWSLETTER_RATE_LIMIT } from "~/features/content/content.routes.server.ts";

describe("newsletter subscriptions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const count = async (email: string) =>
    Number(
      (await queryRows<{ n: string }>(t.ctx.db, sql`select count(*)::int as n from newsletter_subscriptions where email = ${email}`))[0]!.n,
    );

  it("stores a subscription once: 201 the first time, 200 with a clear message after", async () => {
    const first = await t.request("/api/content/newsletter", { json: { email: "  Reader@Example.com ", source: "blog" } });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ status: "subscribed", message: NEWSLETTER_MESSAGES.subscribed });

    const again = await t.request("/api/content/newsletter", { json: { email: "reader@example.com", source: "footer" } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "already_subscribed", message: NEWSLETTER_MESSAGES.already });

    expect(await count("reader@example.com")).toBe(1);
    const [row] = await queryRows<{ source: string }>(
      t.ctx.db,
      sql`select source from newsletter_subscriptions where email = 'reader@example.com'`,
    );
    expect(row!.source).toBe("blog");
  });

  it("refuses a bad email or source with 400 naming the field, storing nothing", async () => {
    const bad = await t.request("/api/content/newsletter", { json: { email: "not-an-email", source: "blog" } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(/email/i);
    expect(Object.keys(body.fields)).toEqual(["email"]);

    const badSource = await t.request("/api/content/newsletter", { json: { email: "ok@example.com", source: "popup" } });
    expect(badSource.status).toBe(400);
    expect(((await badSource.json()) as { fields: Record<string, string> }).fields.source).toMatch(/source/i);
    expect(await count("ok@example.com")).toBe(0);

    const notJson = await t.request("/api/content/newsletter", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });

  it("accepts a plain form post (no script) and redirects back to the page with the outcome", async () => {
    const res = await t.request("/api/content/newsletter", {
      method: "POST",
      body: new URLSearchParams({ email: "form@example.com", source: "footer" }),
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost:3000/pricing" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/pricing?newsletter=footer-subscribed#newsletter-footer");
    expect(await count("form@example.com")).toBe(1);

    const foreign = await t.request("/api/content/newsletter", {
      method: "POST",
      body: new URLSearchParams({ email: "nope", source: "blog" }),
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "https://elsewhere.example/x" },
    });
    expect(foreign.headers.get("location")).toBe("/?newsletter=blog-invalid#newsletter-blog");
  });

  it("limits sign-ups per IP address", async () => {
    const limited = await createTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    try {
      const send = (i: number, ip: string) =>
        limited.request("/api/content/newsletter", {
          json: { email: `burst${i}@example.com`, source: "footer" },
          headers: { "x-forwarded-for": ip },
        });
      for (let i = 0; i < NEWSLETTER_RATE_LIMIT.limit; i++) expect((await send(i, "203.0.113.9")).status).toBe(201);
      const over = await send(99, "203.0.113.9");
      expect(over.status).toBe(429);
      expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await send(100, "198.51.100.4")).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("site content overrides", () => {
  let t: TestApp;
  let admin: TestUser;
  let staff: TestUser;
  let client: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t, { role: "admin" });
    staff = await createSignedInUser(t, { role: "staff" });
    client = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  // The one write API of the stored texts is the firm's Site content screen's (hidden from everyone else: 404).
  const put = (key: string, json: unknown, cookie?: string) => t.request(`/api/firm/site-content/${key}`, { method: "PUT", json, cookie });

  it("lets only staff and admins change a value", async () => {
    expect((await put("homepage_hero_title", { value: "x" })).status).toBe(404);
    expect((await put("homepage_hero_title", { value: "x" }, client.cookie)).status).toBe(404);
    expect((await t.ctx.siteContent.getAll()).homepage_hero_title).toBeUndefined();
    expect((await put("homepage_cta_title", { value: "Staff edit" }, staff.cookie)).status).toBe(200);
  });

  it("validates the key and the value", async () => {
    // A key that is not one of the stored texts names nothing: 404, as any unknown path.
    expect((await put("footer_text", { value: "x" }, admin.cookie)).status).toBe(404);
    const empty = await put("vision_title", { value: "   " }, admin.cookie);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fields: Record<string, string> }).fields.value).toBe("Text is required");
  });

  it("a change through the app shows at once on the home page; removing it falls back to the built-in text", async () => {
    const { loader } = await import("~/app/routes/home.tsx");
    const loadHome = () =>
      loader({
        context: { app: t.ctx, user: null, sessionId: null, nonce: "" },
        request: new Request("http://localhost:3000/"),
        params: {},
      } as never);

    // Warm the cache with the built-in text first, so the next read proves the write dropped it.
    const before = await loadHome();
    expect(before.copy.heroTitle).toBe("Transform Your Business with Expert Financial Guidance");

    const res = await put("homepage_hero_title", { value: "Numbers you can build on" }, admin.cookie);
    expect(res.status).toBe(200);
    const after = await loadHome();
    expect(after.copy.heroTitle).toBe("Numbers you can build on");
    expect(after.copy.ctaTitle).toBe("Staff edit");

    const listed = await t.request("/api/content/site-content?keys=homepage_hero_title");
    expect(await listed.json()).toEqual({ content: [{ content_key: "homepage_hero_title", content_value: "Numbers you can build on" }] });

    expect((await t.request("/api/firm/site-content/homepage_hero_title", { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    const fallback = await loadHome();
    expect(fallback.copy.heroTitle).toBe("Transform Your Business with Expert Financial Guidance");
  });
});
