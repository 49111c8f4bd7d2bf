import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import { missing } from "../support/prerequisite.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

// The pages need the production build (`npm run build`); without one these checks are skipped (under CI=true, failed).
const buildFile = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
const noBuild = missing(existsSync(buildFile), `the production build (${buildFile}: \`npm run build\`, BUILD_DIR to name another folder)`);

describe.skipIf(noBuild)("public pages: the same bytes for everyone (decision 015)", () => {
  let t: TestApp;
  let pages: ReturnType<typeof createApp>;
  let client: TestUser;
  let admin: TestUser;
  let build: ServerBuild;

  beforeAll(async () => {
    t = await createTestApp();
    build = (await import(/* @vite-ignore */ pathToFileURL(buildFile).href)) as ServerBuild;
    pages = createApp(t.ctx, { build });
    client = await createSignedInUser(t, { role: "client" });
    admin = await createSignedInUser(t, { role: "admin" });
  }, 60_000);
  afterAll(() => t?.close());

  const get = (p: string, headers: Record<string, string> = {}) => pages.request(p, { headers });

  it("a signed-in visitor and an anonymous one get byte-identical HTML, without the visitor in it", async () => {
    for (const p of ["/", "/pricing", "/blog/quarterly-estimated-taxes-guide"]) {
      const anonymous = await get(p);
      const signedIn = await get(p, { cookie: client.cookie });
      expect(anonymous.status).toBe(200);
      const [a, b] = [await anonymous.text(), await signedIn.text()];
      expect(b).toBe(a);
      expect(a).not.toContain(client.email);
      expect(signedIn.headers.get("set-cookie")).toBeNull();
    }
  });

  it("strong ETag, 304 on If-None-Match, a Cache-Control a shared cache may keep a minute", async () => {
    const res = await get("/pricing");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    const again = await get("/pricing", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const gz = await get("/pricing", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect((await get("/pricing", { "if-none-match": gz.headers.get("etag")! })).status).toBe(304);
  });

  it("CSP: no nonce, no 'unsafe-inline' for scripts, the sha256 of every inline script", async () => {
    const res = await get("/");
    const csp = res.headers.get("content-security-policy")!;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).not.toMatch(/nonce-|unsafe-inline/);
    const html = await res.text();
    expect(html).not.toContain("nonce=");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!) && m[2]);
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(m[2]!).digest("base64")}'`);
    // Pages that are not public keep their per-response nonce.
    expect((await get("/login")).headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("the signed-in menu's data: /api/session, never stored; the hint cookie comes with sign-in", async () => {
    const anonymous = await t.request("/api/session");
    expect(await anonymous.json()).toBeNull();
    const res = await t.request("/api/session", { cookie: client.cookie });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toMatchObject({ email: client.email, role: "client" });
    expect(await (await t.request("/api/session", { cookie: admin.cookie })).json()).toMatchObject({ role: "admin" });
    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: client.email, password: client.password } });
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith("signed_in=1;"))).toBe(true);
    const dropped = await t.request("/api/session", { cookie: "signed_in=1" });
    expect(dropped.headers.getSetCookie().some((c) => c.startsWith("signed_in=;"))).toBe(true);
  });

  it("a site content save shows on / at once in the same process", async () => {
    expect(await (await get("/")).text()).not.toContain("Books That Balance Themselves");
    const put = await t.request("/api/firm/site-content/homepage_hero_title", {
      method: "PUT",
      cookie: admin.cookie,
      json: { value: "Books That Balance Themselves" },
    });
    expect(put.status).toBe(200);
    expect(await (await get("/")).text()).toContain("Books That Balance Themselves");
  });

  it("another process's save shows on its public pages within a second (the workers of a cluster share nothing else)", async () => {
    // A second process of the site on the same database, with its own copy of the content and its own stored pages.
    const other = await createTestApp({}, { testDb: t.testDb });
    try {
      const otherPages = createApp(other.ctx, { build });
      expect(await (await otherPages.request("/")).text()).not.toContain("Ledgers Kept While You Sleep");
      const put = await t.request("/api/firm/site-content/homepage_hero_title", {
        method: "PUT",
        cookie: admin.cookie,
        json: { value: "Ledgers Kept While You Sleep" },
      });
      expect(put.status).toBe(200);
      const saved = performance.now();
      await expect
        .poll(async () => (await (await otherPages.request("/")).text()).includes("Ledgers Kept While You Sleep"), {
          timeout: 3000,
          interval: 100,
        })
        .toBe(true);
      // Read again once its copy is a second old: seen within a second or two of requests.
      expect(performance.now() - saved).toBeLessThan(2500);
    } finally {
      await other.close();
    }
  });

  it("JSON-LD, built by the loaders, is in the page: the firm, an article, a service's breadcrumb", async () => {
    const jsonLd = async (p: string) => {
      const html = await (await get(p)).text();
      const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
      expect(m, `${p}: a JSON-LD script`).not.toBeNull();
      return [JSON.parse(m![1]!)].flat() as { "@type": string; "@id"?: string }[];
    };
    for (const p of ["/", "/contact"]) expect((await jsonLd(p)).map((x) => x["@type"])).toContain("Organization");
    expect((await jsonLd("/blog/quarterly-estimated-taxes-guide"))[0]!["@type"]).toBe("BlogPosting");
    expect((await jsonLd("/services/tax"))[0]!["@type"]).toBe("BreadcrumbList");
    expect((await jsonLd("/"))[0]!["@id"]).toBe(`${t.ctx.config.publicUrl}/#organization`);
  });

  it("pages with a query string and the lead forms are rendered per request and not stored", async () => {
    const contact = await get("/contact");
    expect(contact.headers.get("cache-control")).toBe("private, no-store");
    expect(contact.headers.get("content-security-policy")).not.toContain("nonce-");
    const blog = await get("/blog?category=tax");
    expect(blog.status).toBe(200);
    expect(blog.headers.get("etag")).toBeNull();
  });
});
