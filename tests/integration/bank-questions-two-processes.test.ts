import { todayIso } from "~/lib/format.ts";
import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOpenQuestions } from "~/features/bank/bank-questions.server.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { openDatabase, queryRows, type Database } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const JOBS_SCRIPT = path.join(import.meta.dirname, "../support/scheduled-jobs-process.ts");
const QUESTIONS_MODULE = path.resolve(import.meta.dirname, "../../src/features/bank/bank-questions.server.ts");
const CLIENT_MODULE = path.resolve(import.meta.dirname, "../../src/server/db/client.ts");
const PUBLIC_URL = "http://localhost:3000";

/** A day after `day` (YYYY-MM-DD), n days on. */
const dayAfter = (day: string, n = 1) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Waits for a child process to end; its stdout and stderr, or a rejection naming its exit code. */
function finished(child: ReturnType<typeof spawn>, what: string): Promise<string> {
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${what} exited with ${code}: ${err}`)))),
  );
}

/** The site's scheduled jobs run once in a child process, as at its start (the catch-up); its error log lines. */
async function jobsProcess(url: string, go: Promise<void>): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", JOBS_SCRIPT], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["pipe", "pipe", "pipe"],
  });
  void go.then(() => child.stdin.end("go\n"));
  const out = await finished(child, "job process");
  return out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string; job?: string })
    .filter((l) => l.level >= 50)
    .map((l) => `${l.job ?? ""}: ${l.msg}`);
}

/**
 * mailOpenQuestions(db, publicUrl, today) in a process of its own on its own pool: connects, says "ready", waits for
 * the word, runs, prints how many mails it queued.
 */
function questionsProcess(url: string, today: string): { ready: Promise<void>; go: () => void; queued: Promise<number> } {
  const code = `
    const { openDatabase } = await import(${JSON.stringify(CLIENT_MODULE)});
    const { mailOpenQuestions } = await import(${JSON.stringify(QUESTIONS_MODULE)});
    const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
    await database.db.execute("select 1");
    process.stdout.write("ready\\n");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    const queued = await mailOpenQuestions(database.db, ${JSON.stringify(PUBLIC_URL)}, process.env.TODAY);
    process.stdout.write(JSON.stringify({ queued }) + "\\n");
    await database.close();
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    env: { ...process.env, DATABASE_URL: url, TODAY: today },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const ready = new Promise<void>((resolve) => {
    let seen = "";
    child.stdout.on("data", (d: Buffer) => {
      seen += d.toString();
      if (seen.includes("ready\n")) resolve();
    });
  });
  const queued = finished(child, "questions process").then((out) => {
    const line = out.split("\n").find((l) => l.startsWith("{"));
    return (JSON.parse(line!) as { queued: number }).queued;
  });
  return { ready, go: () => child.stdin.end("go\n"), queued };
}

/** Two processes run the mail for `today` at the same moment; how many each queued. */
async function twoProcesses(url: string, today: string): Promise<number[]> {
  const a = questionsProcess(url, today);
  const b = questionsProcess(url, today);
  await Promise.all([a.ready, b.ready]);
  a.go();
  b.go();
  return Promise.all([a.queued, b.queued]);
}

interface Scenario {
  /** The mails due each day while questions are open: "address|organization id". */
  expected: string[];
  staffEmails: string[];
  /** Every open question answered by an owner. */
  answerAll(): Promise<void>;
}

/**
 * Books with open questions: Alpha (two client owners, a staff and an admin owner, an accountant who asks), Beta (a
 * client owner, and Alpha's first owner as a second owner), Gamma (its one question answered), Delta (none asked).
 */
