import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { createApp } from "~/server/app.ts";
import { pageBuild, pageRoutes } from "../support/page-build.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** Every page under a client's books (the children of routes/accounting-books.tsx), read from src/app/routes.ts. */
const SECTIONS = pageRoutes().filter((r) => r.pattern.startsWith("accounting/:orgId") && !r.layout);
/** Every page of the firm's workspace (the children of routes/firm.tsx). */
const FIRM = pageRoutes().filter((r) => r.pattern.startsWith("firm/"));

/**
 * A page whose layout refuses the caller (the 404 page) carries nothing of the client in its answer: React Router runs
 * the loaders of every matched route side by side, so each section's loader refuses on its own (issue 37).
 */
describe("the pages of a client's books tell nothing to someone the books layout refuses", () => {
  let t: TestApp;
  let pages: ReturnType<typeof createApp>;
  let owner: TestUser;
  let keeper: TestUser;
  let admin: TestUser;
  let staff: TestUser;
  let orgId: number;
  let paths: string[];
  let firmPaths: string[];
  const MESSAGE = "Canary message: the payroll figures for Zephyrine";
  const TITLE = "Canary request for Zephyrine";
  const BANK = "Canary checking of Zephyrine";
  const secrets = [MESSAGE, TITLE, BANK, "Quillfeather Bakery"];

  const get = (path: string, user: TestUser) => pages.request(path, { headers: { cookie: user.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    pages = createApp(t.ctx, { build: await pageBuild([...SECTIONS, ...FIRM].map((r) => r.file)) });
    owner = await createSignedInUser(t, { companyName: "Quillfeather Bakery" });
    keeper = await createSignedInUser(t, { role: "staff" });
    admin = await createSignedInUser(t, { role: "admin" });
    staff = await createSignedInUser(t, { role: "staff" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, keeper.id, "accountant");
    const ok = async (res: Promise<Response>) => {
      const r = await res;
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return r.json() as Promise<Record<string, { id: number }>>;
    };
    await ok(t.request(`/api/messages/${orgId}/messages`, { cookie: owner.cookie, json: { body: MESSAGE, attachment_ids: [] } }));
    const { request } = await ok(
      t.request(`/api/requests/${orgId}`, {
        cookie: keeper.cookie,
        json: { title: TITLE, items: [{ label: "Bank statement", due_on: addDays(todayIso(), 10) }], remind_on_due: true },
      }),
    );
    const chart = (await (await t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: owner.cookie })).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const cash = chart.accounts.find((a) => a.account_code === "1000")!.id;
    const { account } = await ok(
      t.request(`/api/bank/${orgId}/accounts`, { cookie: owner.cookie, json: { name: BANK, kind: "bank", account_id: cash } }),
    );
    // The monthly close applied to the client, for the work pages of the firm.
    const { templates } = (await (await t.request("/api/firm/work/templates", { cookie: admin.cookie })).json()) as {
      templates: { id: number }[];
    };
    await ok(
      t.request(`/api/firm/work/templates/${templates[0]!.id}/apply`, {
        cookie: admin.cookie,
        json: { organization_ids: [orgId], first_period: todayIso() },
      }),
    );
    const { work } = (await (await t.request(`/api/firm/work?client=${orgId}`, { cookie: admin.cookie })).json()) as {
      work: { id: number }[];
    };
    const { contact } = await ok(
      t.request(`/api/accounting/orgs/${orgId}/contacts`, { cookie: owner.cookie, json: { name: "Canary customer of Zephyrine" } }),
    );
    const ids: Record<string, number> = {
      orgId,
      bankId: account!.id,
      requestId: request!.id,
      leadId: 1,
      workId: work[0]!.id,
      proposalId: 1,
    };
    ids.contactId = contact!.id;
    // A draft invoice for the documents' pages (sales/:docId, its form).
    const revenue = chart.accounts.find((a) => a.account_code === "4000")!.id;
    const { document } = await ok(
      t.request(`/api/accounting/orgs/${orgId}/documents`, {
        cookie: owner.cookie,
        json: {
          kind: "invoice",
          contact_id: contact!.id,
          issue_date: todayIso(),
          lines: [{ description: "Canary cake", quantity: "1", unit_price: "10", account_id: revenue }],
        },
      }),
    );
    ids.docId = document!.id;
    const path = (pattern: string) =>
      "/" +
      pattern.replace(/:(\w+)/g, (_, name: string) => {
        if (!(name in ids)) throw new Error(`No value for :${name} of ${pattern}: add one to the test`);
        return String(ids[name]);
      });
    paths = SECTIONS.map((r) => path(r.pattern));
    firmPaths = FIRM.map((r) => path(r.pattern));
    expect(paths).toContain(`/accounting/${orgId}/messages`);
  }, 60_000);
  afterAll(() => t?.close());

  it("a member gets each section's data (the secrets are there to be found)", async () => {
    const seen = new Set<string>();
    for (const p of paths) {
      const res = await get(`${p}.data`, owner);
      expect(res.status, p).toBe(200);
      const body = await res.text();
      for (const s of secrets) if (body.includes(s)) seen.add(s);
    }
    expect([...seen].sort()).toEqual([...secrets].sort());
  });

  it("an admin who is not a member gets 404 with none of it, as data and as HTML, on every section", async () => {
    for (const p of paths) {
      for (const url of [`${p}.data`, p]) {
        const res = await get(url, admin);
        expect(res.status, url).toBe(404);
        const body = await res.text();
        for (const s of secrets) expect(body, `${url} holds "${s}"`).not.toContain(s);
      }
    }
  });

  it("a staff member who does not work on the client gets the same", async () => {
    for (const p of paths) {
      const res = await get(`${p}.data`, staff);
      expect(res.status, p).toBe(404);
      const body = await res.text();
      for (const s of secrets) expect(body, p).not.toContain(s);
    }
  });

  it("the firm's conversation page still shows the admin the conversation (the firm's oversight)", async () => {
    const res = await get(`/firm/messages/${orgId}.data`, admin);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(MESSAGE);
  });

  it("the firm's workspace, every page of it, is a 404 with nothing of the client to the client", async () => {
    expect(firmPaths).toContain(`/firm/messages/${orgId}`);
    for (const p of firmPaths) {
      const res = await get(`${p}.data`, owner);
      expect(res.status, p).toBe(404);
      const body = await res.text();
      for (const s of [MESSAGE, TITLE, BANK]) expect(body, p).not.toContain(s);
    }
  });
});
