import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import type { DocumentRequest } from "~/features/requests/requests.types.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
/** A PDF that is also a page: what a name ending in .html must not make it when downloaded. */
const POLYGLOT = Buffer.concat([PDF, Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]);

interface Kept {
  id: number;
  file_name: string;
}

/**
 * The names of uploaded files on the three upload APIs (entry documents, request items, message attachments): cut on
 * a character, never inside one; no invisible format controls; the extension of the type read from the content; and
 * the download's own sandboxed policy.
 */
describe("uploaded files' names and downloads on every upload API", () => {
  let t: TestApp;
  let owner: TestUser;
  let routes: { name: string; upload: (name: string, bytes: Buffer) => Promise<Response>; download: (id: number) => string }[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Names Co" });
    const staff = await createSignedInUser(t, { role: "staff" });
    const books = await firstBooks(t)(owner.cookie);
    const orgId = Number(books.split("/").pop());
    await addMember(t.ctx.db, orgId, staff.id, "accountant");
    const { accounts } = (await (await t.request(`${books}/accounts`, { cookie: owner.cookie })).json()) as { accounts: { id: number }[] };
    const entry = (await (
      await t.request(`${books}/entries`, {
        cookie: owner.cookie,
        json: {
          description: "Receipts",
          entry_date: "2026-03-02",
          lines: [
            { account_id: accounts[0]!.id, debit_amount: "1.00", credit_amount: "0" },
            { account_id: accounts[1]!.id, debit_amount: "0", credit_amount: "1.00" },
          ],
        },
      })
    ).json()) as { entry: { id: number } };
    const asked = await t.request(`/api/requests/${orgId}`, {
      cookie: staff.cookie,
      json: {
        title: "Receipts",
        items: [{ label: "A receipt", due_on: addDays(todayIso(), 10) }],
        remind_days_before: 2,
        remind_on_due: true,
        remind_every_days: 3,
      },
    });
    const { request } = (await asked.json()) as { request: DocumentRequest };
    const send = (path: string) => (name: string, bytes: Buffer) =>
      t.request(`${path}?name=${encodeURIComponent(name)}`, { method: "POST", body: new Uint8Array(bytes), cookie: owner.cookie });
    const documents = `/api/entry-documents/${orgId}/${entry.entry.id}/documents`;
    routes = [
      { name: "entry documents", upload: send(documents), download: (id) => `${documents}/${id}` },
      {
        name: "request items",
        upload: send(`/api/requests/${orgId}/${request.id}/items/${request.list[0]!.id}/files`),
        download: (id) => `/api/requests/${orgId}/${request.id}/files/${id}`,
      },
      {
        name: "message attachments",
        upload: send(`/api/messages/${orgId}/attachments`),
        download: (id) => `/api/messages/${orgId}/attachments/${id}`,
      },
    ];
  });
  afterAll(() => t.close());

  const kept = async (res: Response): Promise<Kept> => {
    const body = (await res.json()) as { document?: Kept; file?: Kept; attachment?: Kept };
    return (body.document ?? body.file ?? body.attachment)!;
  };
  const downloadedName = (res: Response) =>
    decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(res.headers.get("content-disposition") ?? "")![1]!);

  it("a name over 200 UTF-16 units with an emoji across the cut is kept whole when under 200 characters, else cut on a character", async () => {
    // 'a' then 120 emoji: the 200th UTF-16 unit falls inside the 100th emoji.
    const short = "a" + "😀".repeat(120) + ".pdf";
    const long = "a" + "😀".repeat(250) + ".pdf";
    for (const route of routes) {
      const first = await route.upload(short, PDF);
      expect(first.status, route.name).toBe(201);
      expect((await kept(first)).file_name, route.name).toBe(short);
      const second = await route.upload(long, PDF);
      expect(second.status, route.name).toBe(201);
      const name = (await kept(second)).file_name;
      expect(Array.from(name), route.name).toHaveLength(200);
      expect(name, route.name).toBe("a" + "😀".repeat(195) + ".pdf");
    }
  });

  it("names lose their bidi and invisible format controls; the extension follows the content; downloads are sandboxed", async () => {
    for (const route of routes) {
      const reversed = await route.upload("invoice\u202Efdp.exe\u200B", PDF);
      expect(reversed.status, route.name).toBe(201);
      expect((await kept(reversed)).file_name, route.name).toBe("invoicefdp.exe.pdf");

      const polyglot = await route.upload("report.html", POLYGLOT);
      expect(polyglot.status, route.name).toBe(201);
      const file = await kept(polyglot);
      expect(file.file_name, route.name).toBe("report.html.pdf");
      const down = await t.request(route.download(file.id), { cookie: owner.cookie });
      expect(down.status, route.name).toBe(200);
      expect(down.headers.get("content-type"), route.name).toBe("application/pdf");
      expect(downloadedName(down), route.name).toBe("report.html.pdf");
      expect(down.headers.get("content-disposition"), route.name).toMatch(/^attachment;/);
      expect(down.headers.get("content-security-policy"), route.name).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(down.headers.get("content-security-policy"), route.name).toMatch(/default-src 'none'/);
      await down.arrayBuffer();
    }
  });
});
