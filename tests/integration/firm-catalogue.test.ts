import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { createApp } from "~/server/app.ts";
import type { CatalogueItem, CatalogueListResponse } from "~/features/billing/catalogue.types.ts";
import { missing } from "../support/prerequisite.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

// The firm's catalogue (decision 117): the pricing page's plans and add-ons, edited by the firm's admins.

const buildFile = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
const noBuild = missing(existsSync(buildFile), `the production build (${buildFile}: \`npm run build\`, BUILD_DIR to name another folder)`);

const base = "/api/firm/catalogue";

/** The body of an item as the API takes it. */
const body = (i: CatalogueItem, o: Record<string, unknown> = {}) => ({
  name: i.name,
  description: i.description,
  features: i.features,
  price: i.price,
  price_prefix: i.price_prefix,
  price_suffix: i.price_suffix,
  billing: i.billing,
  featured: i.featured,
  ...o,
});

describe("firm: the catalogue", () => {
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

  const list = async () => ((await (await t.request(base, { cookie: admin.cookie })).json()) as CatalogueListResponse).items;
  const byName = async (name: string) => (await list()).find((i) => i.name === name)!;
  const audits = () =>
    queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from audit_log where target_type like 'catalogue%'`);
  const rows = () => queryRows(t.ctx.db, sql`select * from firm_catalogue_items order by id`);

  it("is seeded with the pricing page's plans and add-ons as they read before, in their order", async () => {
    const items = await list();
    const shown = items.map((i) => [i.kind, i.name, i.price, i.price_prefix, i.price_suffix, i.billing, i.featured, i.active]);
    expect(shown).toEqual([
      ["plan", "Starter", "299.00", "", "/month", "monthly", false, true],
      ["plan", "Professional", "599.00", "", "/month", "monthly", true, true],
      ["plan", "Enterprise", null, "", "", "monthly", false, true],
      ["add_on", "Tax Preparation", "500.00", "From", "", "on_completion", false, true],
      ["add_on", "Payroll", "50.00", "From", "/month", "monthly", false, true],
      ["add_on", "ERP Implementation", "5000.00", "From", "", "one_off", false, true],
      ["add_on", "Financial Analysis", "200.00", "From", "/month", "monthly", false, true],
    ]);
    expect(items[0]!.description).toBe("For owner-run businesses with up to 100 transactions a month.");
    expect(items[1]!.features).toEqual([
      "Everything in Starter, up to 400 transactions",
      "Accounts payable and receivable management",
      "Quarterly tax planning meeting",
      "KPI dashboard and monthly commentary",
      "Phone support with a named accountant",
    ]);
    expect(items[4]!.description).toBe("Payroll runs, filings and year-end W-2s and 1099s.");
    const published = await t.ctx.catalogue.published();
    expect(published.plans.map((p) => p.name)).toEqual(["Starter", "Professional", "Enterprise"]);
    expect(published.addOns).toHaveLength(4);
  });

  it("answers 404 to visitors, clients and staff on every route (the firm's admins only), and writes nothing", async () => {
    const before = await rows();
    const starter = await byName("Starter");
    for (const cookie of [undefined, client.cookie, staff.cookie]) {
      expect((await t.request(base, { cookie })).status).toBe(404);
      expect((await t.request(base, { cookie, json: { kind: "plan", ...body(starter, { name: "Sneaky" }) } })).status).toBe(404);
      expect((await t.request(`${base}/${starter.id}`, { method: "PUT", cookie, json: body(starter, { price: "1" }) })).status).toBe(404);
      expect((await t.request(`${base}/order`, { method: "PUT", cookie, json: { kind: "plan", ids: [starter.id] } })).status).toBe(404);
      expect((await t.request(`${base}/${starter.id}/archive`, { method: "POST", cookie })).status).toBe(404);
      expect((await t.request(`${base}/${starter.id}/restore`, { method: "POST", cookie })).status).toBe(404);
    }
    expect(await rows()).toEqual(before);
  });

  it("refuses bad input with 400 naming each field, and writes nothing", async () => {
    const pro = await byName("Professional");
    const payroll = await byName("Payroll");
    const before = { rows: await rows(), audits: await audits() };
    const refused = async (res: Response, ...fields: string[]) => {
      const answer = (await res.json()) as { fields?: Record<string, string> };
      expect(res.status, JSON.stringify(answer)).toBe(400);
      for (const field of fields) expect(Object.keys(answer.fields ?? {}), JSON.stringify(answer)).toContain(field);
      return answer.fields!;
    };
    const put = (id: number, json: unknown) => t.request(`${base}/${id}`, { method: "PUT", cookie: admin.cookie, json });
    expect((await refused(await put(pro.id, body(pro, { price: "abc" })), "price")).price).toBe("Price must be a number");
    expect((await refused(await put(pro.id, body(pro, { price: "599.999" })), "price")).price).toBe("Price must have at most 2 decimals");
    expect((await refused(await put(pro.id, body(pro, { price: "-1" })), "price")).price).toBe("Price must not be negative");
    await refused(await put(pro.id, body(pro, { name: "  ", billing: "weekly" })), "name", "billing");
    await refused(await put(pro.id, body(pro, { features: ["ok", ""], featured: "yes" })), "features", "featured");
    await refused(await put(pro.id, body(pro, { price: null, price_suffix: "/month" })), "price_suffix");
    await refused(await put(pro.id, body(pro, { name: "x".repeat(81), description: "a\u0000b" })), "name", "description");
    await refused(await put(payroll.id, body(payroll, { features: ["Not for an add-on"], featured: true })), "features", "featured");
    const create = (json: unknown) => t.request(base, { cookie: admin.cookie, json });
    await refused(await create({ ...body(payroll, { name: "Audit", features: ["x"] }), kind: "add_on" }), "features");
    await refused(await create({ ...body(payroll, { name: "Audit" }), kind: "service" }), "kind");
    const order = (json: unknown) => t.request(`${base}/order`, { method: "PUT", cookie: admin.cookie, json });
    await refused(await order({ kind: "plan", ids: [pro.id, pro.id] }), "ids");
    await refused(await order({ kind: "plan", ids: "1,2" }), "ids");
    // A list that is not every item of the kind: the catalogue changed meanwhile.
    const stale = await order({ kind: "plan", ids: [pro.id] });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { fields: Record<string, string> }).fields).toHaveProperty("ids");
    expect((await t.request(`${base}/999999/archive`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
    expect((await t.request(`${base}/abc/archive`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
    expect({ rows: await rows(), audits: await audits() }).toEqual(before);
  });

  it("creates, edits, reorders, archives and restores, auditing each step; a name is unique among a kind's active items", async () => {
    const auditsBefore = (await audits())[0]!.n;
    const created = await t.request(base, {
      cookie: admin.cookie,
      json: {
        kind: "add_on",
        name: "Audit Support",
        description: "Help through an audit.",
        price: "1,250.50",
        price_prefix: "From",
        price_suffix: "",
        billing: "on_completion",
      },
    });
    expect(created.status).toBe(201);
    const { item } = (await created.json()) as { item: CatalogueItem };
    expect(item).toMatchObject({
      kind: "add_on",
      price: "1250.50",
      position: 4,
      active: true,
      featured: false,
      features: [],
      updated_by: admin.email,
    });

    const twin = await t.request(base, { cookie: admin.cookie, json: { kind: "add_on", ...body(item, { name: " payroll " }) } });
    expect(twin.status).toBe(409);
    expect(((await twin.json()) as { fields: Record<string, string> }).fields).toHaveProperty("name");

    const edited = await t.request(`${base}/${item.id}`, { method: "PUT", cookie: admin.cookie, json: body(item, { price: 900 }) });
    expect(((await edited.json()) as { item: CatalogueItem }).item.price).toBe("900.00");

    const addOns = (await list()).filter((i) => i.kind === "add_on");
    const ids = [item.id, ...addOns.filter((i) => i.id !== item.id).map((i) => i.id)];
    const reordered = await t.request(`${base}/order`, { method: "PUT", cookie: admin.cookie, json: { kind: "add_on", ids } });
    expect(reordered.status).toBe(200);
    expect((await t.ctx.catalogue.published()).addOns.map((a) => a.id)).toEqual(ids);

    expect((await t.request(`${base}/${item.id}/archive`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect((await t.ctx.catalogue.published()).addOns.map((a) => a.name)).not.toContain("Audit Support");
    expect((await byName("Audit Support")).active).toBe(false);
    // Archived, its name is free; restored, the name would be taken twice.
    const again = await t.request(base, { cookie: admin.cookie, json: { kind: "add_on", ...body(item, { name: "Audit Support" }) } });
    expect(again.status).toBe(201);
    const clash = await t.request(`${base}/${item.id}/restore`, { method: "POST", cookie: admin.cookie });
    expect(clash.status).toBe(409);
    const second = ((await again.json()) as { item: CatalogueItem }).item;
    expect((await t.request(`${base}/${second.id}/archive`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`${base}/${item.id}/restore`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect((await t.ctx.catalogue.published()).addOns[0]!.name).toBe("Audit Support");

    const actions = await queryRows<{ action: string; actor_email: string }>(
      t.ctx.db,
      sql`select action, actor_email from audit_log where target_type like 'catalogue%' order by id offset ${auditsBefore}`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      "catalogue.created",
      "catalogue.updated",
      "catalogue.reordered",
      "catalogue.archived",
      "catalogue.created",
      "catalogue.archived",
      "catalogue.restored",
    ]);
    expect(new Set(actions.map((a) => a.actor_email))).toEqual(new Set([admin.email]));
    // Put back as seeded, for the page's checks below.
    await t.ctx.db.execute(sql`delete from firm_catalogue_items where name = 'Audit Support'`);
    const seededOrder = (await list()).filter((i) => i.kind === "add_on").map((i) => i.id);
    await t.request(`${base}/order`, { method: "PUT", cookie: admin.cookie, json: { kind: "add_on", ids: seededOrder } });
  });

  describe.skipIf(noBuild)("the public pricing page (the production build)", () => {
    let pages: ReturnType<typeof createApp>;
    let build: ServerBuild;
    beforeAll(async () => {
      build = (await import(/* @vite-ignore */ pathToFileURL(buildFile).href)) as ServerBuild;
      pages = createApp(t.ctx, { build });
    }, 60_000);

    it("reads as it did, stored and answered from memory; an admin's new price shows at once, its title and description too", async () => {
      const first = await pages.request("/pricing");
      expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
      const html = await first.text();
      for (const s of ["$299", "$599", "Custom", "From $500", "From $50/month", "From $5,000", "From $200/month"])
        expect(html).toContain(s);
      expect(html).toContain("<title>Pricing: Bookkeeping Plans from $299/month | Ledgerline Advisors</title>");
      expect(html).toContain("Simple monthly plans: Starter $299/month, Professional $599/month, Enterprise custom.");
      // Unchanged, the page is not rendered again: the same bytes, the same ETag.
      const again = await pages.request("/pricing");
      expect(again.headers.get("etag")).toBe(first.headers.get("etag"));

      const pro = await byName("Professional");
      const put = await t.request(`${base}/${pro.id}`, { method: "PUT", cookie: admin.cookie, json: body(pro, { price: "649.00" }) });
      expect(put.status).toBe(200);
      const after = await pages.request("/pricing");
      expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
      const shown = await after.text();
      expect(shown).toContain("$649");
      expect(shown).not.toContain("$599");
      expect(shown).toContain("Professional $649/month");

      const cheap = await t.request(`${base}/${(await byName("Starter")).id}`, {
        method: "PUT",
        cookie: admin.cookie,
        json: body(await byName("Starter"), { price: "249.50" }),
      });
      expect(cheap.status).toBe(200);
      expect(await (await pages.request("/pricing")).text()).toContain("Bookkeeping Plans from $249.50/month");
    });

    it("another process's save shows on its pricing page within a second", async () => {
      const other = await createTestApp({}, { testDb: t.testDb });
      try {
        const otherPages = createApp(other.ctx, { build });
        expect(await (await otherPages.request("/pricing")).text()).not.toContain("$699");
        const pro = await byName("Professional");
        const put = await t.request(`${base}/${pro.id}`, { method: "PUT", cookie: admin.cookie, json: body(pro, { price: "699" }) });
        expect(put.status).toBe(200);
        const saved = performance.now();
        await expect
          .poll(async () => (await (await otherPages.request("/pricing")).text()).includes("$699"), { timeout: 3000, interval: 100 })
          .toBe(true);
        expect(performance.now() - saved).toBeLessThan(2500);
      } finally {
        await other.close();
      }
    });
  });
});
