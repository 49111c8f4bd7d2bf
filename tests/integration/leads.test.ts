import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { issueFormToken } from "~/features/leads/form-token.server.ts";
import { LEAD_RATE_LIMITS } from "~/features/leads/leads.server.ts";
import { createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";

const FIRM = "firm@ledgerline.test";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

// Every test counts what is stored, so each starts on an empty database: one per file, reset before each test
// (as a new one would be, in a fraction of the time).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A new app on the database as the migrations left it. */
async function freshApp(env: Record<string, string>): Promise<TestApp> {
  await db.reset();
  return createTestApp(env, { testDb: db });
}

async function setup(env: Record<string, string> = {}): Promise<{ t: TestApp; smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer();
  const t = await freshApp({ SMTP_URL: smtp.url, FIRM_EMAIL: FIRM, ...env });
  cleanups.push(
    () => smtp.stop(),
    () => t.close(),
  );
  return { t, smtp };
}

/** A token as the page would have rendered it `ageMs` ago. */
const token = (t: TestApp, ageMs = 10_000) => issueFormToken(t.config.appSecret, Date.now() - ageMs);

function contact(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Maria",
    lastName: "Gonzalez",
    email: "maria@example.com",
    company: "Gonzalez Bakery",
    service: "bookkeeping",
    message: "We need help catching up on two years of books.",
    website: "",
    formToken: token(t),
    ...overrides,
  };
}

function consultation(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
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
    formToken: token(t),
    ...overrides,
  };
}

async function counts(t: TestApp) {
  const [row] = await queryRows<{ contact: number; consultation: number; mail: number }>(
    t.ctx.db,
    sql`select (select count(*)::int from contact_messages) as contact,
               (select count(*)::int from consultation_requests) as consultation,
               (select count(*)::int from mail_outbox) as mail`,
  );
  return row!;
}

