import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import type { ClientGlancePage, FirmClientDetail } from "~/features/tenancy/tenancy.types.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { bankFixture } from "../support/bank.ts";
import { booksPath, firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * The firm's clients at a glance (issue 41): every column read from the books after real writes through the API
 * (a statement imported, a question asked and answered, a reconciliation, a lock, a request, a message, a pack),
 * each filter and order, keyset pages, and who may see it.
 */
describe("/api/firm/clients at a glance", () => {
  let t: TestApp;
  let staff: TestUser;
  let admin: TestUser;
  const owners: Record<string, TestUser> = {};
  const orgs: Record<string, number> = {};
  const today = todayIso();
  const monthEnd = addDays(`${today.slice(0, 7)}-01`, -1);

  const call = (u: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: u?.cookie });
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const list = (query = "", u = staff) => ok<ClientGlancePage>(call(u, `/api/firm/clients${query}`));
  const names = async (query: string, u = staff) => (await list(query, u)).clients.map((c) => c.name);
  const row = async (name: string, u = staff) => (await list(`?q=${encodeURIComponent(name)}`, u)).clients.find((c) => c.name === name)!;

  /** A bank account kept in a new Asset account of the chart. */
  async function openBank(u: TestUser, orgId: number, code: string, name: string) {
    const { account } = await ok<{ account: { id: number } }>(
      call(u, `${booksPath(orgId)}/accounts`, { json: { account_code: code, account_name: name, account_type: "Asset" } }),
      201,
    );
    const created = await ok<{ account: { id: number } }>(
      call(u, `/api/bank/${orgId}/accounts`, { json: { name, kind: "bank", account_id: account.id, currency: "USD" } }),
      201,
    );
    return `/api/bank/${orgId}/accounts/${created.account.id}`;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Staff" });
    admin = await createSignedInUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    for (const name of ["Alder Farm", "Birch Studio", "Cedar Cafe"]) {
      owners[name] = await createSignedInUser(t, { companyName: name });
      orgs[name] = Number((await firstBooks(t)(owners[name].cookie)).split("/").pop());
    }
    const [alder, birch] = [orgs["Alder Farm"]!, orgs["Birch Studio"]!];
    await addMember(t.ctx.db, alder, staff.id, "accountant");

    // Alder Farm: a statement of two lines imported, one asked about; a request; a message; locked through last month.
    const checking = await openBank(staff, alder, "1010", "Alder Checking");
    await ok(
      call(staff, `${checking}/statements?name=october.ofx`, {
        method: "POST",
        body: new Uint8Array(bankFixture("ofx/ofxtools-stmtrs.ofx")),
        headers: { "content-type": "application/octet-stream" },
      }),
    );
    const { lines } = await ok<{ lines: { id: number }[] }>(call(staff, `${checking}/lines?show=all`));
    await ok(call(staff, `${checking}/questions`, { json: { bank_line_id: lines[0]!.id, question: "What is this cheque?" } }), 201);
    await ok(
      call(staff, `/api/requests/${alder}`, {
        json: { title: "October", items: [{ label: "October statement", due_on: addDays(today, 5) }], remind_on_due: true },
      }),
      201,
    );
    await ok(call(owners["Alder Farm"]!, `/api/messages/${alder}/messages`, { json: { body: "Hello from the farm" } }), 201);
    await ok(call(staff, `${booksPath(alder)}/lock`, { method: "PUT", json: { lock_date: monthEnd, reason: "Closed" } }));
    await ok(call(staff, `${booksPath(alder)}/packs`, { json: { month: monthEnd.slice(0, 7) } }), 201);

    // Birch Studio: a bank account reconciled through last month (nothing on it), another never reconciled.
    const birchMain = await openBank(owners["Birch Studio"]!, birch, "1010", "Birch Main");
    await openBank(owners["Birch Studio"]!, birch, "1020", "Birch Savings");
    await ok(
      call(owners["Birch Studio"]!, `${birchMain}/reconciliations`, { json: { statement_date: monthEnd, statement_balance: "0.00" } }),
      201,
    );

    // Work of the firm (the work feature makes instances from schedules; here one open instance each, in SQL).
    await t.ctx.db.execute(
      sql`insert into work_instances (template_id, organization_id, period_start, period_end, name, due_on, assignee_id)
          select (select min(id) from work_templates), o, ${`${monthEnd.slice(0, 7)}-01`}::date, ${monthEnd}::date, n, d::date, a
            from (values (${birch}::int, 'Close — Birch', ${addDays(today, 3)}, ${staff.id}::text),
                         (${alder}::int, 'Close — Alder', ${addDays(today, 9)}, null)) v (o, n, d, a)`,
    );
  });
  afterAll(() => t.close());

  it("answers 404 to anyone but staff and admins, and 400 naming a bad filter", async () => {
    for (const u of [null, owners["Alder Farm"]!]) {
      expect((await call(u, "/api/firm/clients")).status).toBe(404);
      expect((await call(u, `/api/firm/clients/${orgs["Alder Farm"]}`)).status).toBe(404);
    }
    const bad = await call(staff, "/api/firm/clients?sort=size&waiting=maybe&days=-1&mine=yes");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      sort: "Sort must be one of name, next_due, waiting, lock, reconciled",
      waiting: "Waiting must be client or firm",
      days: "Days must be between 0 and 3650",
      mine: "mine is 1 or absent",
    });
    const cursor = await call(staff, "/api/firm/clients?sort=lock&after=Alder_3");
    expect(((await cursor.json()) as { fields: Record<string, string> }).fields).toEqual({ after: "After is not a valid page position" });
    expect((await call(staff, "/api/firm/clients/999999")).status).toBe(404);
  });

  it("reads every column from the books", async () => {
    const alder = await row("Alder Farm");
    expect(alder).toMatchObject({
      is_member: true,
      firm_access: true,
      bank_accounts: [{ name: "Alder Checking", reconciled_through: null, unmatched: 2 }],
      lock_date: monthEnd,
      questions: { client: 1, firm: 0 },
      requests: { client: 1, firm: 0 },
      waiting_firm_since: null,
      unread: 1,
      next_work: { name: "Close — Alder", due_on: addDays(today, 9), assignee: null },
      last_pack: { month: `${monthEnd.slice(0, 7)}-01` },
    });
    expect(alder.waiting_client_since).not.toBeNull();
    const birch = await row("Birch Studio");
    expect(birch).toMatchObject({
      is_member: false,
      bank_accounts: [
        { name: "Birch Main", reconciled_through: monthEnd, unmatched: 0 },
        { name: "Birch Savings", reconciled_through: null, unmatched: 0 },
      ],
      lock_date: null,
      unread: null,
      next_work: { name: "Close — Birch", assignee: { id: staff.id, name: "Sam Staff" } },
      last_pack: null,
    });
    // The admin reads every conversation: the client's message is unread to her too.
    expect((await row("Alder Farm", admin)).unread).toBe(1);

    // The client answers: the question now waits on the firm; the staff member reads the message.
    const { questions } = await ok<{ questions: { id: number }[] }>(
      call(owners["Alder Farm"]!, `/api/bank/${orgs["Alder Farm"]}/questions`),
    );
    await ok(
      call(owners["Alder Farm"]!, `/api/bank/${orgs["Alder Farm"]}/questions/${questions[0]!.id}/answer`, { json: { note: "Rent" } }),
    );
    const conversation = await ok<{ last_seq: number }>(call(staff, `/api/messages/${orgs["Alder Farm"]}/messages`));
    await ok(call(staff, `/api/messages/${orgs["Alder Farm"]}/read`, { json: { seq: conversation.last_seq } }));
    expect(await row("Alder Farm")).toMatchObject({ questions: { client: 0, firm: 1 }, unread: 0 });
    expect((await row("Alder Farm")).waiting_firm_since).not.toBeNull();

    // The client's page: the same facts, and its open work linked.
    const detail = await ok<FirmClientDetail>(call(staff, `/api/firm/clients/${orgs["Birch Studio"]}`));
    expect(detail.glance).toEqual(birch);
    expect(detail.client.members).toEqual([expect.objectContaining({ role: "owner" })]);
    expect(detail.work).toEqual([expect.objectContaining({ name: "Close — Birch", status: "not_started", due_on: addDays(today, 3) })]);
    expect(detail.month_end).toBe(monthEnd);
  });

  it("filters by each fact", async () => {
    expect(await names("?unreconciled=1")).toEqual(["Alder Farm", "Birch Studio"]);
    expect(await names("?unlocked=1")).toEqual(["Birch Studio", "Cedar Cafe"]);
    expect(await names("?mine=1")).toEqual(["Alder Farm", "Birch Studio"]);
    expect(await names("?waiting=firm")).toEqual(["Alder Farm"]);
    // The request item was sent today: waiting on the client, not for 7 days yet.
    expect(await names("?waiting=client&days=0")).toEqual(["Alder Farm"]);
    expect(await names("?waiting=client")).toEqual([]);
    await t.ctx.db.execute(
      sql`update document_requests set created_at = now() - interval '8 days' where organization_id = ${orgs["Alder Farm"]}`,
    );
    expect(await names("?waiting=client")).toEqual(["Alder Farm"]);
    expect(await names("?q=birch")).toEqual(["Birch Studio"]);
    await ok(call(owners["Cedar Cafe"]!, `/api/messages/${orgs["Cedar Cafe"]}/messages`, { json: { body: "Anyone there?" } }), 201);
    expect(await names("?unread=1")).toEqual([]);
    expect(await names("?unread=1", admin)).toEqual(["Alder Farm", "Cedar Cafe"]);
    expect(await names("?unreconciled=1&mine=1&q=alder")).toEqual(["Alder Farm"]);
  });

  it("sorts by each fact, then by name", async () => {
    expect(await names("")).toEqual(["Alder Farm", "Birch Studio", "Cedar Cafe"]);
    expect(await names("?sort=next_due")).toEqual(["Birch Studio", "Alder Farm", "Cedar Cafe"]);
    expect(await names("?sort=waiting")).toEqual(["Alder Farm", "Birch Studio", "Cedar Cafe"]);
    expect(await names("?sort=lock")).toEqual(["Birch Studio", "Cedar Cafe", "Alder Farm"]);
    // Never reconciled first (Alder's one account, Birch's savings), no bank account last.
    expect(await names("?sort=reconciled")).toEqual(["Alder Farm", "Birch Studio", "Cedar Cafe"]);
  });

  it("pages by keyset, fifty at a time, without a duplicate or a gap in any order", async () => {
    await t.ctx.db.execute(
      sql`insert into organizations (name, lock_date) select 'Paged ' || lpad(g::text, 3, '0'), case when g % 3 = 0 then null else date '2026-01-01' + g end
            from generate_series(1, 120) g`,
    );
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from organizations`);
    for (const sort of ["name", "lock", "reconciled", "next_due", "waiting"]) {
      const seen: number[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const page: ClientGlancePage = await list(`?sort=${sort}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
        expect(page.clients.length).toBeLessThanOrEqual(50);
        seen.push(...page.clients.map((c) => c.id));
        after = page.next;
        pages++;
      } while (after);
      expect(pages).toBe(Math.ceil(n / 50));
      expect(new Set(seen).size).toBe(n);
    }
    const paged = await list("?q=paged&sort=lock");
    expect(paged.clients.slice(0, 3).map((c) => c.lock_date)).toEqual([null, null, null]);
  });
});
