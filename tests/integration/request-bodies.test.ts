import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const PIECE = 64 * 1024;
const PDF_HEAD = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), Buffer.alloc(5000, 0x20)]);

/** A body sent by the test: `pieces` of 64 KB (the first `first` when given), counting how many the server asked for. */
function sender(pieces: number, first?: Uint8Array) {
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls++;
        if (pulls > pieces) return controller.close();
        controller.enqueue(pulls === 1 && first ? first : new Uint8Array(PIECE).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulls };
}

/**
 * A body that sends `head`, then nothing until released, then `tail`; `stalled` settles once the server waits on it.
 * `length` is what a client would put in Content-Length.
 */
function stalling(head: Uint8Array, tail: Uint8Array = new Uint8Array(0)) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let stall!: () => void;
  const stalled = new Promise<void>((resolve) => (stall = resolve));
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (++pulls === 1) return controller.enqueue(head);
        stall();
        await released;
        if (tail.length) controller.enqueue(tail);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, stalled, release, length: String(head.length + tail.length) };
}

/** Settles with "still waiting" unless `work` does within `ms`. */
const within = <T>(work: Promise<T>, ms: number): Promise<T | "still waiting"> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"still waiting">((resolve) => (timer = setTimeout(() => resolve("still waiting"), ms)));
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
};