describe("POST /api/leads/contact", () => {
  it("stores the message and delivers the firm notification (every field, reply-to) and the visitor confirmation", async () => {
    const { t, smtp } = await setup();
    const res = await t.request("/api/leads/contact", { json: contact(t) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select * from contact_messages where id = ${id}`);
    expect(row).toMatchObject({
      first_name: "Maria",
      last_name: "Gonzalez",
      email: "maria@example.com",
      company: "Gonzalez Bakery",
      service: "bookkeeping",
      spam: false,
      user_id: null,
    });

    await t.ctx.mail.runOnce();
    const firm = await smtp.waitFor((m) => m.to.includes(FIRM));
    expect(firm.replyTo).toEqual(["maria@example.com"]);
    expect(firm.subject).toBe("New contact message from Maria Gonzalez");
    for (const v of [
      "First name: Maria",
      "Last name: Gonzalez",
      "Email: maria@example.com",
      "Company: Gonzalez Bakery",
      "Service: Bookkeeping",
      "Message: We need help catching up on two years of books.",
      id,
    ]) {
      expect(firm.text).toContain(v);
    }
    expect(firm.html).toContain("We need help catching up on two years of books.");
    const visitor = await smtp.waitFor((m) => m.to.includes("maria@example.com"));
    expect(visitor.text).toContain("within 24 hours");
    expect(smtp.messages).toHaveLength(2);
  });

  it("stores optional fields as null when left empty", async () => {
    const { t } = await setup();
    const res = await t.request("/api/leads/contact", { json: contact(t, { company: "", service: "" }) });
    expect(res.status).toBe(201);
    const [row] = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select company, service from contact_messages`);
    expect(row).toEqual({ company: null, service: null });
  });

  it("attaches the signed-in user's id", async () => {
    const { t } = await setup();
    const user = await createSignedInUser(t);
    const res = await t.request("/api/leads/contact", { json: contact(t), cookie: user.cookie });
    expect(res.status).toBe(201);
    const [row] = await queryRows<{ user_id: string }>(t.ctx.db, sql`select user_id from contact_messages`);
    expect(row!.user_id).toBe(user.id);
  });

  it("stores HTML and script exactly as typed and escapes them in the mail", async () => {
    const { t, smtp } = await setup();
    const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const res = await t.request("/api/leads/contact", { json: contact(t, { firstName: "<b>Eve</b>", message: evil }) });
    expect(res.status).toBe(201);
    const [row] = await queryRows<{ first_name: string; message: string }>(t.ctx.db, sql`select first_name, message from contact_messages`);
    expect(row).toEqual({ first_name: "<b>Eve</b>", message: evil });
    await t.ctx.mail.runOnce();
    const firm = await smtp.waitFor((m) => m.to.includes(FIRM));
    expect(firm.text).toContain(evil);
    expect(firm.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(firm.html).not.toMatch(/<script|<img|<b>Eve/);
  });

  it("accepts a form posted without JavaScript and sends the browser back to the page", async () => {
    const { t } = await setup();
    const res = await t.request("/api/leads/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(contact(t) as Record<string, string>).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?sent=1#lead-form");
    expect((await counts(t)).contact).toBe(1);
    const bad = await t.request("/api/leads/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...(contact(t) as Record<string, string>), email: "" }).toString(),
    });
    expect(bad.headers.get("location")).toBe("/contact?error=validation#lead-form");
    expect((await counts(t)).contact).toBe(1);
  });
});

describe("bad input is refused and nothing is stored", () => {
  const contactCases: [string, (t: TestApp) => unknown, string[]][] = [
    ["missing required fields", (t) => ({ formToken: token(t) }), ["firstName", "lastName", "email", "message"]],
    ["blank required fields", (t) => contact(t, { firstName: "   ", message: "\n" }), ["firstName", "message"]],
    ["wrong types", (t) => contact(t, { firstName: 42, email: ["a@b.co"], message: { text: "hi" } }), ["firstName", "email", "message"]],
    ["a malformed email", (t) => contact(t, { email: "not-an-email" }), ["email"]],
    ["a name over 100 characters", (t) => contact(t, { lastName: "x".repeat(101) }), ["lastName"]],
    ["a message over 5000 characters", (t) => contact(t, { message: "x".repeat(5001) }), ["message"]],
    ["an unknown service", (t) => contact(t, { service: "payroll" }), ["service"]],
    ["a body that is not an object", () => ["firstName"], ["body"]],
    ["null", () => null, ["body"]],
  ];
  for (const [name, body, fields] of contactCases) {
    it(`contact: ${name} -> 400 naming ${fields.join(", ")}`, async () => {
      const { t } = await setup();
      const res = await t.request("/api/leads/contact", { json: body(t) });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(json.fields).sort()).toEqual([...fields].sort());
      for (const f of fields) expect(json.error).toContain(f);
      expect(await counts(t)).toEqual({ contact: 0, consultation: 0, mail: 0 });
    });
  }

  const consultationCases: [string, (t: TestApp) => unknown, string[]][] = [
    ["no services", (t) => consultation(t, { servicesInterested: [] }), ["servicesInterested"]],
    ["an unknown service", (t) => consultation(t, { servicesInterested: ["tax", "payroll"] }), ["servicesInterested"]],
    ["repeated services", (t) => consultation(t, { servicesInterested: ["tax", "tax"] }), ["servicesInterested"]],
    ["services as a string", (t) => consultation(t, { servicesInterested: "tax" }), ["servicesInterested"]],
    ["an unknown revenue range", (t) => consultation(t, { annualRevenueRange: "billions" }), ["annualRevenueRange"]],
    ["an unknown preferred time", (t) => consultation(t, { preferredTime: "midnight" }), ["preferredTime"]],
    ["no company or challenges", (t) => consultation(t, { companyName: "", challenges: undefined }), ["companyName", "challenges"]],
    ["a phone over 40 characters", (t) => consultation(t, { phone: "1".repeat(41) }), ["phone"]],
  ];
  for (const [name, body, fields] of consultationCases) {
    it(`consultation: ${name} -> 400 naming ${fields.join(", ")}`, async () => {
      const { t } = await setup();
      const res = await t.request("/api/leads/consultation", { json: body(t) });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(json.fields).sort()).toEqual([...fields].sort());
      expect(await counts(t)).toEqual({ contact: 0, consultation: 0, mail: 0 });
    });
  }

  it("malformed JSON -> 400; another content type -> 415; over 32 KB -> 413", async () => {
    const { t } = await setup();
    for (const path of ["/api/leads/contact", "/api/leads/consultation"]) {
      const malformed = await t.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"firstName": "Ann",',
      });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { error: string }).error).toBe("Request body must be valid JSON");
      const text = await t.request(path, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
      expect(text.status).toBe(415);
      const big = JSON.stringify(contact(t, { message: "x".repeat(33 * 1024) }));
      const tooBig = await t.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(big)) },
        body: big,
      });
      expect(tooBig.status).toBe(413);
    }
    expect(await counts(t)).toEqual({ contact: 0, consultation: 0, mail: 0 });
  });
});