async function scenario(t: TestApp): Promise<Scenario> {
  const books = firstBooks(t);
  const call = (user: TestUser, p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Promise<Response>, status: number): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const open = async (name: string) => {
    const owner = await createSignedInUser(t, { companyName: name });
    const orgId = Number((await books(owner.cookie)).split("/").pop());
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(
      call(owner, `/api/accounting/orgs/${orgId}/accounts`),
      200,
    );
    const codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    await ok(call(owner, `/api/accounting/orgs/${orgId}/currency`, { method: "PUT", json: { currency: "EUR" } }), 200);
    const { account } = await ok<{ account: { id: number } }>(
      call(owner, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: codes["1000"], currency: "EUR" } }),
      201,
    );
    const bank = `/api/bank/${orgId}/accounts/${account.id}`;
    const csv =
      "Date,Description,Amount\r\n2026-05-02,Amazon Mktp,-89.90\r\n2026-05-03,Transfer 4411,-250.00\r\n2026-05-04,Cash deposit,120.00\r\n";
    await ok(call(owner, `${bank}/statements?name=may.csv`, { method: "POST", body: csv }), 200);
    const { lines } = await ok<{ lines: { id: number }[] }>(call(owner, `${bank}/lines?show=all`), 200);
    return { owner, orgId, bank, codes, lines: lines.map((l) => l.id) };
  };
  const ask = (user: TestUser, o: { bank: string }, lineId: number) =>
    ok<{ question: { id: number } }>(call(user, `${o.bank}/questions`, { json: { bank_line_id: lineId, question: "What is this?" } }), 201);

  const alpha = await open("Alpha Bakery");
  const beta = await open("Beta Builders");
  const gamma = await open("Gamma Garden");
  await open("Delta Dental");
  const alpha2 = await createSignedInUser(t, { companyName: "Alpha partner" });
  await addMember(t.ctx.db, alpha.orgId, alpha2.id, "owner");
  await addMember(t.ctx.db, beta.orgId, alpha.owner.id, "owner");
  const staff = await createSignedInUser(t, { role: "staff" });
  const admin = await createSignedInUser(t, { role: "admin" });
  for (const o of [alpha, beta, gamma]) {
    await addMember(t.ctx.db, o.orgId, staff.id, "owner");
    await addMember(t.ctx.db, o.orgId, admin.id, "owner");
  }
  const accountant = await createSignedInUser(t, { companyName: "Bookkeeping Ltd" });
  await addMember(t.ctx.db, alpha.orgId, accountant.id, "accountant");

  const open_: { user: TestUser; orgId: number; id: number; account: number }[] = [];
  for (const lineId of alpha.lines.slice(0, 2))
    open_.push({
      user: alpha.owner,
      orgId: alpha.orgId,
      id: (await ask(accountant, alpha, lineId)).question.id,
      account: alpha.codes["6200"]!,
    });
  open_.push({
    user: beta.owner,
    orgId: beta.orgId,
    id: (await ask(staff, beta, beta.lines[0]!)).question.id,
    account: beta.codes["6200"]!,
  });
  const answered = await ask(admin, gamma, gamma.lines[0]!);
  await ok(call(gamma.owner, `/api/bank/${gamma.orgId}/questions/${answered.question.id}/answer`, { json: { note: "Groceries" } }), 200);

  return {
    expected: [
      `${alpha.owner.email}|${alpha.orgId}`,
      `${alpha2.email}|${alpha.orgId}`,
      `${beta.owner.email}|${beta.orgId}`,
      `${alpha.owner.email}|${beta.orgId}`,
    ].sort(),
    staffEmails: [staff.email, admin.email, accountant.email],
    async answerAll() {
      for (const q of open_) {
        await ok(call(q.user, `/api/bank/${q.orgId}/questions/${q.id}/answer`, { json: { account_id: q.account, note: "Office" } }), 200);
      }
    },
  };
}

/** The bank-questions mails queued so far, as "address|organization id" (the organization read from the link). */
async function mails(t: TestApp): Promise<{ key: string; subject: string; text: string }[]> {
  const rows = await queryRows<{ to_address: string; subject: string; text_body: string }>(
    t.ctx.db,
    sql`select to_address, subject, text_body from mail_outbox where kind = 'bank-questions' order by id`,
  );
  return rows.map((r) => {
    const org = /\/accounting\/(\d+)\/questions/.exec(r.text_body)?.[1] ?? "?";
    return { key: `${r.to_address}|${org}`, subject: r.subject, text: r.text_body };
  });
}

