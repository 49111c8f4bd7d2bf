import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import type { BankLine } from "~/features/bank/bank.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** A PDF's first bytes (the type is read from the content) and a few more. */
const RECEIPT = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const STATEMENT =
  "Date,Description,Amount\r\n2026-03-02,Coffee,-4.50\r\n2026-03-03,Office supplies,-100.00\r\n2026-03-04,Parking,-3.00\r\n";

interface Added {
  document: { id: number; file_name: string; content_type: string; size_bytes: number };
  entry_id: number;
  entry_number: string;
}
interface Refusal {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

describe("a receipt attached from a statement line: kept with the entry the line is matched to or categorized into", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let lines: string;
  let line: Record<"coffee" | "supplies" | "parking", number>;
  /** The entry the coffee was categorized into, and the two entries the supplies line is matched to. */
  let coffeeEntry: number;
  let supplies: [number, number];

  const call = (user: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: user.cookie });
  const attach = (lineId: number, query: string, user = owner, bytes = RECEIPT) =>
    call(user, `${lines}/${lineId}/documents?${query}`, {
      method: "POST",
      body: new Uint8Array(bytes),
      headers: { "content-type": "application/octet-stream" },
    });
  const documentsOf = async (entryId: number) =>
    ((await (await call(owner, `/api/entry-documents/${orgId}/${entryId}/documents`)).json()) as { documents: { file_name: string }[] })
      .documents;
  const stored = async () => Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from entry_documents`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Receipts From The Bank Co" });
    const books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    viewer = await createSignedInUser(t);
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const { accounts } = (await (await call(owner, `${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
    const bank = await call(owner, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: code("1000") } });
    expect(bank.status).toBe(201);
    const bankPath = `/api/bank/${orgId}/accounts/${((await bank.json()) as { account: { id: number } }).account.id}`;
    lines = `${bankPath}/lines`;
    expect((await call(owner, `${bankPath}/statements?name=march.csv`, { method: "POST", body: STATEMENT })).status).toBe(200);
    const listed = ((await (await call(owner, `${lines}?show=all`)).json()) as { lines: BankLine[] }).lines;
    const idOf = (d: string) => listed.find((l) => l.description === d)!.id;
    line = { coffee: idOf("Coffee"), supplies: idOf("Office supplies"), parking: idOf("Parking") };

    const categorized = await call(owner, `${bankPath}/categorize`, { json: { bank_line_ids: [line.coffee], account_id: code("5000") } });
    expect(categorized.status).toBe(201);
    // The supplies paid in one payment for two bills, each its own posted entry.
    const bill = async (description: string, amount: string) => {
      const res = await call(owner, `${books}/entries?post=true`, {
        json: {
          description,
          entry_date: "2026-03-03",
          lines: [
            { account_id: code("5000"), debit_amount: amount, credit_amount: "0" },
            { account_id: code("1000"), debit_amount: "0", credit_amount: amount },
          ],
        },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { entry: { id: number } }).entry.id;
    };
    supplies = [await bill("Paper", "60.00"), await bill("Toner", "40.00")];
    const { candidates } = (await (await call(owner, `${lines}/${line.supplies}/candidates`)).json()) as {
      candidates: { ledger_line_id: number; entry_id: number }[];
    };
    const ledger = supplies.map((e) => candidates.find((c) => c.entry_id === e)!.ledger_line_id);
    expect((await call(owner, `${bankPath}/matches`, { json: { bank_line_ids: [line.supplies], ledger_line_ids: ledger } })).status).toBe(
      201,
    );
    const after = ((await (await call(owner, `${lines}?show=all`)).json()) as { lines: BankLine[] }).lines;
    coffeeEntry = after.find((l) => l.id === line.coffee)!.matched[0]!.entry_id;
  });
  afterAll(() => t?.close());

  it("keeps the receipt with the entry a categorized line was posted as, and the line counts it", async () => {
    const res = await attach(line.coffee, "name=coffee.pdf");
    expect(res.status).toBe(201);
    const added = (await res.json()) as Added;
    expect(added).toMatchObject({ entry_id: coffeeEntry, document: { file_name: "coffee.pdf", content_type: "application/pdf" } });
    expect((await documentsOf(coffeeEntry)).map((d) => d.file_name)).toEqual(["coffee.pdf"]);
    const download = await call(owner, `/api/entry-documents/${orgId}/${coffeeEntry}/documents/${added.document.id}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(RECEIPT)).toBe(true);
    const listed = ((await (await call(owner, `${lines}?show=all`)).json()) as { lines: BankLine[] }).lines;
    expect(Object.fromEntries(listed.map((l) => [l.description, l.documents]))).toEqual({ Coffee: 1, "Office supplies": 0, Parking: 0 });
  });

  it("asks which entry when the line is matched to several, and keeps the receipt with the one chosen", async () => {
    const before = await stored();
    const unnamed = await attach(line.supplies, "name=toner.pdf");
    expect(unnamed.status).toBe(400);
    const body = (await unnamed.json()) as Refusal;
    expect(body.fields?.entry).toMatch(/^This line is matched to 2 entries \(.+, .+\): choose one$/);
    const other = await attach(line.supplies, `name=toner.pdf&entry=${coffeeEntry}`);
    expect(other.status).toBe(400);
    expect(((await other.json()) as Refusal).fields).toEqual({ entry: "Choose one of the entries this line is matched to" });
    expect(await stored()).toBe(before);

    const res = await attach(line.supplies, `name=toner.pdf&entry=${supplies[1]}`);
    expect(res.status).toBe(201);
    expect(((await res.json()) as Added).entry_id).toBe(supplies[1]);
    expect((await documentsOf(supplies[1])).map((d) => d.file_name)).toEqual(["toner.pdf"]);
    expect(await documentsOf(supplies[0])).toEqual([]);
    const listed = ((await (await call(owner, `${lines}?show=all`)).json()) as { lines: BankLine[] }).lines;
    expect(listed.find((l) => l.id === line.supplies)!.documents).toBe(1);
  });

  it("refuses a line not in the books yet (409, saying what to do first), a viewer (403) and a line of no account (404)", async () => {
    const before = await stored();
    const unmatched = await attach(line.parking, "name=parking.pdf");
    expect(unmatched.status).toBe(409);
    expect(((await unmatched.json()) as Refusal).error).toBe(
      "This statement line is not in the books yet: match it or categorize it first, then attach its receipt to the entry",
    );
    expect((await attach(line.coffee, "name=viewer.pdf", viewer)).status).toBe(403);
    expect((await attach(line.parking, "name=viewer.pdf", viewer)).status).toBe(403);
    expect((await attach(999_999_999, "name=none.pdf")).status).toBe(404);
    // The viewer still reads the documents the line reached.
    expect((await call(viewer, `/api/entry-documents/${orgId}/${coffeeEntry}/documents`)).status).toBe(200);
    // The upload's own rules hold: the type from the content.
    expect((await attach(line.coffee, "name=note.pdf", owner, Buffer.from("just some text, not a PDF"))).status).toBe(415);
    expect(await stored()).toBe(before);
  });

  it("puts the upload in the firm's audit log as a document added to the entry", async () => {
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from audit_log where action = 'journal_entry.document_added'`,
    );
    expect(Number(rows[0]!.n)).toBe(2);
  });
});
