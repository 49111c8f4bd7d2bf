import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { sendDueReminders } from "~/features/requests/index.server.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import type { DocumentRequest, QueueRow } from "~/features/requests/requests.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

interface Fields {
  fields?: Record<string, string>;
}

describe("document requests: the firm asks, the client answers item by item, the firm accepts or sends back", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let clientAccountant: TestUser;
  let staff: TestUser;
  let otherStaff: TestUser;
  let stranger: TestUser;
  let orgId: number;
  let api: string;
  const today = todayIso();

  const send = (user: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: user?.cookie });
  const detail = async (id: number, user = owner) =>
    ((await (await send(user, `${api}/${id}`)).json()) as { request: DocumentRequest }).request;
  const upload = (user: TestUser, id: number, itemId: number, name: string, bytes: Buffer) =>
    send(user, `${api}/${id}/items/${itemId}/files?name=${encodeURIComponent(name)}`, {
      method: "POST",
      body: new Uint8Array(bytes),
      headers: { "content-type": "application/octet-stream" },
    });
  const outbox = (kind: string) =>
    queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.ctx.db,
      sql`select to_address, subject, text_body from mail_outbox where kind = ${kind} order by id`,
    );
  const audits = (action: string) =>
    queryRows<{ target_id: string; after: Record<string, unknown> }>(
      t.ctx.db,
      sql`select target_id, after from audit_log where action = ${action} order by id`,
    );
  const newRequest = (items: { label: string; due_on: string }[], extra: Record<string, unknown> = {}) =>
    send(staff, api, {
      json: {
        title: "October close",
        message: "Hello, we need these.",
        items,
        remind_days_before: 2,
        remind_on_due: true,
        remind_every_days: 3,
        ...extra,
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Gonzalez Bakery" });
    orgId = Number((await firstBooks(t)(owner.cookie)).split("/").pop());
    api = `/api/requests/${orgId}`;
    viewer = await createSignedInUser(t);
    clientAccountant = await createSignedInUser(t);
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Keeper" });
    otherStaff = await createSignedInUser(t, { role: "staff" });
    stranger = await createSignedInUser(t, { companyName: "Other Books" });
    await firstBooks(t)(stranger.cookie);
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    await addMember(t.ctx.db, orgId, clientAccountant.id, "accountant");
    await addMember(t.ctx.db, orgId, staff.id, "accountant");
  });
  afterAll(() => t.close());

  it("only the firm's staff on the client send; the client is mailed a link and no document; bad input names the field", async () => {
    const items = [
      { label: "October bank statement", due_on: addDays(today, 10) },
      { label: "Receipt for 2026-10-14, $412.50, Home Depot", due_on: addDays(today, 10) },
      { label: "Receipt for 2026-10-20, $88.00, Staples", due_on: addDays(today, 12) },
    ];
    const body = { title: "October close", items, remind_days_before: 2, remind_on_due: true, remind_every_days: 3 };
    expect((await send(null, api, { json: body })).status).toBe(401);
    expect((await send(otherStaff, api, { json: body })).status).toBe(404);
    expect((await send(otherStaff, api)).status).toBe(404);
    expect((await send(stranger, api)).status).toBe(404);
    expect((await send(owner, api, { json: body })).status).toBe(403);

    const empty = await send(staff, api, { json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(((await empty.json()) as Fields).fields ?? {})).toEqual(expect.arrayContaining(["title", "items", "remind_on_due"]));
    const noItems = await send(staff, api, { json: { ...body, items: [] } });
    expect(((await noItems.json()) as Fields).fields).toEqual({ items: "Add at least one item" });
    const badDate = await send(staff, api, { json: { ...body, items: [{ label: "x", due_on: "2026-02-30" }] } });
    expect(((await badDate.json()) as Fields).fields).toEqual({ "items.0.due_on": "Due date must be a date as YYYY-MM-DD" });
    const badDays = await send(staff, api, { json: { ...body, remind_every_days: 0 } });
    expect(((await badDays.json()) as Fields).fields).toEqual({ remind_every_days: "Every must be between 1 and 30 days" });

    const res = await newRequest(items);
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: DocumentRequest };
    expect(request).toMatchObject({ status: "waiting_client", items: 3, open_items: 3, created_by_name: "Sam Keeper" });
    expect(request.next_reminder_on).toBe(addDays(today, 8));
    const mails = await outbox("document-request");
    expect(mails.map((m) => m.to_address).sort()).toEqual([owner.email, clientAccountant.email].sort());
    expect(mails[0]!.text_body).toContain(`/accounting/${orgId}/requests/${request.id}`);
    expect(mails[0]!.text_body).toContain("Home Depot");
    expect((await audits("document_request.sent")).at(-1)!.target_id).toBe(String(request.id));
    // The firm's audit log names the request and the client.
    const admin = await createSignedInUser(t, { role: "admin" });
    const log = (await (await send(admin, "/api/firm/audit-log?targetType=document_request")).json()) as {
      entries: { action: string; targetName: string }[];
    };
    expect(log.entries.find((e) => e.action === "document_request.sent")!.targetName).toBe('"October close" to Gonzalez Bakery');
    // The members see it; the viewer too.
    expect((await detail(request.id, viewer)).list).toHaveLength(3);
  });

  it("the state follows the items: uploads, not available, accept, send back, upload again, complete", async () => {
    const { request } = (await (
      await newRequest([
        { label: "Statement", due_on: addDays(today, 5) },
        { label: "Receipt A", due_on: addDays(today, 5) },
        { label: "Receipt B", due_on: addDays(today, 5) },
      ])
    ).json()) as { request: DocumentRequest };
    const [statement, receiptA, receiptB] = request.list;
    // A viewer, the firm and a stranger cannot answer.
    expect((await upload(viewer, request.id, statement!.id, "s.pdf", PDF)).status).toBe(403);
    expect((await send(viewer, `${api}/${request.id}/items/${receiptB!.id}/unavailable`, { json: { note: "lost" } })).status).toBe(403);
    expect((await upload(staff, request.id, statement!.id, "s.pdf", PDF)).status).toBe(403);
    expect((await upload(stranger, request.id, statement!.id, "s.pdf", PDF)).status).toBe(404);

    expect((await upload(owner, request.id, statement!.id, "statement.pdf", PDF)).status).toBe(201);
    expect((await upload(owner, request.id, receiptA!.id, "receipt a.png", PNG)).status).toBe(201);
    expect((await upload(owner, request.id, receiptA!.id, "receipt a back.png", PNG)).status).toBe(201);
    expect((await detail(request.id)).status).toBe("waiting_client");
    const noNote = await send(owner, `${api}/${request.id}/items/${receiptB!.id}/unavailable`, { json: {} });
    expect(noNote.status).toBe(400);
    expect(((await noNote.json()) as Fields).fields).toEqual({ note: "Note is required" });
    expect(
      (await send(owner, `${api}/${request.id}/items/${receiptB!.id}/unavailable`, { json: { note: "Paid cash, no receipt" } })).status,
    ).toBe(200);
    let now = await detail(request.id);
    expect(now.status).toBe("waiting_firm");
    expect(now.list.map((i) => i.status)).toEqual(["uploaded", "uploaded", "unavailable"]);
    expect(now.list[1]!.files.map((f) => f.file_name)).toEqual(["receipt a.png", "receipt a back.png"]);

    // The client cannot accept; the firm accepts one and sends one back with a reason.
    expect((await send(owner, `${api}/${request.id}/items/${statement!.id}/accept`, { method: "POST" })).status).toBe(403);
    expect((await send(staff, `${api}/${request.id}/items/${statement!.id}/accept`, { method: "POST" })).status).toBe(200);
    expect((await send(staff, `${api}/${request.id}/items/${statement!.id}/accept`, { method: "POST" })).status).toBe(409);
    const noReason = await send(staff, `${api}/${request.id}/items/${receiptA!.id}/return`, { json: { reason: "  " } });
    expect(((await noReason.json()) as Fields).fields).toEqual({ reason: "Reason is required" });
    expect(
      (await send(staff, `${api}/${request.id}/items/${receiptA!.id}/return`, { json: { reason: "The total is cut off" } })).status,
    ).toBe(200);
    now = await detail(request.id);
    expect(now.status).toBe("waiting_client");
    expect(now.list[1]).toMatchObject({ status: "returned", return_reason: "The total is cut off" });
    const returned = (await outbox("document-request-returned")).filter((m) => m.subject === "Sent back: Receipt A");
    expect(returned.map((m) => m.to_address).sort()).toEqual([owner.email, clientAccountant.email].sort());
    expect(returned[0]!.text_body).toContain("The total is cut off");
    // An accepted item takes no more files.
    expect((await upload(owner, request.id, statement!.id, "again.pdf", PDF)).status).toBe(409);

    // The client's accountant uploads again; the firm accepts the rest: complete.
    expect((await upload(clientAccountant, request.id, receiptA!.id, "receipt a full.png", PNG)).status).toBe(201);
    expect((await detail(request.id)).status).toBe("waiting_firm");
    for (const item of [receiptA!, receiptB!])
      expect((await send(staff, `${api}/${request.id}/items/${item.id}/accept`, { method: "POST" })).status).toBe(200);
    now = await detail(request.id);
    expect(now.status).toBe("complete");
    expect(now.next_reminder_on).toBeNull();
    const actions = (
      await queryRows<{ action: string }>(
        t.ctx.db,
        sql`select action from audit_log where target_type = 'document_request' and target_id = ${String(request.id)} order by id`,
      )
    ).map((a) => a.action);
    expect(actions).toEqual([
      "document_request.sent",
      "document_request.file_uploaded",
      "document_request.file_uploaded",
      "document_request.file_uploaded",
      "document_request.item_unavailable",
      "document_request.item_accepted",
      "document_request.item_returned",
      "document_request.file_uploaded",
      "document_request.item_accepted",
      "document_request.item_accepted",
    ]);

    // Downloads: the bytes as an attachment, audited; an accepted file attached to an entry of the books.
    const file = now.list[0]!.files[0]!;
    const down = await send(viewer, `${api}/${request.id}/files/${file.id}`);
    expect(down.status).toBe(200);
    expect(down.headers.get("content-disposition")).toBe(`attachment; filename="document"; filename*=UTF-8''statement.pdf`);
    expect(sha(Buffer.from(await down.arrayBuffer()))).toBe(sha(PDF));
    expect((await audits("document_request.file_downloaded")).length).toBeGreaterThan(0);
    expect((await send(stranger, `${api}/${request.id}/files/${file.id}`)).status).toBe(404);

    const books = `/api/accounting/orgs/${orgId}`;
    const { accounts } = (await (await send(owner, `${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
    const entry = (await (
      await send(owner, `${books}/entries`, {
        json: {
          description: "Bank fees",
          entry_date: "2026-10-31",
          lines: [
            { account_id: code("6200"), debit_amount: "12.00", credit_amount: "0" },
            { account_id: code("1000"), debit_amount: "0", credit_amount: "12.00" },
          ],
        },
      })
    ).json()) as { entry: { id: number } };
    expect((await send(owner, `${api}/${request.id}/files/${file.id}/attach`, { json: { entry_id: entry.entry.id } })).status).toBe(403);
    const badEntry = await send(staff, `${api}/${request.id}/files/${file.id}/attach`, { json: { entry_id: "x" } });
    expect(((await badEntry.json()) as Fields).fields).toEqual({ entry_id: "Journal entry is required" });
    expect((await send(staff, `${api}/${request.id}/files/${file.id}/attach`, { json: { entry_id: 999999 } })).status).toBe(404);
    expect((await send(staff, `${api}/${request.id}/files/${file.id}/attach`, { json: { entry_id: entry.entry.id } })).status).toBe(200);
    const { documents } = (await (await send(owner, `/api/entry-documents/${orgId}/${entry.entry.id}/documents`)).json()) as {
      documents: { id: number; file_name: string }[];
    };
    expect(documents.map((d) => d.file_name)).toEqual(["statement.pdf"]);
    const copy = await send(owner, `/api/entry-documents/${orgId}/${entry.entry.id}/documents/${documents[0]!.id}`);
    expect(sha(Buffer.from(await copy.arrayBuffer()))).toBe(sha(PDF));
  });

  it("files: the type read from the content (415), 10 MB (413), an empty file (400); nothing kept", async () => {
    const { request } = (await (await newRequest([{ label: "Anything", due_on: addDays(today, 5) }])).json()) as {
      request: DocumentRequest;
    };
    const itemId = request.list[0]!.id;
    const count = async () =>
      Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from document_request_files`))[0]!.n);
    const before = await count();
    const text = await upload(owner, request.id, itemId, "receipt.pdf", Buffer.from("just some text pretending to be a PDF"));
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: "A document must be a PDF, PNG, JPEG or HEIC file" });
    expect((await upload(owner, request.id, itemId, "big.pdf", Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]))).status).toBe(413);
    expect((await upload(owner, request.id, itemId, "empty.pdf", Buffer.alloc(0))).status).toBe(400);
    expect(await count()).toBe(before);
    expect((await detail(request.id)).list[0]!.status).toBe("open");
  });

  it("a removed member no longer sees the requests", async () => {
    const leaving = await createSignedInUser(t);
    await addMember(t.ctx.db, orgId, leaving.id, "accountant");
    expect((await send(leaving, api)).status).toBe(200);
    expect((await send(owner, `/api/accounting/orgs/${orgId}/members/${leaving.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await send(leaving, api)).status).toBe(404);
  });

  it("reminders: before, on and every N days after the due date, each once; after downtime only the latest; a snooze", async () => {
    const due = addDays(today, 10);
    const { request } = (await (await newRequest([{ label: "Payroll report", due_on: due }], { title: "Payroll" })).json()) as {
      request: DocumentRequest;
    };
    const reminders = async () =>
      (
        await queryRows<{ reminder_on: string }>(
          t.ctx.db,
          sql`select reminder_on::text from document_request_reminders where request_id = ${request.id} order by reminder_on`,
        )
      ).map((r) => r.reminder_on);
    // Other requests of this file are due too: count this one's rows.
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, -3));
    expect(await reminders()).toEqual([]);
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, -2));
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, -2));
    expect(await reminders()).toEqual([addDays(due, -2)]);
    await sendDueReminders(t.ctx.db, t.config.publicUrl, due);
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, 1));
    expect(await reminders()).toEqual([addDays(due, -2), due]);
    // Down for a month: one reminder, the latest date.
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, 31));
    expect(await reminders()).toEqual([addDays(due, -2), due, addDays(due, 30)]);
    const mails = (await outbox("document-request-reminder")).filter((m) => m.subject === "Reminder: Payroll");
    expect(mails).toHaveLength(3 * 2);
    expect(mails[0]!.text_body).toContain("Payroll report");
    expect(mails[0]!.text_body).toContain(`/accounting/${orgId}/requests/${request.id}`);

    // The client snoozes until day 40: nothing on day 33 or 39; day 42 (every 3 days) comes again.
    expect((await send(viewer, `${api}/${request.id}/snooze`, { method: "PUT", json: { until: addDays(due, 40) } })).status).toBe(403);
    expect((await send(staff, `${api}/${request.id}/snooze`, { method: "PUT", json: { until: addDays(due, 40) } })).status).toBe(403);
    const bad = await send(owner, `${api}/${request.id}/snooze`, { method: "PUT", json: { until: "soon" } });
    expect(((await bad.json()) as Fields).fields).toEqual({ until: "Snooze until must be a date as YYYY-MM-DD" });
    const snoozed = await send(owner, `${api}/${request.id}/snooze`, { method: "PUT", json: { until: addDays(due, 40) } });
    expect(((await snoozed.json()) as { request: DocumentRequest }).request).toMatchObject({
      snoozed_until: addDays(due, 40),
      next_reminder_on: addDays(due, 42),
    });
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, 33));
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, 39));
    expect(await reminders()).toHaveLength(3);
    await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, 42));
    expect(await reminders()).toEqual([addDays(due, -2), due, addDays(due, 30), addDays(due, 42)]);
    // The firm sees what was sent when.
    const seen = await detail(request.id, staff);
    expect(seen.reminders.map((r) => [r.reminder_on, r.recipients, r.open_items])).toEqual([
      [addDays(due, 42), 2, 1],
      [addDays(due, 30), 2, 1],
      [due, 2, 1],
      [addDays(due, -2), 2, 1],
    ]);
    // Answered: no more reminders.
    await upload(owner, request.id, seen.list[0]!.id, "payroll.pdf", PDF);
    expect(await sendDueReminders(t.ctx.db, t.config.publicUrl, addDays(due, 90))).toBeGreaterThanOrEqual(0);
    expect(await reminders()).toHaveLength(4);
  });

  it("the firm's queue: waiting on the client and on the firm, oldest first, with bank questions; filters in the URL", async () => {
    const queue = async (user: TestUser, query = "") => send(user, `/api/firm/requests${query}`);
    expect((await queue(owner)).status).toBe(404);
    const bad = await queue(staff, "?waiting=soon");
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as Fields).fields ?? {})).toEqual(["waiting"]);
    const all = ((await (await queue(staff)).json()) as { queue: QueueRow[] }).queue;
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((r) => r.since)).toEqual([...all.map((r) => r.since)].sort());
    const firm = ((await (await queue(staff, "?waiting=firm")).json()) as { queue: QueueRow[] }).queue;
    expect(firm.every((r) => r.waiting_on === "firm")).toBe(true);
    expect(firm.map((r) => r.label)).toContain("Payroll report");
    const client = ((await (await queue(staff, `?waiting=client&client=${orgId}`)).json()) as { queue: QueueRow[] }).queue;
    expect(client.every((r) => r.waiting_on === "client" && r.organization_id === orgId)).toBe(true);
    expect(client.map((r) => r.label)).toContain("October bank statement");
    // Staff who do not keep this client see none of it.
    expect(((await (await queue(otherStaff)).json()) as { queue: QueueRow[] }).queue).toEqual([]);
  });
});
