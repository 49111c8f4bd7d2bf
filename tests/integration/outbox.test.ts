import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { sql } from "drizzle-orm";
import { createMailWorker, enqueueMail, backoffMs } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-db.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { outboxRows } from "../support/outbox.ts";

const logger = pino({ level: "silent" });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

// Each test starts on an empty outbox: one database per file, reset before each test as a new one would be.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function setup(): Promise<{ t: TestDatabase; smtp: TestSmtpServer }> {
  await t.reset();
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.stop());
  return { t, smtp };
}

function mail(i: number) {
  const { html, text } = renderMail({ heading: `Hello ${i}`, rows: [["Name", "<script>alert(1)</script>"]] });
  return { kind: "test", to: `to${i}@example.com`, replyTo: "visitor@example.com", subject: `Subject ${i}`, html, text };
}

describe("mail outbox", () => {
  it("delivers written mail over SMTP with both parts, escaped", async () => {
    const { t, smtp } = await setup();
    await enqueueMail(t.database.db, mail(1));
    const worker = createMailWorker({ db: t.database.db, logger, smtpUrl: smtp.url, from: "Firm <firm@example.com>" });
    expect(await worker.runOnce()).toBe(1);
    const got = await smtp.waitFor((m) => m.subject === "Subject 1");
    expect(got.to).toEqual(["to1@example.com"]);
    expect(got.replyTo).toEqual(["visitor@example.com"]);
    expect(got.text).toContain("Name: <script>alert(1)</script>");
    expect(got.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(got.html).not.toContain("<script>");
    const [row] = await outboxRows(t.database.db);
    expect(row!.status).toBe("sent");
    expect(row!.attempts).toBe(1);
    await worker.stop();
  });

  it("keeps mail while SMTP is down, records the error, and delivers each exactly once when it returns", async () => {
    const { t, smtp } = await setup();
    const port = smtp.port;
    await smtp.stop();
    for (let i = 0; i < 5; i++) await enqueueMail(t.database.db, mail(i));
    const worker = createMailWorker({
      db: t.database.db,
      logger,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "f@example.com",
      baseBackoffMs: 1,
      maxBackoffMs: 1,
    });
    expect(await worker.runOnce()).toBe(0);
    const pending = await outboxRows(t.database.db);
    expect(pending.every((m) => m.status === "pending" && m.attempts === 1 && (m.last_error ?? "").length > 0)).toBe(true);

    const back = await startSmtpServer({ port });
    cleanups.push(() => back.stop());
    await new Promise((r) => setTimeout(r, 5));
    expect(await worker.runOnce()).toBe(5);
    expect(await worker.runOnce()).toBe(0);
    expect(back.messages.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Subject ${i}`));
    await worker.stop();
  });

  it("never sends one mail twice when two workers share the database", async () => {
    const { t, smtp } = await setup();
    for (let i = 0; i < 30; i++) await enqueueMail(t.database.db, mail(i));
    const a = createMailWorker({ db: t.database.db, logger, smtpUrl: smtp.url, from: "f@example.com" });
    const b = createMailWorker({ db: t.database.db, logger, smtpUrl: smtp.url, from: "f@example.com" });
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(na + nb).toBe(30);
    expect(smtp.messages).toHaveLength(30);
    expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(30);
    await a.stop();
    await b.stop();
  });

  it("gives up on a mail only after the retry period", async () => {
    const { t } = await setup();
    const [id] = await enqueueMail(t.database.db, mail(1));
    await t.database.db.execute(sql`update mail_outbox set created_at = now() - interval '49 hours' where id = ${id}`);
    const worker = createMailWorker({ db: t.database.db, logger, smtpUrl: "smtp://127.0.0.1:9", from: "f@example.com" });
    await worker.runOnce();
    const [row] = await outboxRows(t.database.db, sql`id = ${id!}`);
    expect(row!.status).toBe("failed");
    await worker.stop();
  });

  it("backs off exponentially up to a cap", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 10, 50))).toEqual([10, 20, 40, 50]);
  });
});
