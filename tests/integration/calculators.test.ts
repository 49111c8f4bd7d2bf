import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import type { SubmissionRow } from "~/features/calculators/calculators.server.ts";
import { SAVES_PER_HOUR } from "~/features/calculators/calculators.routes.server.ts";
import { issueRoi, issueRoiResults } from "~/features/calculators/calculators.fixtures.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { pdfLines } from "../support/pdf.ts";
import { outboxRows } from "../support/outbox.ts";

const FIRM = "firm@ledgerline.test";
const rndInputs = { totalWages: 200000, rdTimePercent: 50, supplyCosts: 10000, contractorCosts: 20000, employees: 12 };

let t: TestApp;
let smtp: TestSmtpServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, FIRM_EMAIL: FIRM });
  alice = await createSignedInUser(t, { firstName: "Alice", lastName: "Able" });
  bob = await createSignedInUser(t, { firstName: "Bob", lastName: "Baker" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

async function count(table: "calculator_submissions" | "mail_outbox"): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row!.n;
}

function save(user: TestUser | null, json: unknown) {
  return t.request("/api/calculators/submissions", { method: "POST", json, cookie: user?.cookie });
}

describe("POST /api/calculators/submissions", () => {
  it("stores results computed on the server, ignoring results sent by the client", async () => {
    const fake = {
      annualSavings: "999999",
      roiPercent: "1000",
      paybackMonths: "1",
      currentProfit: "1",
      projectedProfit: "1",
      totalReturn: "1",
    };
    const res = await save(alice, {
      calculatorType: "roi",
      inputs: issueRoi,
      results: fake,
    });
    expect(res.status).toBe(201);
    const { submission } = (await res.json()) as { submission: { id: string; results: Record<string, string> } };
    expect(submission.results).toEqual(issueRoiResults);
    const [row] = await queryRows<SubmissionRow>(t.ctx.db, sql`select * from calculator_submissions where id = ${submission.id}`);
    expect(row).toMatchObject({
      user_id: alice.id,
      calculator_type: "roi",
      email: alice.email,
      name: "Alice Able",
      inputs: issueRoi,
      results: submission.results,
    });
  });

  it("queues the analysis (HTML, text, PDF) and the firm's lead notice in the same write, and delivers them", async () => {
    const before = smtp.messages.length;
    const res = await save(bob, { calculatorType: "rnd_tax_credit", inputs: rndInputs });
    expect(res.status).toBe(201);
    const { submission } = (await res.json()) as { submission: { id: string } };

    const queued = await outboxRows(
      t.ctx.db,
      sql`kind in ('calculator-analysis', 'calculator-lead') and to_address in (${bob.email}, ${FIRM})`,
    );
    const analysis = queued.find((m) => m.kind === "calculator-analysis" && m.to_address === bob.email);
    expect(analysis?.attachments).toHaveLength(1);
    const pdf = Buffer.from(analysis!.attachments[0]!.content, "base64");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-8).toString("latin1")).toContain("%%EOF");
    const lines = pdfLines(pdf);
    for (const text of [
      "R&D Tax Credit Calculator: your analysis",
      "Total Qualified Expenses",
      "$119,500.00",
      "$16,730.00",
      "$28,680.00",
      "50%",
    ]) {
      expect(lines).toContain(text);
    }

    await t.ctx.mail.runOnce();
    const mail = await smtp.waitFor((m) => m.to.includes(bob.email) && /R&D Tax Credit/.test(m.subject));
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("$119,500.00");
      expect(body).toContain("$16,730.00");
      expect(body).toContain("$28,680.00");
      expect(body).toContain("$200,000.00");
      expect(body).toContain("50%");
    }
    expect(mail.html).toContain("Total Qualified Expenses");
    expect(mail.attachments).toEqual([
      {
        filename: expect.stringMatching(/^ledgerline-rd-tax-credit-analysis-\d{4}-\d{2}-\d{2}\.pdf$/),
        mimeType: "application/pdf",
        size: pdf.length,
      },
    ]);
    expect(mail.text).toContain("Hello Bob Baker,");
    const lead = await smtp.waitFor((m) => m.to.includes(FIRM) && m.subject.includes(bob.email));
    expect(lead.replyTo).toEqual([bob.email]);
    expect(lead.text).toContain(bob.email);
    expect(lead.text).toContain("$16,730.00");
    expect(smtp.messages.length).toBeGreaterThanOrEqual(before + 2);

    const [row] = await queryRows<SubmissionRow>(t.ctx.db, sql`select * from calculator_submissions where id = ${submission.id}`);
    expect(row!.inputs).toEqual({
      totalWages: "200000",
      rdTimePercent: "50",
      supplyCosts: "10000",
      contractorCosts: "20000",
      employees: "12",
    });
  });

  it("escapes the account's name in the mail", async () => {
    const eve = await createSignedInUser(t, { firstName: "<b>Eve</b>", lastName: "Tag" });
    const res = await save(eve, { calculatorType: "roi", inputs: issueRoi });
    expect(res.status).toBe(201);
    await t.ctx.mail.runOnce();
    const mail = await smtp.waitFor((m) => m.to.includes(eve.email) && m.attachments.length > 0);
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Eve</b>");
  });

  it("401 'Not authenticated' when signed out, and nothing is stored", async () => {
    const before = await count("calculator_submissions");
    const res = await save(null, { calculatorType: "roi", inputs: issueRoi });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Not authenticated", code: "NOT_AUTHENTICATED" });
    const after = await count("calculator_submissions");
    expect(after).toBe(before);
  });

  it.each([
    [{ calculatorType: "roi", inputs: { ...issueRoi, timeframe: 61 } }, "inputs.timeframe", /Timeframe must be between 1 and 60 months/],
    [{ calculatorType: "roi", inputs: { ...issueRoi, timeframe: "0" } }, "inputs.timeframe", /Timeframe/],
    [{ calculatorType: "roi", inputs: { ...issueRoi, currentCosts: -5 } }, "inputs.currentCosts", /Current annual costs must be 0 or more/],
    [{ calculatorType: "roi", inputs: { ...issueRoi, currentRevenue: "lots" } }, "inputs.currentRevenue", /must be a number/],
    [{ calculatorType: "rnd_tax_credit", inputs: { ...rndInputs, rdTimePercent: 101 } }, "inputs.rdTimePercent", /between 0 and 100/],
    [{ calculatorType: "rnd_tax_credit", inputs: { ...rndInputs, employees: -1 } }, "inputs.employees", /employees must be 0 or more/],
    [{ calculatorType: "rnd_tax_credit", inputs: { ...rndInputs, employees: 1.5 } }, "inputs.employees", /whole number/],
    [{ calculatorType: "mortgage", inputs: rndInputs }, "calculatorType", /roi or rnd_tax_credit/],
    [{ calculatorType: "roi" }, "inputs", /inputs/],
  ])("400 naming the field for bad input %#", async (body, field, message) => {
    const before = await count("mail_outbox");
    const res = await save(alice, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(json.fields[field]).toMatch(message);
    expect(json.error).toMatch(message);
    const after = await count("mail_outbox");
    expect(after).toBe(before);
  });

  it("mails only the account's own address: a request naming another address or name is refused, nothing stored or mailed", async () => {
    const before = { saved: await count("calculator_submissions"), mail: await count("mail_outbox") };
    for (const [extra, field, message] of [
      [{ email: "victim@elsewhere.example" }, "email", "Results are sent to your account's email address"],
      [{ email: alice.email }, "email", "Results are sent to your account's email address"],
      [{ name: "Your bank" }, "name", "Results are addressed to the name of your account"],
    ] as const) {
      const res = await save(alice, { calculatorType: "roi", inputs: issueRoi, ...extra });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ [field]: message });
    }
    expect({ saved: await count("calculator_submissions"), mail: await count("mail_outbox") }).toEqual(before);
    const mailed = await queryRows(t.ctx.db, sql`select 1 from mail_outbox where to_address = 'victim@elsewhere.example'`);
    expect(mailed).toEqual([]);
  });

  it("403 while the account's address is not verified, and nothing is mailed", async () => {
    const unverified = await createSignedInUser(t);
    await t.ctx.db.execute(sql`update users set email_verified = false where id = ${unverified.id}`);
    const before = await count("mail_outbox");
    const res = await save(unverified, { calculatorType: "roi", inputs: issueRoi });
    expect(res.status).toBe(403);
    expect(await count("mail_outbox")).toBe(before);
  });

  it("400 on a body that is not JSON", async () => {
    const res = await t.request("/api/calculators/submissions", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
      cookie: alice.cookie,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/JSON/);
  });
});

