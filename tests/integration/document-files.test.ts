import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import type { DocumentDetails, DocumentFile } from "~/features/sales/sales.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

/*
 * The supplier's PDF kept with a bill (decision 116): PDF only (read from the content), up to 10 MB, stored in chunks,
 * downloaded as an attachment; removed while the bill is a draft, kept once it is approved.
 */

const pdf = (bytes: number) => {
  const head = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
  const tail = Buffer.from("\n%%EOF\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20), tail]);
};
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("files kept with bills and supplier credits", () => {
  let t: TestApp;
  let owner: TestUser;
  let org: number;
  let supplierId: number;
  let customerId: number;
  let expenseId: number;
  let revenueId: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
  const files = (documentId: number) => `/api/sales-documents/${org}/${documentId}/files`;
  const upload = (documentId: number, name: string, bytes: Buffer, user = owner) =>
    t.request(`${files(documentId)}?name=${encodeURIComponent(name)}`, {
      method: "POST",
      body: new Uint8Array(bytes),
      headers: { "content-type": "application/pdf" },
      cookie: user.cookie,
    });
  const document = async (kind: string, contactId: number, accountId: number) => {
    const res = await call("/documents", {
      json: {
        kind,
        contact_id: contactId,
        issue_date: "2026-04-02",
        lines: [{ description: "Paper", quantity: "1", unit_price: "80", account_id: accountId }],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { document: DocumentDetails }).document;
  };
  const count = async () =>
    Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from sales_document_files`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Bills Co" });
    org = ((await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;
    const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_type: string }[] };
    expenseId = accounts.find((a) => a.account_type === "Expense")!.id;
    revenueId = accounts.find((a) => a.account_type === "Revenue")!.id;
    const contact = async (json: unknown) => ((await (await call("/contacts", { json })).json()) as { contact: { id: number } }).contact.id;
    supplierId = await contact({ name: "Paper Mill", is_customer: false, is_supplier: true });
    customerId = await contact({ name: "A Customer" });
  });
  afterAll(() => t?.close());

  it("keeps a PDF with a bill, read back byte for byte as an attachment, listed with the bill", async () => {
    const bill = await document("bill", supplierId, expenseId);
    const bytes = pdf(600 * 1024 + 5);
    const res = await upload(bill.id, "Mill invoice 7731.pdf", bytes);
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: DocumentFile };
    expect(file).toMatchObject({ file_name: "Mill invoice 7731.pdf", content_type: "application/pdf", size_bytes: bytes.length });
    const down = await t.request(`${files(bill.id)}/${file.id}`, { cookie: owner.cookie });
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("application/pdf");
    expect(down.headers.get("content-disposition")).toBe(
      `attachment; filename="document"; filename*=UTF-8''${encodeURIComponent("Mill invoice 7731.pdf")}`,
    );
    expect(down.headers.get("x-content-type-options")).toBe("nosniff");
    expect(sha(Buffer.from(await down.arrayBuffer()))).toBe(sha(bytes));
    const [{ n: chunks }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from sales_document_file_chunks where file_id = ${file.id}`,
    )) as [{ n: number }];
    expect(Number(chunks)).toBe(3);
    const details = ((await (await call(`/documents/${bill.id}`)).json()) as { document: DocumentDetails }).document;
    expect(details.files).toEqual([file]);
    const listed = (await (await t.request(files(bill.id), { cookie: owner.cookie })).json()) as { files: DocumentFile[] };
    expect(listed.files).toEqual([file]);
    // A supplier credit keeps its files too.
    const credit = await document("supplier_credit", supplierId, expenseId);
    expect((await upload(credit.id, "credit.pdf", pdf(2000))).status).toBe(201);
  });

  it("refuses what is not a PDF (415), an empty file (400), more than 10 MB (413) and an invoice (409), keeping nothing", async () => {
    const bill = await document("bill", supplierId, expenseId);
    const invoice = await document("invoice", customerId, revenueId);
    const before = await count();
    for (const [name, bytes, status] of [
      ["scan.pdf", PNG, 415],
      ["page.pdf", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"), 415],
      ["empty.pdf", Buffer.alloc(0), 400],
      ["big.pdf", pdf(10 * 1024 * 1024 + 1), 413],
    ] as const) {
      const res = await upload(bill.id, name, bytes);
      expect(res.status, name).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    const onInvoice = await upload(invoice.id, "po.pdf", pdf(1000));
    expect(onInvoice.status).toBe(409);
    expect(await count()).toBe(before);
    expect((await upload(bill.id, "exactly-10MB.pdf", pdf(10 * 1024 * 1024))).status).toBe(201);
    expect(await count()).toBe(before + 1);
  }, 120_000);

  it("removes a draft's file; an approved bill keeps its files (409, and the database refuses); who may do what; audited", async () => {
    const bill = await document("bill", supplierId, expenseId);
    const first = ((await (await upload(bill.id, "first.pdf", pdf(1000))).json()) as { file: DocumentFile }).file;
    const kept = ((await (await upload(bill.id, "kept.pdf", pdf(1000))).json()) as { file: DocumentFile }).file;
    expect((await t.request(`${files(bill.id)}/${first.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect((await t.request(`${files(bill.id)}/${first.id}`, { cookie: owner.cookie })).status).toBe(404);

    expect((await call(`/documents/${bill.id}/approve`, { method: "POST" })).status).toBe(200);
    expect((await t.request(`${files(bill.id)}/${kept.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(409);
    await expect(t.ctx.db.execute(sql`delete from sales_document_files where id = ${kept.id}`)).rejects.toThrow();
    // An approved bill still takes a file (the remittance advice, a copy): added, never removed.
    expect((await upload(bill.id, "copy.pdf", pdf(1000))).status).toBe(201);
    const approved = ((await (await call(`/documents/${bill.id}`)).json()) as { document: DocumentDetails }).document;
    expect(approved.files.map((f) => f.file_name)).toEqual(["kept.pdf", "copy.pdf"]);

    const viewer = await createSignedInUser(t);
    await addMember(t.ctx.db, org, viewer.id, "viewer");
    expect((await t.request(`${files(bill.id)}/${kept.id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await upload(bill.id, "viewer.pdf", pdf(1000), viewer)).status).toBe(403);
    expect((await t.request(`${files(bill.id)}/${kept.id}`)).status).toBe(401);
    const stranger = await createSignedInUser(t);
    expect((await t.request(`${files(bill.id)}/${kept.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await upload(bill.id, "stranger.pdf", pdf(1000), stranger)).status).toBe(404);
    // Another organization's document is not found through this one's path.
    const other = await createSignedInUser(t, { companyName: "Other Co" });
    const otherOrg = (
      (await (await t.request("/api/accounting/orgs", { cookie: other.cookie })).json()) as { organizations: { id: number }[] }
    ).organizations[0]!.id;
    expect((await t.request(`/api/sales-documents/${otherOrg}/${bill.id}/files/${kept.id}`, { cookie: other.cookie })).status).toBe(404);

    const actions = (
      await queryRows<{ action: string }>(
        t.ctx.db,
        sql`select distinct action from audit_log where action like 'sales_document.file_%' order by action`,
      )
    ).map((r) => r.action);
    expect(actions).toEqual(["sales_document.file_added", "sales_document.file_downloaded", "sales_document.file_removed"]);
  });

  it("a draft's deletion takes its files with it", async () => {
    const bill = await document("bill", supplierId, expenseId);
    const file = ((await (await upload(bill.id, "gone.pdf", pdf(1000))).json()) as { file: DocumentFile }).file;
    expect((await call(`/documents/${bill.id}`, { method: "DELETE" })).status).toBe(204);
    const left = await queryRows(t.ctx.db, sql`select 1 from sales_document_file_chunks where file_id = ${file.id}`);
    expect(left).toEqual([]);
  });
});
