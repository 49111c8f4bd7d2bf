import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

// Real files' first bytes: a 1×1 PNG, a 1×1 JPEG, a PDF, and an HEIC file's `ftyp` box.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
const pdf = (bytes: number) => {
  const head = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
  const tail = Buffer.from("\n%%EOF\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20), tail]);
};
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic"),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("mif1heic"),
  Buffer.alloc(64),
]);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

interface Doc {
  id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

describe("documents on journal entries: type from the content, 10 MB, stored in chunks, downloaded as attachments", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: ReturnType<typeof firstBooks>;
  let orgId: number;
  let draftId: number;
  let postedId: number;
  const base = async (entryId: number) => `/api/entry-documents/${orgId}/${entryId}/documents`;
  const upload = async (entryId: number, name: string, bytes: Buffer, user = owner) =>
    t.request(`${await base(entryId)}?name=${encodeURIComponent(name)}`, {
      method: "POST",
      body: new Uint8Array(bytes),
      headers: { "content-type": "application/octet-stream" },
      cookie: user.cookie,
    });
  const count = async () => Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from entry_documents`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    owner = await createSignedInUser(t, { companyName: "Receipts Co" });
    const path = await books(owner.cookie);
    orgId = Number(path.split("/").pop());
    const { accounts } = (await (await t.request(`${path}/accounts`, { cookie: owner.cookie })).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
    const save = async () => {
      const res = await t.request(`${path}/entries`, {
        cookie: owner.cookie,
        json: {
          description: "Flour",
          entry_date: "2026-03-02",
          lines: [
            { account_id: id("5000"), debit_amount: "80.00", credit_amount: "0" },
            { account_id: id("1000"), debit_amount: "0", credit_amount: "80.00" },
          ],
        },
      });
      return ((await res.json()) as { entry: { id: number } }).entry.id;
    };
    draftId = await save();
    postedId = await save();
    expect((await t.request(`${path}/entries/${postedId}/post`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
  });
  afterAll(() => t.close());

  it("keeps a PDF, PNG, JPEG or HEIC, its type read from the bytes; gives it back byte for byte as an attachment", async () => {
    const files: [string, Buffer, string, string?][] = [
      ["receipt.png", PNG, "image/png"],
      ["photo.jpg", JPEG, "image/jpeg"],
      ["phone photo.HEIC", HEIC, "image/heic"],
      // Several 256 KB chunks, and a name the header must encode.
      ["Quittung März.pdf", pdf(3 * 1024 * 1024 + 17), "application/pdf"],
      // Named as a PNG, but a PDF: the content decides, the name too (the type's extension added).
      ["looks-like.png", pdf(1000), "application/pdf", "looks-like.png.pdf"],
    ];
    for (const [sent, bytes, type, kept] of files) {
      const name = kept ?? sent;
      const res = await upload(postedId, sent, bytes);
      expect(res.status, name).toBe(201);
      const { document } = (await res.json()) as { document: Doc };
      expect(document).toMatchObject({ file_name: name, content_type: type, size_bytes: bytes.length });
      const down = await t.request(`${await base(postedId)}/${document.id}`, { cookie: owner.cookie });
      expect(down.status).toBe(200);
      expect(down.headers.get("content-type")).toBe(type);
      expect(down.headers.get("content-disposition")).toBe(`attachment; filename="document"; filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(down.headers.get("x-content-type-options")).toBe("nosniff");
      expect(sha(Buffer.from(await down.arrayBuffer())), name).toBe(sha(bytes));
    }
    const { documents } = (await (await t.request(await base(postedId), { cookie: owner.cookie })).json()) as { documents: Doc[] };
    expect(documents.map((d) => d.file_name)).toEqual(files.map(([sent, , , kept]) => kept ?? sent));
    const [{ n: chunks }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from entry_document_chunks c join entry_documents d on d.id = c.document_id
           where d.file_name = 'Quittung März.pdf'`,
    )) as [{ n: number }];
    expect(Number(chunks)).toBe(13);
  });

  it("refuses other types (415), an empty file (400) and more than 10 MB (413), keeping nothing", async () => {
    const before = await count();
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(5000)]);
    for (const [name, bytes, status] of [
      ["invoice.pdf", html, 415],
      ["setup.pdf", exe, 415],
      ["notes.txt", Buffer.from("plain text ".repeat(1000)), 415],
      ["empty.pdf", Buffer.alloc(0), 400],
      ["big.pdf", pdf(10 * 1024 * 1024 + 1), 413],
    ] as const) {
      const res = await upload(draftId, name, bytes);
      expect(res.status, name).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    expect((await upload(draftId, "exactly-10MB.pdf", pdf(10 * 1024 * 1024))).status).toBe(201);
    expect(await count()).toBe(before + 1);
  }, 120_000);

  it("removes a draft's document, never a posted entry's; a viewer reads and downloads but does not add; every step audited", async () => {
    const draftDoc = ((await (await upload(draftId, "draft.png", PNG)).json()) as { document: Doc }).document;
    expect((await t.request(`${await base(draftId)}/${draftDoc.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`${await base(draftId)}/${draftDoc.id}`, { cookie: owner.cookie })).status).toBe(404);

    const postedDoc = ((await (await upload(postedId, "kept.png", PNG)).json()) as { document: Doc }).document;
    const refused = await t.request(`${await base(postedId)}/${postedDoc.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(refused.status).toBe(409);
    await expect(t.ctx.db.execute(sql`delete from entry_documents where id = ${postedDoc.id}`)).rejects.toThrow();

    const viewer = await createSignedInUser(t);
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    expect((await t.request(await base(postedId), { cookie: viewer.cookie })).status).toBe(200);
    expect((await t.request(`${await base(postedId)}/${postedDoc.id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await upload(postedId, "viewer.png", PNG, viewer)).status).toBe(403);
    const anonymous = await t.request(`${await base(postedId)}/${postedDoc.id}`);
    expect(anonymous.status).toBe(401);
    const stranger = await createSignedInUser(t);
    expect((await t.request(`${await base(postedId)}/${postedDoc.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await upload(postedId, "stranger.png", PNG, stranger)).status).toBe(404);

    const actions = (
      await queryRows<{ action: string; n: number }>(
        t.ctx.db,
        sql`select action, count(*)::int as n from audit_log where action like 'journal_entry.document_%' group by action`,
      )
    ).map((r) => r.action);
    expect(actions.sort()).toEqual(["journal_entry.document_added", "journal_entry.document_downloaded", "journal_entry.document_removed"]);
  });
});
