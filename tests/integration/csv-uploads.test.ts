import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS } from "~/features/import-export/import.schema.ts";
import { MAX_STATEMENT_LINES } from "~/features/bank/bank.schema.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * A body as a network upload brings it: chunk by chunk, each after a turn of the event loop. Counts the chunks read.
 * With its length stated, as a browser sends a file (the body limit then lets it stream).
 */
function upload(chunks: string[]) {
  const seen = { read: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (seen.read === chunks.length) return controller.close();
        await new Promise((resolve) => setImmediate(resolve));
        controller.enqueue(Buffer.from(chunks[seen.read++]!));
      },
    },
    { highWaterMark: 0 },
  );
  const length = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
  return { body, seen, headers: { "content-type": "text/csv", "content-length": String(length) } };
}

const date = (i: number) => `2025-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`;
/** A bank CSV of `lines` transactions, a multiple of 1,000 (~16 bytes a line: 1,000,000 lines stay under 20 MB). */
const bankCsv = (lines: number) => {
  const block = Array.from({ length: 1000 }, (_, i) => `${date(i)},F${i % 10},-${(i % 97) + 1}\n`).join("");
  return `Date,Description,Amount\n${block.repeat(lines / 1000)}`;
};
/** A books journal CSV of `rows` rows, entries of two lines. */
const journalCsv = (rows: number) => {
  const out = ["entry,date,description,account_code,debit,credit"];
  for (let e = 1; out.length < rows; e++)
    out.push(`E${e},${date(e)},"Sale ${e}, paid",1000,${e % 900}.10,`, `E${e},${date(e)},"Sale ${e}, paid",4000,,${e % 900}.10`);
  return out.slice(0, rows).join("\n") + "\n";
};

describe("CSV uploads: a cap is refused as soon as it is crossed, and a big file is read whole", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let statements: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Big Files" });
    const orgId = Number((await firstBooks(t)(owner.cookie)).split("/").at(-1));
    books = `/api/books-csv/${orgId}`;
    const { accounts } = (await (await t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: owner.cookie })).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const cash = accounts.find((a) => a.account_code === "1000")!.id;
    const res = await t.request(`/api/bank/${orgId}/accounts`, {
      json: { name: "Current", kind: "bank", account_id: cash, currency: "USD" },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const { account } = (await res.json()) as { account: { id: number } };
    statements = `/api/bank/${orgId}/accounts/${account.id}/statements`;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", onUnhandled);
  });
  afterEach(() => void process.off("unhandledRejection", onUnhandled));

  const send = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
    t.request(path, { method: "POST", body, headers, cookie: owner.cookie, duplex: "half" } as RequestInit);
  /** The whole file sent at once (how long the event loop is held meanwhile is measured by bench/csv-loop-bench.ts). */
  const post = (path: string, file: string) =>
    t.request(path, { method: "POST", body: file, headers: { "content-type": "text/csv" }, cookie: owner.cookie } as RequestInit);

  it.each(["preview", "commit"])("a books CSV of more rows than the cap: %s answers 400 naming it, and reads no further", async (step) => {
    // 300,000 rows in 75 chunks of 4,000: row 200,001 is in the 51st.
    const { body, seen, headers } = upload(Array.from({ length: 75 }, () => "1,a\n".repeat(4000)));
    const res = await send(`${books}/${step}?kind=journal`, body, headers);
    expect(res.status).toBe(400);
    const message = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split it into smaller files`;
    expect(await res.json()).toMatchObject({ error: message, fields: { file: message } });
    expect(seen.read).toBeLessThanOrEqual(52);
    expect(unhandled).toEqual([]);
  });

  it("a bank CSV of 1,000,000 lines is refused once past the cap", async () => {
    const res = await post(`${statements}/preview?name=big.csv`, bankCsv(1_000_000));
    expect(res.status).toBe(400);
    const message = `big.csv: more than ${MAX_STATEMENT_LINES.toLocaleString("en-US")} transactions: split the statement into smaller files`;
    expect(await res.json()).toMatchObject({ error: message, fields: { file: message } });
    expect(unhandled).toEqual([]);
  });

  it("a big allowed file is read whole: a bank statement and a books journal", async () => {
    const bank = await post(`${statements}/preview?name=big.csv`, bankCsv(25_000));
    expect(bank.status).toBe(200);
    expect(((await bank.json()) as { new_lines: number }).new_lines).toBe(25_000);

    const journal = await post(`${books}/preview?kind=journal`, journalCsv(40_001));
    expect(journal.status).toBe(200);
    expect(((await journal.json()) as { summary: { lines: number } }).summary.lines).toBe(40_000);
  });
});
