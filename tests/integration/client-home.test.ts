import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationGlance } from "~/features/messages/index.server.ts";
import { clientTodo } from "~/features/requests/index.server.ts";
import type { DocumentRequest } from "~/features/requests/requests.types.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { createApp } from "~/server/app.ts";
import { pageBuild } from "../support/page-build.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const CSV =
  "Date,Description,Amount\r\n2026-05-02,Amazon Mktp,-89.90\r\n2026-05-04,Cash deposit,120.00\r\n2026-05-06,Transfer 4471,-300.00\r\n";

/**
 * The client's home (decision 114): what the firm waits on her for (request items to do or sent back, bank questions
 * not answered on lines still open), her latest packs and the messages, for the members of the books; where she lands
 * after signing in (/accounting, the sign-in page with no page asked for) and where the firm's people land.
 */
describe("the client's home and where people land after signing in", () => {
  let t: TestApp;
  let pages: ReturnType<typeof createApp>;
  let owner: TestUser;
  let keeper: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let orgId: number;
  let request: DocumentRequest;
  let questionIds: number[];

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
  const page = (path: string, user: TestUser) => pages.request(path, { headers: { cookie: user.cookie } });
  const location = async (path: string, user: TestUser) => {
    const res = await page(path, user);
    expect(res.status, path).toBe(302);
    return res.headers.get("location");
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    pages = createApp(t.ctx, {
      build: await pageBuild(["routes/accounting-home.tsx", "routes/accounting.tsx", "routes/login.tsx"]),
    });
    owner = await createSignedInUser(t, { companyName: "Hollow Pine Pottery", firstName: "Maria" });
    keeper = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Keeper" });
    admin = await createSignedInUser(t, { role: "admin" });
    stranger = await createSignedInUser(t);
    const { organizations } = await ok<{ organizations: { id: number }[] }>(as(owner, "/api/accounting/orgs"));
    orgId = organizations[0]!.id;
    await ok(as(admin, `/api/firm/clients/${orgId}/accountants`, { json: { user_id: keeper.id } }));

    // Three statement lines, a question on each: one stays open, one is answered, one's line is set aside.
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(
      as(owner, `/api/accounting/orgs/${orgId}/accounts`),
    );
    const cash = accounts.find((a) => a.account_code === "1000")!.id;
    const { account } = await ok<{ account: { id: number } }>(
      as(keeper, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: cash } }),
    );
    const bank = `/api/bank/${orgId}/accounts/${account.id}`;
    await ok(as(keeper, `${bank}/statements?name=may.csv`, bytes(CSV)));
    const { lines } = await ok<{ lines: { id: number; description: string }[] }>(as(keeper, `${bank}/lines?show=all`));
    const line = (text: string) => lines.find((l) => l.description === text)!.id;
    questionIds = [];
    for (const [text, question] of [
      ["Amazon Mktp", "What did you buy?"],
      ["Cash deposit", "Where is this from?"],
      ["Transfer 4471", "Who is this to?"],
    ] as const) {
      const asked = await ok<{ question: { id: number } }>(
        as(keeper, `${bank}/questions`, { json: { bank_line_id: line(text), question } }),
      );
      questionIds.push(asked.question.id);
    }
    await ok(as(owner, `/api/bank/${orgId}/questions/${questionIds[1]}/answer`, { json: { note: "A sale at the market" } }));
    await ok(as(keeper, `${bank}/lines/${line("Transfer 4471")}/exclude`, { json: { reason: "Between her own accounts" } }));

    // A request of three items: one to do (due soonest), one sent back, one uploaded (waiting on the firm).
    ({ request } = await ok<{ request: DocumentRequest }>(
      as(keeper, `/api/requests/${orgId}`, {
        json: {
          title: "May close",
          items: [
            { label: "May bank statement", due_on: addDays(todayIso(), 12) },
            { label: "Receipt for the kiln", due_on: addDays(todayIso(), 3) },
            { label: "Payroll report", due_on: addDays(todayIso(), 5) },
          ],
          remind_on_due: true,
        },
      }),
    ));
    const item = (label: string) => request.list.find((i) => i.label === label)!.id;
    const files = (label: string) => `/api/requests/${orgId}/${request.id}/items/${item(label)}/files?name=file.pdf`;
    expect((await as(owner, files("May bank statement"), bytes(PDF))).status).toBe(201);
    expect((await as(owner, files("Payroll report"), bytes(PDF))).status).toBe(201);
    await ok(
      as(keeper, `/api/requests/${orgId}/${request.id}/items/${item("Payroll report")}/return`, {
        json: { reason: "This is April's: May's, please" },
      }),
    );

    // Messages: two from the firm, then one of hers (the firm's are unread to her).
    for (const [u, body] of [
      [keeper, "Hello Maria, May is under way."],
      [keeper, "Two things wait on you."],
      [owner, "Thanks, on it."],
    ] as const)
      await ok(as(u, `/api/messages/${orgId}/messages`, { json: { body, attachment_ids: [] } }));
  }, 60_000);
  afterAll(() => t?.close());

  it("lists what waits on the client, the soonest due first, each with the page where she does it", async () => {
    const { todo, total } = await clientTodo(t.ctx.db, orgId);
    expect(total).toBe(3);
    const item = (label: string) => request.list.find((i) => i.label === label)!.id;
    expect(todo.map((x) => [x.kind, x.label, x.returned, x.note, x.href])).toEqual([
      [
        "request_item",
        "Receipt for the kiln",
        false,
        null,
        `/accounting/${orgId}/requests/${request.id}#item-${item("Receipt for the kiln")}-heading`,
      ],
      [
        "request_item",
        "Payroll report",
        true,
        "This is April's: May's, please",
        `/accounting/${orgId}/requests/${request.id}#item-${item("Payroll report")}-heading`,
      ],
      ["bank_question", "Amazon Mktp", false, "What did you buy?", `/accounting/${orgId}/questions#question-${questionIds[0]}`],
    ]);
    expect(todo[0]).toMatchObject({ context: "May close", due_on: addDays(todayIso(), 3), date: null });
    expect(todo[2]).toMatchObject({ context: "Checking", due_on: null, date: "2026-05-02", amount: "-89.90", currency: "USD" });
  });

  it("shows the conversation's newest messages and what is unread to each reader", async () => {
    const her = await conversationGlance(t.ctx.db, owner.id, orgId, 2);
    expect(her.messages.map((m) => m.body)).toEqual(["Thanks, on it.", "Two things wait on you."]);
    expect(her.unread).toBe(2);
    expect((await conversationGlance(t.ctx.db, keeper.id, orgId)).unread).toBe(1);
  });

  it("answers the home's data to the members of the books (the client and the firm's people on it), 404 to anyone else", async () => {
    for (const u of [owner, keeper]) {
      const res = await page(`/accounting/${orgId}/home.data`, u);
      expect(res.status).toBe(200);
      const body = await res.text();
      for (const text of ["Receipt for the kiln", "Payroll report", "Amazon Mktp", "Two things wait on you."]) expect(body).toContain(text);
      // Answered, set aside or waiting on the firm: not hers to do.
      for (const text of ["Cash deposit", "Transfer 4471", "May bank statement"]) expect(body).not.toContain(text);
    }
    for (const u of [stranger, admin]) expect((await page(`/accounting/${orgId}/home.data`, u)).status).toBe(404);
  });

  it("says nothing is waiting once everything is done", async () => {
    const { organizations } = await ok<{ organizations: { id: number }[] }>(as(stranger, "/api/accounting/orgs"));
    expect(await clientTodo(t.ctx.db, organizations[0]!.id)).toEqual({ todo: [], total: 0 });
  });

  it("lands a client on her home and the firm's people on their week when no page was asked for", async () => {
    expect(await location("/accounting", owner)).toBe(`/accounting/${orgId}/home`);
    expect(await location("/accounting", keeper)).toBe("/firm/clients");
    expect(await location("/login", owner)).toBe("/accounting");
    expect(await location("/login", keeper)).toBe("/firm/my-week");
    expect(await location("/login", admin)).toBe("/firm/my-week");
    // A page asked for still wins; one of another site (or the sign-in page itself) does not.
    expect(await location("/login?from=%2Fcalculators", owner)).toBe("/calculators");
    expect(await location("/login?from=https%3A%2F%2Fevil.example%2F", owner)).toBe("/accounting");
    expect(await location("/login?from=%2Flogin", keeper)).toBe("/firm/my-week");
  });
});
