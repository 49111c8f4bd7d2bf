import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "~/lib/format.ts";
import type { DocumentRequest } from "~/features/requests/requests.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const CSV = "Date,Description,Amount\r\n2026-05-02,Amazon Mktp,-89.90\r\n2026-05-04,Cash deposit,120.00\r\n";
const KEEPS = "The firm keeps these books:";

interface LockMail {
  to_address: string;
  subject: string;
  text_body: string;
}

/**
 * When the firm keeps a client's books (an admin gave them to a staff member), setting or moving the lock date,
 * closing and reopening a year, the fiscal year and currency, the opening balances (decision 114), importing, bank
 * rules and deleting accounts are the firm's (decision 103, issue 38): the client's owner is refused with nothing
 * changed, and still reads, answers, uploads, writes and may remove the firm. Every change of the lock date mails the
 * firm's other people on the client.
 */
describe("books the firm keeps: the client's owner reads and answers, the firm locks and closes", () => {
  let t: TestApp;
  let owner: TestUser;
  let keeper: TestUser;
  let partner: TestUser;
  let admin: TestUser;
  let orgId: number;
  let books: string;
  let bank: string;
  let lineId: number;
  let cash: number;

  const as = (u: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: u.cookie });
  const ok = async <T = Record<string, unknown>>(res: Promise<Response>): Promise<T> => {
    const r = await res;
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  const bytes = (body: Buffer | string) => ({
    method: "POST",
    body: new Uint8Array(Buffer.from(body)),
    headers: { "content-type": "application/octet-stream" },
  });
  const lockMails = () =>
    queryRows<LockMail>(
      t.ctx.db,
      sql`select to_address, subject, text_body from mail_outbox where kind = 'books-lock-changed' order by id`,
    );
  /** What the refused writes would change: the organization's settings, its chart, entries, bank lines, rules, audit. */
  const state = async () =>
    (
      await queryRows<Record<string, unknown>>(
        t.ctx.db,
        sql`select o.lock_date::text, o.fiscal_year_start_month, o.currency,
                   (select count(*)::int from chart_of_accounts a where a.organization_id = o.id and a.is_active) as active_accounts,
                   (select count(*)::int from journal_entries e where e.organization_id = o.id) as entries,
                   (select count(*)::int from bank_lines b where b.organization_id = o.id) as bank_lines,
                   (select count(*)::int from bank_rules r where r.organization_id = o.id) as rules,
                   (select count(*)::int from fiscal_year_closes c where c.organization_id = o.id) as closes,
                   (select count(*)::int from audit_log) as audits,
                   (select count(*)::int from mail_outbox) as mails
              from organizations o where o.id = ${orgId}`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Landscaping Co" });
    keeper = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Keeper" });
    partner = await createSignedInUser(t, { role: "staff", firstName: "Pat", lastName: "Partner" });
    admin = await createSignedInUser(t, { role: "admin" });
    const { organizations } = await ok<{ organizations: { id: number }[] }>(as(owner, "/api/accounting/orgs"));
    orgId = organizations[0]!.id;
    books = `/api/accounting/orgs/${orgId}`;
    // The firm gives the client to two of its staff, as the Clients page does.
    for (const u of [keeper, partner]) await ok(as(admin, `/api/firm/clients/${orgId}/accountants`, { json: { user_id: u.id } }));

    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(as(owner, `${books}/accounts`));
    cash = accounts.find((a) => a.account_code === "1000")!.id;
    const { account } = await ok<{ account: { id: number } }>(
      as(keeper, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: cash, currency: "USD" } }),
    );
    bank = `/api/bank/${orgId}/accounts/${account.id}`;
    await ok(as(keeper, `${bank}/statements?name=may.csv`, bytes(CSV)));
    const { lines } = await ok<{ lines: { id: number }[] }>(as(keeper, `${bank}/lines?show=all`));
    lineId = lines[0]!.id;
  }, 60_000);
  afterAll(() => t?.close());

  it("refuses the client's owner (403, saying the firm keeps the books) every piece of work that is the firm's; nothing changes", async () => {
    const org = `/api/bank/${orgId}`;
    const rule = {
      name: "Fees",
      field: "text",
      operator: "contains",
      value: "amazon",
      direction: "any",
      account_id: cash,
      bank_account_id: null,
    };
    const refused: Record<string, () => Promise<Response>> = {
      "PUT lock": () => as(owner, `${books}/lock`, { method: "PUT", json: { lock_date: "2026-01-31", reason: "January closed" } }),
      "POST lock/unlock": () => as(owner, `${books}/lock/unlock`, { json: { reason: "Fix January" } }),
      "POST year-end/close": () => as(owner, `${books}/year-end/close`, { json: { fiscal_year: 2025, reason: "Year done" } }),
      "POST year-end/reopen": () => as(owner, `${books}/year-end/reopen`, { json: { fiscal_year: 2025, reason: "Redo" } }),
      "POST year-end/packages": () => as(owner, `${books}/year-end/packages`, { json: { fiscal_year: 2025 } }),
      "PUT fiscal-year": () => as(owner, `${books}/fiscal-year`, { method: "PUT", json: { fiscal_year_start_month: 4 } }),
      "PUT currency": () => as(owner, `${books}/currency`, { method: "PUT", json: { currency: "EUR" } }),
      "PUT opening-balances": () =>
        as(owner, `${books}/opening-balances`, {
          method: "PUT",
          json: { as_of: "2026-01-01", lines: [{ account_id: cash, debit_amount: "100.00", credit_amount: "0" }] },
        }),
      "POST books import preview": () =>
        as(owner, `/api/books-csv/${orgId}/preview?kind=chart`, bytes("code,name,type\r\n7000,Fees,Expense\r\n")),
      "POST books import commit": () =>
        as(owner, `/api/books-csv/${orgId}/commit?kind=chart`, bytes("code,name,type\r\n7000,Fees,Expense\r\n")),
      "POST statement preview": () => as(owner, `${bank}/statements/preview?name=june.csv`, bytes(CSV)),
      "POST statement import": () => as(owner, `${bank}/statements?name=june.csv`, bytes(CSV)),
      "POST bank rule": () => as(owner, `${org}/rules`, { json: rule }),
      "GET apply-rules (what they would post)": () => as(owner, `${bank}/apply-rules`),
      "POST apply-rules": () => as(owner, `${bank}/apply-rules`, { method: "POST" }),
      "DELETE account": () => as(owner, `${books}/accounts/${cash}?confirm=true`, { method: "DELETE" }),
    };
    const before = await state();
    for (const [route, send] of Object.entries(refused)) {
      const res = await send();
      const body = (await res.json()) as { code: string; error: string };
      expect(res.status, route).toBe(403);
      expect(body.code, route).toBe("FORBIDDEN");
      expect(body.error, route).toContain(KEEPS);
    }
    expect(await state()).toEqual(before);
  });

  it("still lets the client's owner read, answer a question, upload to a request and write a message", async () => {
    for (const path of [
      `${books}/me`,
      `${books}/accounts`,
      `${books}/lock`,
      `${books}/year-end`,
      `${books}/year-end/packages`,
      `/api/bank/${orgId}/rules`,
      `${bank}/lines`,
    ])
      expect((await as(owner, path)).status, path).toBe(200);
    const me = await ok<{ role: string }>(as(owner, `${books}/me`));
    expect(me.role).toBe("owner");

    const { question } = await ok<{ question: { id: number } }>(
      as(keeper, `${bank}/questions`, { json: { bank_line_id: lineId, question: "What did you buy?" } }),
    );
    const answered = await ok<{ question: { answer_note: string } }>(
      as(owner, `/api/bank/${orgId}/questions/${question.id}/answer`, { json: { note: "Mulch for the Smith job" } }),
    );
    expect(answered.question.answer_note).toBe("Mulch for the Smith job");

    const { request } = await ok<{ request: DocumentRequest }>(
      as(keeper, `/api/requests/${orgId}`, {
        json: { title: "May close", items: [{ label: "Receipt", due_on: addDays(todayIso(), 10) }], remind_on_due: true },
      }),
    );
    const upload = await as(owner, `/api/requests/${orgId}/${request.id}/items/${request.list[0]!.id}/files?name=receipt.pdf`, bytes(PDF));
    expect(upload.status, await upload.clone().text()).toBe(201);

    const sent = await as(owner, `/api/messages/${orgId}/messages`, { json: { body: "The receipt is up", attachment_ids: [] } });
    expect(sent.ok, await sent.clone().text()).toBe(true);
  });

  it("lets the staff member lock and unlock; each change mails the firm's other people on the client, not the one who made it", async () => {
    const before = (await lockMails()).length;
    const locked = await ok<{ lock: { lock_date: string } }>(
      as(keeper, `${books}/lock`, { method: "PUT", json: { lock_date: "2026-01-31", reason: "January reconciled" } }),
    );
    expect(locked.lock.lock_date).toBe("2026-01-31");
    const [mail, ...more] = (await lockMails()).slice(before);
    expect(more).toEqual([]);
    expect(mail!.to_address).toBe(partner.email);
    expect(mail!.subject).toBe("Sam Keeper locked the books of Landscaping Co up to 2026-01-31");
    expect(mail!.text_body).toContain("January 31, 2026 (2026-01-31)");
    expect(mail!.text_body).toContain("none (the books were not locked)");
    expect(mail!.text_body).toContain("January reconciled");
    expect(mail!.text_body).toContain(`/accounting/${orgId}/closing`);

    await ok(as(keeper, `${books}/lock/unlock`, { json: { reason: "A late invoice for January" } }));
    const unlock = (await lockMails()).slice(before + 1);
    expect(unlock.map((m) => [m.to_address, m.subject])).toEqual([[partner.email, "Sam Keeper unlocked the books of Landscaping Co"]]);
    expect(unlock[0]!.text_body).toContain("A late invoice for January");
  });

  it("lets the owner remove the firm's member; with the firm's people all viewers, the books are the client's again", async () => {
    await ok(as(owner, `${books}/members/${partner.id}`, { method: "DELETE" }));
    // The firm still keeps the books through its other staff member: the owner is still refused.
    expect((await as(owner, `${books}/lock`, { method: "PUT", json: { lock_date: "2026-01-31", reason: "Mine" } })).status).toBe(403);

    await ok(as(owner, `${books}/members/${keeper.id}`, { method: "PATCH", json: { role: "viewer" } }));
    const before = (await lockMails()).length;
    const res = await as(owner, `${books}/lock`, { method: "PUT", json: { lock_date: "2026-01-31", reason: "I keep them now" } });
    expect(res.status, await res.clone().text()).toBe(200);
    // A viewer is not one of the firm's people who keep the books: no one is mailed.
    expect((await lockMails()).length).toBe(before);
    expect((await as(keeper, `${books}/lock/unlock`, { json: { reason: "No" } })).status).toBe(403);
  });

  it("books a client keeps herself: her owner locks and unlocks, and no one at the firm is mailed", async () => {
    const self = await createSignedInUser(t, { companyName: "Self Kept LLC" });
    const { organizations } = await ok<{ organizations: { id: number }[] }>(as(self, "/api/accounting/orgs"));
    const path = `/api/accounting/orgs/${organizations[0]!.id}`;
    const before = (await lockMails()).length;
    await ok(as(self, `${path}/lock`, { method: "PUT", json: { lock_date: "2026-02-28", reason: "February closed" } }));
    await ok(as(self, `${path}/lock/unlock`, { json: { reason: "A correction" } }));
    await ok(as(self, `${path}/fiscal-year`, { method: "PUT", json: { fiscal_year_start_month: 7 } }));
    expect((await lockMails()).length).toBe(before);
  });
});
