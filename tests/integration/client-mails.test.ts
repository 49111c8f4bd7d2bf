import { todayIso } from "~/lib/format.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOpenQuestions } from "~/features/bank/bank-questions.server.ts";
import type { BankLine } from "~/features/bank/bank.types.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * What the firm's mails to a client carry: a document request with the firm's own message, and the bank questions
 * with each line asked about (its date, amount and text), a long list cut short with how many more there are.
 */

const PUBLIC_URL = "http://localhost:3000";
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("mails to the client say what they are about", () => {
  let t: TestApp;
  let owner: TestUser;
  let staff: TestUser;
  let orgId: number;
  let books: string;

  const call = (user: TestUser, p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const mails = (kind: string, to: string) =>
    queryRows<{ subject: string; text_body: string; html_body: string }>(
      t.ctx.db,
      sql`select subject, text_body, html_body from mail_outbox where kind = ${kind} and to_address = ${to} order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Gonzalez Landscaping" });
    books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Keeper" });
    await addMember(t.ctx.db, orgId, staff.id, "accountant");
  });
  afterAll(() => t.close());

  it("a document request's mail carries the firm's message, escaped in HTML, in both parts", async () => {
    const message = 'Hello Maria,\nplease send <b>all</b> receipts & the "big" invoice.';
    await ok(
      call(staff, `/api/requests/${orgId}`, {
        json: {
          title: "November close",
          message,
          items: [{ label: "November bank statement", due_on: inDays(10) }],
          remind_days_before: 2,
          remind_on_due: true,
          remind_every_days: 3,
        },
      }),
      201,
    );
    const [mail] = await mails("document-request", owner.email);
    expect(mail!.text_body).toContain(message);
    expect(mail!.html_body).toContain("please send &lt;b&gt;all&lt;/b&gt; receipts &amp; the &quot;big&quot; invoice.");
    expect(mail!.html_body).not.toContain("<b>all</b>");
    expect(mail!.text_body).toContain("November bank statement");
  });

  it("the questions mail lists each line asked about, with date, amount and text; a long list ends with how many more", async () => {
    const { account } = await ok<{ account: { id: number } }>(
      call(staff, `${books}/accounts`, { json: { account_code: "1010", account_name: "Checking", account_type: "Asset" } }),
      201,
    );
    const { account: bank } = await ok<{ account: { id: number } }>(
      call(staff, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: account.id } }),
      201,
    );
    const path = `/api/bank/${orgId}/accounts/${bank.id}`;
    const rows = Array.from({ length: 23 }, (_, i) => `2024-11-${String(i + 1).padStart(2, "0")},Garden <Centre> ${i + 1},-${i + 1}0.50`);
    await ok(
      call(staff, `${path}/statements?name=nov.csv`, { method: "POST", body: `Date,Description,Amount\r\n${rows.join("\r\n")}\r\n` }),
    );
    const { lines } = await ok<{ lines: BankLine[] }>(call(staff, `${path}/lines`));
    for (const [i, line] of lines.entries())
      await ok(
        call(staff, `${path}/questions`, { json: { bank_line_id: line.id, question: i === 0 ? "What was this for?" : undefined } }),
        201,
      );

    expect(await mailOpenQuestions(t.ctx.db, PUBLIC_URL, todayIso())).toBe(1);
    const [mail] = await mails("bank-questions", owner.email);
    expect(mail!.subject).toBe("Questions about your bank transactions (Gonzalez Landscaping)");
    const text = mail!.text_body;
    expect(text).toContain("23 bank transactions need a word from you");
    // The oldest first, each with its date, amount and the bank's text; the firm's question where it wrote one.
    expect(text).toMatch(/2024-11-01 · -\$10\.50: Garden <Centre> 1\b.*What was this for\?/);
    expect(text).toMatch(/2024-11-20 · -\$200\.50: Garden <Centre> 20\b/);
    expect(text).not.toContain("Garden <Centre> 21");
    expect(text).toContain("and 3 more");
    expect(mail!.html_body).toContain("Garden &lt;Centre&gt; 1");
    expect(mail!.html_body).not.toContain("<Centre>");
    expect(text).toContain(`${PUBLIC_URL}/accounting/${orgId}/questions`);
  });
});