describe("limits", () => {
  it(`each user may save ${SAVES_PER_HOUR} results an hour (each one sends mail); the next gets 429`, async () => {
    const dave = await createSignedInUser(t);
    for (let i = 0; i < SAVES_PER_HOUR; i++) {
      expect((await save(dave, { calculatorType: "roi", inputs: issueRoi })).status).toBe(201);
    }
    const over = await save(dave, { calculatorType: "roi", inputs: issueRoi });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const rows = await queryRows<SubmissionRow>(t.ctx.db, sql`select * from calculator_submissions where user_id = ${dave.id}`);
    expect(rows).toHaveLength(SAVES_PER_HOUR);
    // Another user is not affected.
    expect((await save(bob, { calculatorType: "roi", inputs: issueRoi })).status).toBe(201);
  });
});

describe("GET /api/calculators/submissions", () => {
  it("lists only the signed-in user's results, newest first", async () => {
    const carol = await createSignedInUser(t);
    const ids: string[] = [];
    for (const timeframe of ["12", "24", "36"]) {
      const res = await save(carol, { calculatorType: "roi", inputs: { ...issueRoi, timeframe } });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { submission: { id: string } }).submission.id);
    }
    const res = await t.request("/api/calculators/submissions", { cookie: carol.cookie });
    expect(res.status).toBe(200);
    const { submissions } = (await res.json()) as { submissions: { id: string; email: string }[] };
    expect(submissions.map((s) => s.id)).toEqual(ids.reverse());
    expect(new Set(submissions.map((s) => s.email))).toEqual(new Set([carol.email]));
  });

  it("a result can be read back by its owner only; others get 404", async () => {
    const res = await save(alice, { calculatorType: "roi", inputs: issueRoi });
    const { submission } = (await res.json()) as { submission: { id: string } };
    const own = await t.request(`/api/calculators/submissions/${submission.id}`, { cookie: alice.cookie });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { submission: { email: string } }).submission.email).toBe(alice.email);
    const other = await t.request(`/api/calculators/submissions/${submission.id}`, { cookie: bob.cookie });
    expect(other.status).toBe(404);
    const bobList = (await (await t.request("/api/calculators/submissions", { cookie: bob.cookie })).json()) as {
      submissions: { id: string }[];
    };
    expect(bobList.submissions.map((s) => s.id)).not.toContain(submission.id);
    expect((await t.request("/api/calculators/submissions/not-a-uuid", { cookie: alice.cookie })).status).toBe(404);
  });

  it("401 when signed out", async () => {
    expect((await t.request("/api/calculators/submissions")).status).toBe(401);
    expect((await t.request("/api/calculators/submissions/00000000-0000-0000-0000-000000000000")).status).toBe(401);
  });
});

describe("atomicity", () => {
  it("when the mail cannot be queued, the submission is not stored either", async () => {
    await t.ctx.db.execute(sql`alter table mail_outbox add constraint test_no_leads check (kind <> 'calculator-lead') not valid`);
    const before = { saved: await count("calculator_submissions"), mail: await count("mail_outbox") };
    try {
      const res = await save(alice, { calculatorType: "roi", inputs: issueRoi });
      expect(res.status).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`alter table mail_outbox drop constraint test_no_leads`);
    }
    expect({ saved: await count("calculator_submissions"), mail: await count("mail_outbox") }).toEqual(before);
  });
});