describe("request bodies: read before any transaction, limited as they arrive, refused to the signed-out unread", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let orgId: number;
  let entryId: number;
  const documents = () => `/api/entry-documents/${orgId}/${entryId}/documents`;
  const post = (
    app: TestApp,
    path: string,
    body: ReadableStream<Uint8Array>,
    init: { cookie?: string; headers?: Record<string, string> } = {},
  ) => app.request(path, { method: "POST", body, duplex: "half", ...init } as RequestInit);
  const count = async () => Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from entry_documents`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Slow Uploads Co" });
    other = await createSignedInUser(t, { companyName: "Someone Else" });
    const path = await firstBooks(t)(owner.cookie);
    orgId = Number(path.split("/").pop());
    const { accounts } = (await (await t.request(`${path}/accounts`, { cookie: owner.cookie })).json()) as { accounts: { id: number }[] };
    const res = await t.request(`${path}/entries`, {
      cookie: owner.cookie,
      json: {
        description: "Receipts",
        entry_date: "2026-03-02",
        lines: [
          { account_id: accounts[0]!.id, debit_amount: "1.00", credit_amount: "0" },
          { account_id: accounts[1]!.id, debit_amount: "0", credit_amount: "1.00" },
        ],
      },
    });
    entryId = ((await res.json()) as { entry: { id: number } }).entry.id;
  });
  afterAll(() => t.close());

  it("an upload that stalls holds no connection: another user's request answers at once, the upload ends after", async () => {
    // As a browser sends a file: its length told, its bytes as they come.
    const slow = stalling(PDF_HEAD, Buffer.alloc(100 * 1024, 0x20));
    const upload = post(t, `${documents()}?name=slow.pdf`, slow.stream, {
      cookie: owner.cookie,
      headers: { "content-length": slow.length },
    });
    await slow.stalled;
    const start = performance.now();
    const answer = await within(t.request("/api/accounting/orgs", { cookie: other.cookie }), 2000);
    const waited = performance.now() - start;
    slow.release();
    expect(answer === "still waiting" ? answer : answer.status).toBe(200);
    expect(waited).toBeLessThan(1000);
    const res = await upload;
    expect(res.status).toBe(201);
    expect(((await res.json()) as { document: { size_bytes: number } }).document.size_bytes).toBe(Number(slow.length));
  });

  it("a body that sends nothing for BODY_IDLE_TIMEOUT_MS is answered 408 and nothing is kept", async () => {
    expect(loadConfig({ DATA_DIR: tmpdir() }).bodyIdleTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ BODY_IDLE_TIMEOUT_MS: "soon", DATA_DIR: tmpdir() })).toThrow(
      /^Invalid environment variable BODY_IDLE_TIMEOUT_MS: /,
    );
    const quick = await createTestApp({ BODY_IDLE_TIMEOUT_MS: "100" }, { testDb: t.testDb });
    try {
      const before = await count();
      const slow = stalling(PDF_HEAD, Buffer.alloc(100 * 1024, 0x20));
      const res = await post(quick, `${documents()}?name=stalled.pdf`, slow.stream, {
        cookie: owner.cookie,
        headers: { "content-length": slow.length },
      });
      expect(res.status).toBe(408);
      expect(await res.json()).toMatchObject({ code: "REQUEST_TIMEOUT" });
      expect(await count()).toBe(before);
      slow.release();
      // A JSON body that stalls too: the timeout is the answer, not the parser's "malformed JSON".
      const json = stalling(Buffer.from('{"description":'));
      const stalledJson = await post(quick, `/api/accounting/orgs/${orgId}/entries`, json.stream, {
        cookie: owner.cookie,
        headers: { "content-type": "application/json" },
      });
      expect(stalledJson.status).toBe(408);
      json.release();
    } finally {
      await quick.close();
    }
  });

  it("a signed-out body of several MB to an upload API is refused before it is read, or at the open APIs' 32 KB", async () => {
    for (const path of [
      documents(),
      `/api/requests/${orgId}/1/items/1/files`,
      `/api/messages/${orgId}/attachments`,
      `/api/bank/${orgId}/1/statements`,
      `/api/books-csv/${orgId}/import`,
    ]) {
      // Without a length (chunked): the route refuses the signed-out caller before reading.
      const body = sender(5 * 16, PDF_HEAD); // 5 MB
      const res = await post(t, `${path}?name=x.pdf`, body.stream);
      expect(res.status, path).toBe(401);
      expect(body.pulls(), path).toBeLessThanOrEqual(1);
      // With an idempotency key the key's hash would read it: a signed-out caller is held to 32 KB.
      const keyed = sender(5 * 16, PDF_HEAD);
      const res1 = await post(t, `${path}?name=x.pdf`, keyed.stream, { headers: { "Idempotency-Key": randomUUID() } });
      expect(res1.status, path).toBe(413);
      expect(keyed.pulls(), path).toBeLessThanOrEqual(2);
      // With a length over the open APIs' 32 KB: refused by the length told, nothing read.
      const told = sender(5 * 16, PDF_HEAD);
      const res2 = await post(t, path, told.stream, { headers: { "content-length": String(5 * 1024 * 1024) } });
      expect(res2.status, path).toBe(413);
      expect(told.pulls(), path).toBe(0);
    }
    // An open API reads at most its 32 KB of a body without a length: 413 once past it.
    const contact = sender(16);
    const refused = await post(t, "/api/leads/contact", contact.stream, { headers: { "content-type": "application/json" } });
    expect(refused.status).toBe(413);
    expect(contact.pulls()).toBeLessThanOrEqual(2);
  });

  it("a signed-in body is read as it arrives: a wrong type 415 and an upload past 10 MB 413 without reading on", async () => {
    const before = await count();
    const html = sender(8 * 16, Buffer.from("<!doctype html><html><script>alert(1)</script>".padEnd(5000, " ")));
    const wrong = await post(t, `${documents()}?name=page.pdf`, html.stream, { cookie: owner.cookie });
    expect(wrong.status).toBe(415);
    expect(html.pulls()).toBeLessThanOrEqual(2);

    const big = sender(12 * 16, PDF_HEAD); // 12 MB
    const tooBig = await post(t, `${documents()}?name=big.pdf`, big.stream, { cookie: owner.cookie });
    expect(tooBig.status).toBe(413);
    expect(big.pulls()).toBeLessThanOrEqual(10 * 16 + 2);
    expect(await count()).toBe(before);

    // The books' JSON API takes 1 MB: a longer JSON body without a length is 413 (not the parser's 400) at 1 MB.
    const json = sender(2 * 16, Buffer.from('{"description":"'));
    const entry = await post(t, `/api/accounting/orgs/${orgId}/entries`, json.stream, {
      cookie: owner.cookie,
      headers: { "content-type": "application/json" },
    });
    expect(entry.status).toBe(413);
    expect(await entry.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(json.pulls()).toBeLessThanOrEqual(16 + 2);
    // A length told over the API's limit: 413 before anything is read.
    const told = sender(32, PDF_HEAD);
    const res = await post(t, documents(), told.stream, { cookie: owner.cookie, headers: { "content-length": String(11 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(told.pulls()).toBe(0);
  });
});
