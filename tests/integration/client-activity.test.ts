import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailClientActivity } from "~/features/activity/activity-mails.server.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { requestBody } from "../support/api-requests.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PDF = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n";

interface Activity {
  items: { organization_name: string; actor_name: string; kind: string; subject: string | null; link: string; read: boolean; id: number }[];
  more: boolean;
  unread: number;
}

/**
 * Told when the client acts (decision 115): a client answers a bank question and uploads to a request; the staff on the
 * client and the assignee of its open work see it in the app and get one mail per client and quarter hour (or a day's
 * mail, or none); the actor and staff with nothing to do with the client hear nothing.
 */
describe("client activity: counts and mails to the firm's people on the client", () => {
  let t: TestApp;
  let owner: TestUser;
  let keeper: TestUser;
  let assignee: TestUser;
  let finished: TestUser;
  let bystander: TestUser;
  let daily: TestUser;
  let quiet: TestUser;
  let orgId: number;
  let bank: string;
  let lines: number[];
  let requestId: number;
  let items: number[];

  const call = (u: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: u.cookie });
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const unread = async (u: TestUser) => (await ok<{ unread: number }>(call(u, "/api/activity/unread"))).unread;
  const mails = async (to?: string) =>
    queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.ctx.db,
      sql`select to_address, subject, text_body from mail_outbox where kind = 'client-activity'
           ${to ? sql`and to_address = ${to}` : sql``} order by id`,
    );
  const ask = async (lineId: number) =>
    (
      await ok<{ question: { id: number } }>(
        call(keeper, `${bank}/questions`, { json: { bank_line_id: lineId, question: "What is this?" } }),
        201,
      )
    ).question.id;
  const answer = (u: TestUser, id: number) => ok(call(u, `/api/bank/${orgId}/questions/${id}/answer`, { json: { note: "Office chairs" } }));
  const upload = (u: TestUser, item: number) =>
    ok(call(u, `/api/requests/${orgId}/${requestId}/items/${item}/files?name=receipt.pdf`, { method: "POST", body: PDF }), 201);
  const reset = async () => {
    await t.ctx.db.execute(sql`delete from client_activity`);
    await t.ctx.db.execute(sql`delete from client_activity_mail_state`);
    await t.ctx.db.execute(sql`delete from mail_outbox`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { firstName: "Dana", lastName: "Baker", companyName: "Acme Bakery", email: "dana@acme.example" });
    keeper = await createSignedInUser(t, { role: "staff", email: "keeper@firm.example" });
    assignee = await createSignedInUser(t, { role: "admin", email: "assignee@firm.example" });
    finished = await createSignedInUser(t, { role: "staff", email: "finished@firm.example" });
    bystander = await createSignedInUser(t, { role: "staff", email: "bystander@firm.example" });
    daily = await createSignedInUser(t, { role: "staff", email: "daily@firm.example" });
    quiet = await createSignedInUser(t, { role: "staff", email: "quiet@firm.example" });
    orgId = (await ok<{ organizations: { id: number }[] }>(call(owner, "/api/accounting/orgs"))).organizations[0]!.id;
    for (const u of [keeper, daily, quiet]) await addMember(t.ctx.db, orgId, u.id, "accountant");
    await ok(call(daily, "/api/messages/preferences", { method: "PUT", json: { notify: "daily" } }));
    await ok(call(quiet, "/api/messages/preferences", { method: "PUT", json: { notify: "none" } }));

    // The client's work: one instance open (the assignee is told), one done (its assignee is not).
    const [tpl] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into work_templates (title, service, frequency, due_kind, due_day) values ('Activity check', 'Bookkeeping', 'monthly', 'day_of_month', 15)
          returning id`,
    );
    await t.ctx.db.execute(
      sql`insert into work_instances (template_id, organization_id, period_start, period_end, name, due_on, assignee_id, status, done_at)
          values (${tpl!.id}, ${orgId}, '2026-05-01', '2026-05-31', 'Close — May 2026', '2026-06-15', ${assignee.id}, 'in_progress', null),
                 (${tpl!.id}, ${orgId}, '2026-04-01', '2026-04-30', 'Close — April 2026', '2026-05-15', ${finished.id}, 'done', now())`,
    );

    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(
      call(owner, `/api/accounting/orgs/${orgId}/accounts`),
    );
    const cash = accounts.find((a) => a.account_code === "1000")!.id;
    const { account } = await ok<{ account: { id: number } }>(
      call(keeper, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: cash, currency: "USD" } }),
      201,
    );
    bank = `/api/bank/${orgId}/accounts/${account.id}`;
    const csv =
      "Date,Description,Amount\r\n2026-05-02,Office Depot,-89.90\r\n2026-05-03,Transfer 4411,-250.00\r\n2026-05-04,Cash deposit,120.00\r\n";
    await ok(call(keeper, `${bank}/statements?name=may.csv`, { method: "POST", body: csv }));
    lines = (await ok<{ lines: { id: number }[] }>(call(keeper, `${bank}/lines?show=all`))).lines.map((l) => l.id);
    const labels = ["May statement", "Receipts", "Payroll"];
    const { request } = await ok<{ request: { id: number; list: { id: number }[] } }>(
      call(keeper, `/api/requests/${orgId}`, {
        json: { ...requestBody(), title: "May close", items: labels.map((label) => ({ label, due_on: "2026-06-10" })) },
      }),
      201,
    );
    requestId = request.id;
    items = request.list.map((i) => i.id);
  });
  afterAll(() => t.close());

  it("the client answers and uploads: the staff on the client and the assignee get a count of 2 and one mail", async () => {
    await reset();
    const question = await ask(lines[0]!);
    await answer(owner, question);
    await upload(owner, items[0]!);

    for (const u of [keeper, assignee, daily, quiet]) expect(await unread(u)).toBe(2);
    for (const u of [bystander, finished]) expect(await unread(u)).toBe(0);
    // The client (the actor) is not told, and the firm's list is not hers.
    expect((await call(owner, "/api/activity/unread")).status).toBe(404);
    expect(await queryRows(t.ctx.db, sql`select 1 from client_activity_recipients where user_id = ${owner.id}`)).toEqual([]);

    const list = await ok<Activity>(call(keeper, "/api/activity"));
    expect(list.items.map((i) => [i.kind, i.actor_name, i.organization_name, i.link])).toEqual([
      ["request_file_uploaded", "Dana Baker", "Acme Bakery", `/accounting/${orgId}/requests/${requestId}`],
      ["question_answered", "Dana Baker", "Acme Bakery", `/accounting/${orgId}/questions#question-${question}`],
    ]);
    expect(list.items[0]!.subject).toBe("May statement: receipt.pdf");
    expect(list.items[1]!.subject).toContain("Office Depot");

    // The first act mailed at once; the job, whichever processes run it, adds none within the quarter hour.
    const now = Date.now();
    expect(await Promise.all([1, 2].map(() => mailClientActivity(t.ctx.db, t.config.publicUrl, new Date(now + 5 * 60_000))))).toEqual([
      0, 0,
    ]);
    expect((await mails()).map((m) => m.to_address).sort()).toEqual(["assignee@firm.example", "keeper@firm.example"]);
    const [mail] = await mails("keeper@firm.example");
    expect(mail!.subject).toBe("Client activity: Acme Bakery");
    expect(mail!.text_body).toContain("Dana Baker answered 1 question");
    expect(mail!.text_body).toContain(`${t.config.publicUrl}/firm/activity`);
    // No bank text, no file name in a mail.
    expect(mail!.text_body).not.toContain("Office Depot");
    expect(mail!.text_body).not.toContain("receipt.pdf");

    // Past the quarter hour: one more mail each, for the upload.
    const later = await Promise.all([1, 2, 3].map(() => mailClientActivity(t.ctx.db, t.config.publicUrl, new Date(now + 16 * 60_000))));
    expect(later.reduce((a, b) => a + b, 0)).toBe(2);
    const [, second] = await mails("keeper@firm.example");
    expect(second!.text_body).toContain("Dana Baker uploaded 1 file");
    expect(await mailClientActivity(t.ctx.db, t.config.publicUrl, new Date(now + 40 * 60_000))).toBe(0);
    expect(await mails("finished@firm.example")).toEqual([]);
    expect(await mails("bystander@firm.example")).toEqual([]);
    expect(await mails("dana@acme.example")).toEqual([]);
  });

  it("a second act within 15 minutes waits for the gap; what was read in the app is not mailed", async () => {
    await reset();
    await upload(owner, items[1]!);
    expect(await mails("keeper@firm.example")).toHaveLength(1);
    await answer(owner, await ask(lines[1]!));
    const now = Date.now();
    expect(await mailClientActivity(t.ctx.db, t.config.publicUrl, new Date(now + 14 * 60_000))).toBe(0);
    expect(await mails("keeper@firm.example")).toHaveLength(1);
    // The assignee reads it in the app: nothing left to mail them.
    const { items: shown } = await ok<Activity>(call(assignee, "/api/activity"));
    expect(await ok(call(assignee, "/api/activity/read", { json: { through: shown[0]!.id } }))).toEqual({ marked: 2, unread: 0 });
    expect(await mailClientActivity(t.ctx.db, t.config.publicUrl, new Date(now + 16 * 60_000))).toBe(1);
    const keeperMails = await mails("keeper@firm.example");
    expect(keeperMails).toHaveLength(2);
    expect(keeperMails[1]!.text_body).toContain("answered 1 question");
    expect(await mails("assignee@firm.example")).toHaveLength(1);
  });

  it("a daily chooser gets one mail the next day covering every act; none gets no mail", async () => {
    await reset();
    await upload(owner, items[2]!);
    await answer(owner, await ask(lines[2]!));
    await ok(call(owner, `/api/messages/${orgId}/messages`, { json: { body: "Here is everything for May." } }), 201);
    const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
    const endOfToday = today.getTime() + 24 * 3_600_000 - 1;
    await mailClientActivity(t.ctx.db, t.config.publicUrl, new Date(Math.min(Date.now() + 60 * 60_000, endOfToday)));
    expect(await mails("daily@firm.example")).toEqual([]);
    const tomorrow = new Date(today.getTime() + 24 * 3_600_000 + 5 * 60_000);
    await Promise.all([1, 2].map(() => mailClientActivity(t.ctx.db, t.config.publicUrl, tomorrow)));
    const dailyMails = await mails("daily@firm.example");
    expect(dailyMails).toHaveLength(1);
    expect(dailyMails[0]!.text_body).toContain("Dana Baker answered 1 question, uploaded 1 file and wrote 1 message");
    expect(await mails("quiet@firm.example")).toEqual([]);
    expect(await unread(quiet)).toBe(3);
  });

  it("a client's message reaches the staff as client activity, not as a second, message mail", async () => {
    await reset();
    await t.ctx.db.execute(sql`delete from message_mail_state`);
    await ok(call(owner, `/api/messages/${orgId}/messages`, { json: { body: "Did you get the receipts?" } }), 201);
    const notices = await queryRows<{ to_address: string; kind: string }>(
      t.ctx.db,
      sql`select to_address, kind from mail_outbox order by to_address, kind`,
    );
    expect(notices).toEqual([
      { to_address: "assignee@firm.example", kind: "client-activity" },
      { to_address: "keeper@firm.example", kind: "client-activity" },
    ]);
    // A colleague's message still comes as a message mail (and to the client).
    await ok(call(keeper, `/api/messages/${orgId}/messages`, { json: { body: "Yes, thank you." } }), 201);
    const after = await queryRows<{ to_address: string }>(
      t.ctx.db,
      sql`select to_address from mail_outbox where kind = 'message-notification' order by to_address`,
    );
    expect(after.map((r) => r.to_address)).toEqual(["dana@acme.example"]);
    // Staff acting in the books is not client activity.
    expect(await unread(daily)).toBe(1);
  });

  it("the firm's list: keyset pages, marking read; 404 to a client", async () => {
    expect((await call(owner, "/api/activity")).status).toBe(404);
    expect((await call(keeper, "/api/activity/read", { json: {} })).status).toBe(400);
    const all = await ok<Activity>(call(daily, "/api/activity"));
    expect(all.unread).toBe(1);
    expect(await ok(call(daily, "/api/activity/read", { json: { ids: [all.items[0]!.id] } }))).toEqual({ marked: 1, unread: 0 });
    const older = await ok<Activity>(call(daily, `/api/activity?before=${all.items[0]!.id}`));
    expect(older.items.every((i) => i.id < all.items[0]!.id)).toBe(true);
  });
});