describe("POST /api/leads/consultation", () => {
  it("stores every SPEC field and delivers the notification carrying the company name, and the confirmation", async () => {
    const { t, smtp } = await setup();
    const res = await t.request("/api/leads/consultation", { json: consultation(t) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select * from consultation_requests where id = ${id}`);
    expect(row).toMatchObject({
      user_id: null,
      first_name: "Raj",
      last_name: "Patel",
      email: "raj@example.com",
      phone: "+1 212 555 0100",
      company_name: "Northwind Traders",
      services_interested: ["tax", "erp"],
      annual_revenue_range: "1m-5m",
      challenges: "Our month-end close takes three weeks.",
      preferred_time: "afternoon",
      spam: false,
    });
    await t.ctx.mail.runOnce();
    const firm = await smtp.waitFor((m) => m.to.includes(FIRM));
    expect(firm.subject).toBe("New consultation request: Northwind Traders (Raj Patel)");
    expect(firm.replyTo).toEqual(["raj@example.com"]);
    for (const v of [
      "Company name: Northwind Traders",
      "Phone: +1 212 555 0100",
      "Services interested: Tax Services, ERP Consulting",
      "Annual revenue: $1M - $5M",
      "Preferred time: Afternoon (12PM-5PM)",
      "Challenges: Our month-end close takes three weeks.",
    ]) {
      expect(firm.text).toContain(v);
    }
    const visitor = await smtp.waitFor((m) => m.to.includes("raj@example.com"));
    expect(visitor.subject).toContain("consultation");
    expect(smtp.messages).toHaveLength(2);
  });

  it("optional fields may be left out", async () => {
    const { t } = await setup();
    const res = await t.request("/api/leads/consultation", {
      json: consultation(t, { phone: undefined, annualRevenueRange: "", preferredTime: undefined, servicesInterested: ["bookkeeping"] }),
    });
    expect(res.status).toBe(201);
    const [row] = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql`select phone, annual_revenue_range, preferred_time from consultation_requests`,
    );
    expect(row).toEqual({ phone: null, annual_revenue_range: null, preferred_time: null });
  });
});

describe("SMTP down", () => {
  it("stores requests and keeps their mail; when SMTP returns each mail is delivered exactly once", async () => {
    const first = await startSmtpServer();
    const port = first.port;
    await first.stop();
    const t = await freshApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, FIRM_EMAIL: FIRM });
    cleanups.push(() => t.close());

    expect((await t.request("/api/leads/contact", { json: contact(t) })).status).toBe(201);
    expect((await t.request("/api/leads/consultation", { json: consultation(t) })).status).toBe(201);
    await t.ctx.mail.runOnce();
    await t.ctx.mail.runOnce();
    const waiting = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
      t.ctx.db,
      sql`select status, attempts, last_error from mail_outbox order by id`,
    );
    expect(waiting).toHaveLength(4);
    for (const m of waiting) {
      expect(m.status).toBe("pending");
      expect(m.attempts).toBeGreaterThanOrEqual(1);
      expect(m.last_error ?? "").not.toBe("");
    }
    expect(await counts(t)).toEqual({ contact: 1, consultation: 1, mail: 4 });

    const back = await startSmtpServer({ port });
    cleanups.push(() => back.stop());
    // The retry is due (as if the backoff had passed).
    await t.ctx.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    expect(await t.ctx.mail.runOnce()).toBe(4);
    expect(await t.ctx.mail.runOnce()).toBe(0);
    expect(back.messages).toHaveLength(4);
    expect(
      back.messages
        .filter((m) => m.to.includes(FIRM))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(["New consultation request: Northwind Traders (Raj Patel)", "New contact message from Maria Gonzalez"]);
    const sent = await queryRows<{ status: string }>(t.ctx.db, sql`select distinct status from mail_outbox`);
    expect(sent).toEqual([{ status: "sent" }]);
  });
});

describe("rate limits", () => {
  it("refuses more than the limit per email address with 429 and a clear message, and stores nothing more", async () => {
    const { t } = await setup({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    const { limit } = LEAD_RATE_LIMITS.perEmail;
    for (let i = 0; i < limit; i++) {
      const ip = `10.0.0.${i}`;
      const path = i % 2 ? "/api/leads/contact" : "/api/leads/consultation";
      const body = i % 2 ? contact(t, { email: "Same@Example.com" }) : consultation(t, { email: "same@example.com" });
      expect((await t.request(path, { json: body, headers: { "x-forwarded-for": ip } })).status).toBe(201);
    }
    const res = await t.request("/api/leads/contact", {
      json: contact(t, { email: "same@example.com" }),
      headers: { "x-forwarded-for": "10.0.1.1" },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toMatch(/Too many requests .* try again in \d+ minutes?/);
    const c = await counts(t);
    expect(c.contact + c.consultation).toBe(limit);
    // Another sender is not affected.
    expect(
      (
        await t.request("/api/leads/contact", {
          json: contact(t, { email: "other@example.com" }),
          headers: { "x-forwarded-for": "10.0.1.1" },
        })
      ).status,
    ).toBe(201);
  });

  it("refuses more than the limit per IP address", async () => {
    const { t } = await setup({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    const { limit } = LEAD_RATE_LIMITS.perIp;
    const headers = { "x-forwarded-for": "203.0.113.7" };
    for (let i = 0; i < limit; i++) {
      expect((await t.request("/api/leads/contact", { json: contact(t, { email: `p${i}@example.com` }), headers })).status).toBe(201);
    }
    expect((await t.request("/api/leads/contact", { json: contact(t, { email: "new@example.com" }), headers })).status).toBe(429);
    expect(
      (
        await t.request("/api/leads/contact", {
          json: contact(t, { email: "new@example.com" }),
          headers: { "x-forwarded-for": "203.0.113.8" },
        })
      ).status,
    ).toBe(201);
    const [row] = await queryRows<{ ip: string }>(t.ctx.db, sql`select ip from contact_messages order by created_at desc limit 1`);
    expect(row!.ip).toBe("203.0.113.8");
  });
});

describe("anti-spam", () => {
  const cases: [string, (t: TestApp) => Record<string, unknown>, string][] = [
    ["a filled honeypot", () => ({ website: "https://cheap-pills.example" }), "honeypot"],
    ["no form token", () => ({ formToken: undefined }), "no-token"],
    ["a forged form token", () => ({ formToken: "1000.forged" }), "no-token"],
    // Issued "500 ms from now" (within the accepted clock margin), so even a slow test run is under the minimum.
    ["a submission right after the form was rendered", (t) => ({ formToken: token(t, -500) }), "too-fast"],
  ];
  for (const [name, overrides, reason] of cases) {
    it(`${name}: 201 to the sender, stored flagged '${reason}', no mail`, async () => {
      const { t, smtp } = await setup();
      const a = await t.request("/api/leads/contact", { json: contact(t, overrides(t)) });
      const b = await t.request("/api/leads/consultation", { json: consultation(t, overrides(t)) });
      expect([a.status, b.status]).toEqual([201, 201]);
      const rows = await queryRows<{ spam: boolean; spam_reason: string }>(
        t.ctx.db,
        sql`select spam, spam_reason from contact_messages union all select spam, spam_reason from consultation_requests`,
      );
      expect(rows).toEqual([
        { spam: true, spam_reason: reason },
        { spam: true, spam_reason: reason },
      ]);
      await t.ctx.mail.runOnce();
      expect((await counts(t)).mail).toBe(0);
      expect(smtp.messages).toHaveLength(0);
    });
  }
});
