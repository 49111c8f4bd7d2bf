import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "~/lib/format.ts";
import type { DocumentRequest } from "~/features/requests/requests.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { apiWriteRoutes } from "../support/route-table.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

/**
 * A staff member the firm gave a client's books to (an accountant of them), made a viewer by the client's owner: they
 * read on, and every write of requests, entry documents and messages is refused (403) with nothing changed and no
 * mail queued, whichever side they stand on (issue 37).
 */
describe("a staff member the client's owner made a viewer no longer acts for the firm", () => {
  let t: TestApp;
  let owner: TestUser;
  let keeper: TestUser;
  let admin: TestUser;
  let orgId: number;
  let requestId: number;
  let answeredItem: number;
  let openItem: number;
  let acceptedFile: number;
  let entryId: number;
  let documentId: number;

  const as = (u: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: u.cookie });
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const bytes = (body: Buffer) => ({ method: "POST", body: new Uint8Array(body), headers: { "content-type": "application/octet-stream" } });
  /** What a write leaves behind: its rows, its audit lines, its mails. */
  const state = async () =>
    (
      await queryRows<Record<string, number>>(
        t.ctx.db,
        sql`select (select count(*)::int from document_requests) as requests,
                   (select count(*)::int from document_request_files) as request_files,
                   (select count(*)::int from entry_documents) as entry_documents,
                   (select count(*)::int from messages) as messages,
                   (select count(*)::int from message_attachments) as message_attachments,
                   (select count(*)::int from mail_outbox) as mails,
                   (select count(*)::int from audit_log) as audits,
                   (select string_agg(status::text, ',' order by id) from document_request_items) as items,
                   (select string_agg(coalesce(snoozed_until::text, '-'), ',' order by id) from document_requests) as snoozes`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Gonzalez Bakery" });
    keeper = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Keeper" });
    admin = await createSignedInUser(t, { role: "admin" });
    const { organizations } = (await ok(as(owner, "/api/accounting/orgs"))) as { organizations: { id: number }[] };
    orgId = organizations[0]!.id;
    // The firm gives the client to its staff member, as the Clients page does.
    await ok(as(admin, `/api/firm/clients/${orgId}/accountants`, { json: { user_id: keeper.id } }));

    // While an accountant, the staff member sends a request; the client answers two items; one is accepted.
    const due = addDays(todayIso(), 10);
    const { request } = (await ok(
      as(keeper, `/api/requests/${orgId}`, {
        json: {
          title: "October close",
          items: [
            { label: "Bank statement", due_on: due },
            { label: "Receipt", due_on: due },
            { label: "Invoice", due_on: due },
          ],
          remind_on_due: true,
        },
      }),
    )) as { request: DocumentRequest };
    requestId = request.id;
    const [statement, receipt, invoice] = request.list;
    const api = `/api/requests/${orgId}/${requestId}`;
    await ok(as(owner, `${api}/items/${statement!.id}/files?name=statement.pdf`, bytes(PDF)));
    await ok(as(owner, `${api}/items/${receipt!.id}/unavailable`, { json: { note: "Lost it" } }));
    await ok(as(keeper, `${api}/items/${statement!.id}/accept`, { method: "POST" }));
    answeredItem = receipt!.id;
    openItem = invoice!.id;
    const detail = (await ok(as(keeper, api))) as { request: DocumentRequest };
    acceptedFile = detail.request.list[0]!.files[0]!.id;

    // A draft entry with a document the staff member added.
    const books = `/api/accounting/orgs/${orgId}`;
    const { accounts } = (await ok(as(owner, `${books}/accounts`))) as { accounts: { id: number; account_code: string }[] };
    const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
    const { entry } = (await ok(
      as(keeper, `${books}/entries`, {
        json: {
          description: "Bank fees",
          entry_date: "2026-10-31",
          lines: [
            { account_id: code("6200"), debit_amount: "12.00", credit_amount: "0" },
            { account_id: code("1000"), debit_amount: "0", credit_amount: "12.00" },
          ],
        },
      }),
    )) as { entry: { id: number } };
    entryId = entry.id;
    const { document } = (await ok(as(keeper, `/api/entry-documents/${orgId}/${entryId}/documents?name=fees.pdf`, bytes(PDF)))) as {
      document: { id: number };
    };
    documentId = document.id;
    await ok(as(keeper, `/api/messages/${orgId}/messages`, { json: { body: "Hello from the firm", attachment_ids: [] } }));

    // The owner makes the staff member a viewer of the books.
    await ok(as(owner, `${books}/members/${keeper.id}`, { method: "PATCH", json: { role: "viewer" } }));
  }, 60_000);
  afterAll(() => t?.close());

  /** Each write route of requests, entry documents and a conversation, as the demoted staff member would send it. */
  const writes = (): Record<string, () => Promise<Response>> => {
    const req = `/api/requests/${orgId}`;
    const docs = `/api/entry-documents/${orgId}/${entryId}/documents`;
    const due = addDays(todayIso(), 5);
    return {
      "POST /api/requests/:orgId": () =>
        as(keeper, req, { json: { title: "More", items: [{ label: "Payroll", due_on: due }], remind_on_due: true } }),
      "POST /api/requests/:orgId/:requestId/items/:itemId/files": () =>
        as(keeper, `${req}/${requestId}/items/${openItem}/files?name=x.pdf`, bytes(PDF)),
      "POST /api/requests/:orgId/:requestId/items/:itemId/unavailable": () =>
        as(keeper, `${req}/${requestId}/items/${openItem}/unavailable`, { json: { note: "none" } }),
      "POST /api/requests/:orgId/:requestId/items/:itemId/accept": () =>
        as(keeper, `${req}/${requestId}/items/${answeredItem}/accept`, { method: "POST" }),
      "POST /api/requests/:orgId/:requestId/items/:itemId/return": () =>
        as(keeper, `${req}/${requestId}/items/${answeredItem}/return`, { json: { reason: "Please send it" } }),
      "PUT /api/requests/:orgId/:requestId/snooze": () => as(keeper, `${req}/${requestId}/snooze`, { method: "PUT", json: { until: due } }),
      "POST /api/requests/:orgId/:requestId/files/:fileId/attach": () =>
        as(keeper, `${req}/${requestId}/files/${acceptedFile}/attach`, { json: { entry_id: entryId } }),
      "POST /api/entry-documents/:orgId/:entryId/documents": () => as(keeper, `${docs}?name=more.pdf`, bytes(PDF)),
      "DELETE /api/entry-documents/:orgId/:entryId/documents/:documentId": () => as(keeper, `${docs}/${documentId}`, { method: "DELETE" }),
      "POST /api/messages/:orgId/messages": () =>
        as(keeper, `/api/messages/${orgId}/messages`, { json: { body: "Still here", attachment_ids: [] } }),
      "POST /api/messages/:orgId/attachments": () => as(keeper, `/api/messages/${orgId}/attachments?name=x.pdf`, bytes(PDF)),
    };
  };

  it("is refused (403) on every write route of requests, entry documents and messages; nothing changes, no mail is queued", async () => {
    // Every write route under these prefixes is tried: a route added tomorrow fails here until it is.
    const under = ["/api/requests/:orgId", "/api/entry-documents/", "/api/messages/:orgId/"];
    // Marking one's own read position is not a change of the books or of the conversation: a viewer does it.
    const ownMark = "POST /api/messages/:orgId/read";
    const table = apiWriteRoutes(t.app)
      .filter((r) => under.some((p) => r.path.startsWith(p)))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => r !== ownMark);
    const tries = writes();
    expect(Object.keys(tries).sort()).toEqual(table.sort());

    const before = await state();
    for (const [route, send] of Object.entries(tries)) {
      const res = await send();
      expect(res.status, route).toBe(403);
      expect(((await res.json()) as { code: string }).code, route).toBe("FORBIDDEN");
    }
    expect(await state()).toEqual(before);
  });

  it("still reads: the requests, a request, its file, the entry's documents, the conversation; marks its own reading", async () => {
    const req = `/api/requests/${orgId}`;
    expect((await as(keeper, req)).status).toBe(200);
    expect((await as(keeper, `${req}/${requestId}`)).status).toBe(200);
    const file = await as(keeper, `${req}/${requestId}/files/${acceptedFile}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const docs = `/api/entry-documents/${orgId}/${entryId}/documents`;
    expect((await as(keeper, docs)).status).toBe(200);
    expect((await as(keeper, `${docs}/${documentId}`)).status).toBe(200);
    const conversation = (await ok(as(keeper, `/api/messages/${orgId}/messages`))) as { can_send: boolean; last_seq: number };
    expect(conversation.can_send).toBe(false);
    expect((await as(keeper, `/api/messages/${orgId}/read`, { json: { seq: conversation.last_seq } })).status).toBe(200);
    expect((await as(keeper, "/api/firm/requests")).status).toBe(200);
  });

  it("acts again once the owner makes them an accountant again", async () => {
    await ok(as(owner, `/api/accounting/orgs/${orgId}/members/${keeper.id}`, { method: "PATCH", json: { role: "accountant" } }));
    const res = await as(keeper, `/api/requests/${orgId}/${requestId}/items/${answeredItem}/accept`, { method: "POST" });
    expect(res.status).toBe(200);
  });
});