const keys = (list: { key: string }[]) => list.map((m) => m.key).sort();

// Two processes of the site on one PostgreSQL database (the embedded database has one process by design), both
// running the daily question mail at once: each owner's mail of the day is queued exactly once. Runs when
// TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("the daily question mail with two server processes", () => {
  let t: TestApp;
  let s: Scenario;
  let day: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await scenario(t);
  });
  afterAll(() => t.close());

  it("catch-up at start: two processes start together after downtime; one mail per client owner and organization", async () => {
    const before = todayIso();
    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const both = Promise.all([jobsProcess(t.testDb.url!, started), jobsProcess(t.testDb.url!, started)]);
    // Both have connected and migrated; then both start their jobs at once.
    setTimeout(go, 3000);
    const errors = await both;
    expect(errors.flat()).toEqual([]);

    const queued = await mails(t);
    expect(keys(queued)).toEqual(s.expected);
    for (const staff of s.staffEmails) expect(queued.some((m) => m.key.startsWith(`${staff}|`))).toBe(false);
    const alpha = queued.find((m) => m.subject.includes("Alpha Bakery"))!;
    expect(alpha.subject).toBe("Questions about your bank transactions (Alpha Bakery)");
    expect(alpha.text).toContain("Alpha Bakery: 2 bank transactions need a word from you");
    const sent = await queryRows<{ sent_on: string }>(t.ctx.db, sql`select distinct sent_on::text from bank_question_mails`);
    expect(sent).toHaveLength(1);
    day = sent[0]!.sent_on;
    expect([before, todayIso()]).toContain(day);
  }, 120_000);

  it("the same day again, two processes at once: nothing more", async () => {
    expect(await twoProcesses(t.testDb.url!, day)).toEqual([0, 0]);
    expect(await mails(t)).toHaveLength(s.expected.length);
  }, 60_000);

  it("the next day: one more mail each, whichever process queues it", async () => {
    const queued = await twoProcesses(t.testDb.url!, dayAfter(day));
    expect(queued[0]! + queued[1]!).toBe(s.expected.length);
    const all = await mails(t);
    expect(keys(all)).toEqual([...s.expected, ...s.expected].sort());
    expect(await twoProcesses(t.testDb.url!, dayAfter(day))).toEqual([0, 0]);
  }, 60_000);

  it("once every question is answered, no mail", async () => {
    await s.answerAll();
    expect(await twoProcesses(t.testDb.url!, dayAfter(day, 2))).toEqual([0, 0]);
    expect(await mails(t)).toHaveLength(2 * s.expected.length);
  }, 60_000);
});

// The same rules with two instances of the app in one process, on either database: two pools on PostgreSQL, the
// one embedded database otherwise.
describe("the daily question mail run twice at once in one process", () => {
  let t: TestApp;
  let second: Database | undefined;
  let s: Scenario;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.testDb.url) second = await openDatabase({ url: t.testDb.url, poolSize: 4 });
    s = await scenario(t);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const both = (today: string) =>
    Promise.all([mailOpenQuestions(t.ctx.db, PUBLIC_URL, today), mailOpenQuestions(second?.db ?? t.ctx.db, PUBLIC_URL, today)]);

  it("one mail per client owner and organization a day; none for staff owners; none once all is answered", async () => {
    const first = await both("2031-01-06");
    expect(first[0] + first[1]).toBe(s.expected.length);
    expect(keys(await mails(t))).toEqual(s.expected);
    expect(await both("2031-01-06")).toEqual([0, 0]);
    // After downtime: the day the process comes back, one each (not one per missed day).
    const back = await both("2031-01-10");
    expect(back[0] + back[1]).toBe(s.expected.length);
    const all = await mails(t);
    expect(all).toHaveLength(2 * s.expected.length);
    for (const staff of s.staffEmails) expect(all.some((m) => m.key.startsWith(`${staff}|`))).toBe(false);
    await s.answerAll();
    expect(await both("2031-01-11")).toEqual([0, 0]);
  });
});
