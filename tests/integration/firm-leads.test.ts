import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { leadsAttention, markLeadWon, recordLead } from "~/features/leads/index.server.ts";
import type { LeadDetail, LeadList, LeadSummary } from "~/features/leads/leads-inbox.types.ts";
import { issueRoi } from "~/features/calculators/calculators.fixtures.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

let t: TestApp;
let staff: TestUser;
let admin: TestUser;
let client: TestUser;

const token = () => issueFormToken(t.config.appSecret, Date.now() - 10_000);

async function sendConsultation(overrides: Record<string, unknown> = {}) {
  const res = await t.request("/api/leads/consultation", {
    headers: { "x-forwarded-for": `10.0.0.${Math.floor(Math.random() * 250)}` },
    json: {
      firstName: "Raj",
      lastName: "Patel",
      email: "raj@example.com",
      phone: "+1 212 555 0100",
      companyName: "Northwind Traders",
      annualRevenueRange: "1m-5m",
      servicesInterested: ["tax", "erp"],
      challenges: "Our month-end close takes three weeks.",
      preferredTime: "afternoon",
      website: "",
      formToken: token(),
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
}

async function get<T>(path: string, user: TestUser | null = staff): Promise<{ status: number; body: T }> {
  const res = await t.request(path, { cookie: user?.cookie });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function post<T>(path: string, json: unknown, user: TestUser | null = staff): Promise<{ status: number; body: T }> {
  const res = await t.request(path, { json, cookie: user?.cookie });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function leadIdOf(email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`select id from leads where email = ${email} order by created_at desc limit 1`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Staff" });
  admin = await createSignedInUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
  client = await createSignedInUser(t, { role: "client" });
  await sendConsultation();
  await sendConsultation({ email: "spam@example.com", firstName: "Bot", website: "http://spam.example" });
  const contact = await t.request("/api/leads/contact", {
    json: {
      firstName: "Maria",
      lastName: "Gonzalez",
      email: "maria@example.com",
      company: '=HYPERLINK("x")',
      message: "Books",
      website: "",
      formToken: token(),
    },
  });
  expect(contact.status).toBe(201);
  const news = await t.request("/api/content/newsletter", { json: { email: "reader@example.com", source: "footer" } });
  expect(news.ok).toBe(true);
}, 60_000);
afterAll(() => t.close());

describe("/api/firm/leads authorization", () => {
  it("answers 404 to anonymous visitors and clients, 200 to staff and admins", async () => {
    const id = await leadIdOf("raj@example.com");
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/firm/leads"],
      ["GET", "/api/firm/leads/export.csv"],
      ["GET", `/api/firm/leads/${id}`],
      ["POST", `/api/firm/leads/${id}/status`, { status: "contacted" }],
      ["POST", `/api/firm/leads/${id}/owner`, { ownerId: null }],
      ["POST", `/api/firm/leads/${id}/notes`, { body: "Called" }],
      ["POST", `/api/firm/leads/${id}/release`, {}],
    ];
    for (const [method, path, json] of routes) {
      for (const user of [null, client]) {
        const res = await t.request(path, { method, json, cookie: user?.cookie });
        expect(res.status, `${method} ${path} as ${user ? "client" : "anonymous"}`).toBe(404);
      }
    }
    for (const user of [staff, admin]) {
      expect((await get("/api/firm/leads", user)).status).toBe(200);
      expect((await get(`/api/firm/leads/${id}`, user)).status).toBe(200);
    }
    const audit = await queryRows(t.ctx.db, sql`select 1 from audit_log where target_type = 'lead'`);
    expect(audit).toHaveLength(0);
  });
});

describe("the inbox", () => {
  it("holds every kind of submission, newest first, spam apart", async () => {
    const { body } = await get<LeadList>("/api/firm/leads");
    expect(body.leads.map((l) => [l.kind, l.email])).toEqual([
      ["newsletter", "reader@example.com"],
      ["contact", "maria@example.com"],
      ["consultation", "raj@example.com"],
    ]);
    expect(body.total).toBe(3);
    const spam = await get<LeadList>("/api/firm/leads?view=spam");
    expect(spam.body.leads.map((l) => [l.email, l.spamReason])).toEqual([["spam@example.com", "honeypot"]]);
    expect(body.owners.map((o) => o.email).sort()).toEqual([admin.email, staff.email].sort());
  });

  it("records saved calculator results", async () => {
    const res = await t.request("/api/calculators/submissions", {
      cookie: client.cookie,
      json: { calculatorType: "roi", inputs: issueRoi },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { body } = await get<LeadList>("/api/firm/leads?kind=calculator");
    expect(body.leads.map((l) => [l.email, l.name, l.company])).toEqual([[client.email, "Test User", "Test Company"]]);
    const detail = (await get<LeadDetail>(`/api/firm/leads/${body.leads[0]!.id}`)).body;
    expect(detail.fields).toEqual(expect.arrayContaining([{ label: "Input: current revenue", value: "100000" }]));
    await t.ctx.db.execute(sql`delete from leads where kind = 'calculator'`);
  });

  it("filters by kind, status, owner and date, and searches name, email and company", async () => {
    const kinds = await get<LeadList>("/api/firm/leads?kind=contact");
    expect(kinds.body.leads.map((l) => l.email)).toEqual(["maria@example.com"]);
    expect((await get<LeadList>("/api/firm/leads?status=won")).body.total).toBe(0);
    expect((await get<LeadList>("/api/firm/leads?owner=none")).body.total).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get<LeadList>(`/api/firm/leads?from=${today}&to=${today}`)).body.total).toBe(3);
    expect((await get<LeadList>("/api/firm/leads?to=2000-01-01")).body.total).toBe(0);
    for (const [q, email] of [
      ["patel", "raj@example.com"],
      ["north", "raj@example.com"],
      ["maria@example", "maria@example.com"],
      ["gonz mar", "maria@example.com"],
      ["READER", "reader@example.com"],
    ]) {
      const { body } = await get<LeadList>(`/api/firm/leads?q=${encodeURIComponent(q!)}`);
      expect(
        body.leads.map((l) => l.email),
        q,
      ).toEqual([email]);
    }
    expect((await get<LeadList>("/api/firm/leads?q=%26%7C!")).body.total).toBe(3);
    // The GET form sends untouched fields empty.
    expect((await get<LeadList>("/api/firm/leads?kind=&status=&owner=&from=&to=&q=")).body.total).toBe(3);
  });

  it("pages on the server with keyset cursors both ways", async () => {
    for (let i = 0; i < 5; i++) {
      await recordLead(t.ctx.db, {
        kind: "newsletter",
        sourceTable: "newsletter_subscriptions",
        sourceId: `p${i}`,
        email: `page${i}@example.com`,
        fields: {},
        createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
      });
    }
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    let last: LeadList | null;
    do {
      const page: LeadList = (await get<LeadList>(`/api/firm/leads?owner=none${before ? `&before=${before}` : ""}`)).body;
      expect(page.leads.length).toBeLessThanOrEqual(25);
      seen.push(...page.leads.map((l) => l.email));
      before = page.older;
      last = page;
      pages++;
    } while (before && pages < 10);
    expect(seen).toHaveLength(8);
    expect(last!.newer).toBeNull();
    // Small pages through the service itself.
    const { listLeads } = await import("~/features/leads/leads-inbox.server.ts");
    const q = { view: "inbox" as const };
    const p1 = await listLeads(t.ctx.db, q, 3);
    const p2 = await listLeads(t.ctx.db, { ...q, before: p1.older! }, 3);
    const p3 = await listLeads(t.ctx.db, { ...q, before: p2.older! }, 3);
    expect([...p1.leads, ...p2.leads, ...p3.leads].map((l: LeadSummary) => l.email)).toEqual(seen);
    expect(p1.newer).toBeNull();
    expect(p3.older).toBeNull();
    const back = await listLeads(t.ctx.db, { ...q, after: p3.newer! }, 3);
    expect(back.leads.map((l) => l.email)).toEqual(p2.leads.map((l) => l.email));
    expect(back.older).toBe(p2.older);
    expect(back.newer).toBe(p2.newer);
    // Searched, through the search index, paged the same way.
    const s1 = await listLeads(t.ctx.db, { ...q, q: "page" }, 2);
    const s2 = await listLeads(t.ctx.db, { ...q, q: "page", before: s1.older! }, 2);
    const s3 = await listLeads(t.ctx.db, { ...q, q: "page", before: s2.older! }, 2);
    expect([...s1.leads, ...s2.leads, ...s3.leads].map((l) => l.email)).toEqual([4, 3, 2, 1, 0].map((i) => `page${i}@example.com`));
    expect([s1.total, s1.totalCapped, s3.older]).toEqual([5, false, null]);
    const s2back = await listLeads(t.ctx.db, { ...q, q: "page", after: s3.newer! }, 2);
    expect(s2back.leads.map((l) => l.email)).toEqual(s2.leads.map((l) => l.email));
    await t.ctx.db.execute(sql`delete from leads where source_id like 'p%' and kind = 'newsletter'`);
  });

  it("answers 400 naming the field for bad filters and bad changes", async () => {
    for (const [query, field] of [
      ["kind=phone", "kind"],
      ["status=maybe", "status"],
      ["from=2026-13-45", "from"],
      ["from=2026-02-01&to=2026-01-01", "to"],
      ["before=abc", "before"],
      ["view=all", "view"],
      [`q=${"x".repeat(101)}`, "q"],
    ]) {
      const res = await get<{ code: string; fields: Record<string, string> }>(`/api/firm/leads?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.fields), query).toEqual([field]);
    }
    const id = await leadIdOf("raj@example.com");
    expect((await post<{ fields: object }>(`/api/firm/leads/${id}/status`, { status: "done" })).body.fields).toHaveProperty("status");
    expect((await post<{ fields: object }>(`/api/firm/leads/${id}/notes`, { body: "  " })).body.fields).toHaveProperty("body");
    const notStaff = await post<{ fields: object }>(`/api/firm/leads/${id}/owner`, { ownerId: client.id });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.fields).toHaveProperty("ownerId");
    expect((await get("/api/firm/leads/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await get("/api/firm/leads/not-a-uuid")).status).toBe(404);
  });
});

describe("working a lead", () => {
  it("shows every field sent, and records status, owner and notes with who and when, audited", async () => {
    const id = await leadIdOf("raj@example.com");
    const detail = (await get<LeadDetail>(`/api/firm/leads/${id}`)).body;
    expect(detail.fields).toEqual(
      expect.arrayContaining([
        { label: "Phone", value: "+1 212 555 0100" },
        { label: "Services interested in", value: "Tax Services, ERP Consulting" },
        { label: "Challenges", value: "Our month-end close takes three weeks." },
        { label: "Preferred time", value: "Afternoon (12PM-5PM)" },
      ]),
    );
    expect((await post(`/api/firm/leads/${id}/owner`, { ownerId: staff.id })).status).toBe(200);
    expect((await post(`/api/firm/leads/${id}/status`, { status: "contacted" })).status).toBe(200);
    expect((await post(`/api/firm/leads/${id}/status`, { status: "meeting_scheduled" }, admin)).status).toBe(200);
    expect((await post(`/api/firm/leads/${id}/notes`, { body: "Prefers calls after 3pm" })).status).toBe(201);
    const after = (await get<LeadDetail>(`/api/firm/leads/${id}`)).body;
    expect(after.status).toBe("meeting_scheduled");
    expect(after.owner?.email).toBe(staff.email);
    expect(after.events.map((e) => [e.type, e.from, e.to, e.actor])).toEqual([
      ["owner", null, staff.email, "Sam Staff"],
      ["status", "new", "contacted", "Sam Staff"],
      ["status", "contacted", "meeting_scheduled", "Ada Admin"],
    ]);
    expect(after.notes.map((n) => [n.body, n.author])).toEqual([["Prefers calls after 3pm", "Sam Staff"]]);
    const audit = await queryRows<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      t.ctx.db,
      sql`select action, actor_email, before, after from audit_log where target_type = 'lead' and target_id = ${id} order by id`,
    );
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ["lead.owner_changed", staff.email],
      ["lead.status_changed", staff.email],
      ["lead.status_changed", admin.email],
      ["lead.note_added", staff.email],
    ]);
    expect(audit[2]).toMatchObject({ before: { status: "contacted" }, after: { status: "meeting_scheduled" } });
    expect((await get<LeadList>(`/api/firm/leads?owner=${staff.id}`)).body.leads.map((l) => l.id)).toEqual([id]);
    expect((await get<LeadList>("/api/firm/leads?status=meeting_scheduled")).body.total).toBe(1);
  });

  it("releases a lead from spam into the inbox, once", async () => {
    const id = await leadIdOf("spam@example.com");
    expect((await post(`/api/firm/leads/${id}/release`, {})).status).toBe(200);
    expect((await post(`/api/firm/leads/${id}/release`, {})).status).toBe(409);
    expect((await get<LeadList>("/api/firm/leads?view=spam")).body.total).toBe(0);
    expect((await get<LeadList>("/api/firm/leads?q=bot")).body.leads.map((l) => l.id)).toEqual([id]);
    const [row] = await queryRows(t.ctx.db, sql`select action from audit_log where action = 'lead.released' and target_id = ${id}`);
    expect(row).toBeDefined();
  });

  it("marks a lead won in the caller's transaction and counts what needs attention", async () => {
    const before = await leadsAttention(t.ctx.db);
    const id = await leadIdOf("maria@example.com");
    await t.ctx.db.transaction(async (tx) => markLeadWon(tx, id, { id: admin.id, email: admin.email, ip: null }));
    const [lead] = await queryRows<{ status: string }>(t.ctx.db, sql`select status from leads where id = ${id}`);
    expect(lead!.status).toBe("won");
    const now = await leadsAttention(t.ctx.db);
    expect(now.newLeads).toBe(before.newLeads - 1);
    expect(now.withoutOwner).toBe(before.withoutOwner);
  });

  it("exports the filtered list as CSV, formulas neutralised", async () => {
    const res = await t.request("/api/firm/leads/export.csv?kind=contact", { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const rows = Papa.parse<string[]>(text.trim()).data;
    expect(rows[0]).toEqual(["Received (UTC)", "Kind", "Name", "Email", "Company", "Status", "Owner", "Spam"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 6)).toEqual(["Contact message", "Maria Gonzalez", "maria@example.com", '\'=HYPERLINK("x")', "Won"]);
  });
});

describe("convert to client", () => {
  it("makes the client's books, invites the lead as owner, adds the staff member as accountant and marks the lead won", async () => {
    await sendConsultation({ email: "convert@example.com", companyName: "Convert Co" });
    const id = await leadIdOf("convert@example.com");
    expect((await post(`/api/firm/leads/${id}/convert`, { companyName: "Convert Co" }, client)).status).toBe(404);
    expect((await post(`/api/firm/leads/${id}/convert`, { companyName: "" })).body).toMatchObject({
      code: "INVALID_INPUT",
      fields: { companyName: "Company name is required" },
    });

    const converted = await post<LeadSummary>(`/api/firm/leads/${id}/convert`, { companyName: "Convert Co Ltd" });
    expect(converted.status).toBe(200);
    expect(converted.body.status).toBe("won");
    const orgId = converted.body.organizationId!;
    const [org] = await queryRows<{ name: string; accounts: number }>(
      t.ctx.db,
      sql`select name, (select count(*)::int from chart_of_accounts where organization_id = ${orgId}) as accounts from organizations where id = ${orgId}`,
    );
    expect(org!.name).toBe("Convert Co Ltd");
    expect(org!.accounts).toBeGreaterThan(10);
    const members = await queryRows<{ user_id: string; role: string }>(
      t.ctx.db,
      sql`select user_id, role from organization_memberships where organization_id = ${orgId}`,
    );
    expect(members).toEqual([{ user_id: staff.id, role: "accountant" }]);
    const [invite] = await queryRows<{ email: string; role: string }>(
      t.ctx.db,
      sql`select email, role from organization_invitations where organization_id = ${orgId}`,
    );
    expect(invite).toEqual({ email: "convert@example.com", role: "owner" });
    const mails = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from mail_outbox where to_address = 'convert@example.com' and kind = 'organization-invitation'`,
    );
    expect(mails[0]!.n).toBe(1);
    const audit = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where target_id in (${id}, ${String(orgId)}) order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["organization.created", "lead.converted", "lead.status_changed"]));

    const again = await post<{ code: string; error: string }>(`/api/firm/leads/${id}/convert`, { companyName: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This lead is already a client");
    const [count] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from organizations where name = 'Twice'`);
    expect(count!.n).toBe(0);
  });
});

describe("migration 0011", () => {
  it("backfills the submissions stored before the inbox existed, every field kept", async () => {
    const { readFileSync } = await import("node:fs");
    const file = readFileSync("src/server/db/migrations/0011_leads_inbox.sql", "utf8");
    const backfill = file.slice(file.indexOf("-- The submissions received before this inbox existed."));
    const db = (await import("../support/test-db.ts")).createTestDatabase;
    const fresh = await db();
    try {
      await fresh.database.exec(`
        insert into contact_messages (first_name, last_name, email, company, message, spam, spam_reason)
          values ('Old', 'Contact', 'old@example.com', 'Old Co', 'Hello', true, 'too-fast');
        insert into consultation_requests (first_name, last_name, email, company_name, services_interested, challenges)
          values ('Old', 'Consult', 'oldc@example.com', 'Consult Co', array['tax'], 'Slow close');
        insert into newsletter_subscriptions (email, source) values ('oldn@example.com', 'blog');
        delete from leads;`);
      await fresh.database.exec(backfill);
      const rows = await queryRows<{
        kind: string;
        name: string | null;
        company: string | null;
        spam: boolean;
        fields: Record<string, unknown>;
      }>(fresh.database.db, sql`select kind, name, company, spam, fields from leads order by kind`);
      expect(rows).toEqual([
        {
          kind: "consultation",
          name: "Old Consult",
          company: "Consult Co",
          spam: false,
          fields: {
            firstName: "Old",
            lastName: "Consult",
            email: "oldc@example.com",
            companyName: "Consult Co",
            servicesInterested: ["tax"],
            challenges: "Slow close",
          },
        },
        {
          kind: "contact",
          name: "Old Contact",
          company: "Old Co",
          spam: true,
          fields: { firstName: "Old", lastName: "Contact", email: "old@example.com", company: "Old Co", message: "Hello" },
        },
        { kind: "newsletter", name: null, company: null, spam: false, fields: { email: "oldn@example.com", source: "blog" } },
      ]);
    } finally {
      await fresh.drop();
    }
  });
});
