import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** Statement files shaped to exhaust a reader: each is refused with a 400 naming the file and the line, quickly. */
describe("statement files that would exhaust a reader are refused, naming the file and the line", () => {
  let t: TestApp;
  let owner: TestUser;
  let bank: string;
  const call = (p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: owner.cookie });
  /** Previews the file; the answer's status, its `fields.file` message and how long it took. */
  const preview = async (name: string, text: string) => {
    const started = performance.now();
    const res = await call(`${bank}/statements/preview?name=${name}`, {
      method: "POST",
      body: new TextEncoder().encode(text),
      headers: { "content-type": "application/octet-stream" },
    });
    const body = (await res.json()) as { fields?: { file?: string } };
    return { status: res.status, file: body.fields?.file, ms: performance.now() - started };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Statement Files Co" });
    const books = await firstBooks(t)(owner.cookie);
    const { accounts } = (await (await call(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    const orgPath = `/api/bank/${books.split("/").pop()}`;
    const cash = accounts.find((a) => a.account_code === "1000")!.id;
    const res = await call(`${orgPath}/accounts`, { json: { name: "Current account", kind: "bank", account_id: cash } });
    bank = `${orgPath}/accounts/${((await res.json()) as { account: { id: number } }).account.id}`;
  });
  afterAll(() => t.close());

  it("an OFX with 100,000 aggregates left open (a stack overflow before)", async () => {
    const text = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>\n${"<AGG>\n".repeat(100_000)}</OFX>\n`;
    expect(await preview("deep.ofx", text)).toMatchObject({
      status: 400,
      file: "deep.ofx, line 68: elements are nested more than 64 deep",
    });
  });

  it("an MT940 of 2 MB of continuation lines (minutes of work before)", async () => {
    const head = ":20:STARTUMS\n:25:12345678/0000000001\n:28C:0\n:60F:C251201EUR0,00\n:61:2512011201C1,00NTRFNONREF\n:86:Text\n";
    const read = await preview("long.mta", `${head}${"and more text that wraps over many lines of the field\n".repeat(40_000)}`);
    expect(read).toMatchObject({ status: 400, file: "long.mta, line 6: the field :86: runs on to line 192, past 10,000 characters" });
    expect(read.ms).toBeLessThan(2000);
  });

  it("a camt.053 nested 100,000 deep", async () => {
    const text = `<Document>\n<BkToCstmrStmt><Stmt><Ntry>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(await preview("deep.xml", text)).toMatchObject({ status: 400, file: "deep.xml, line 2: elements are nested more than 64 deep" });
  });
});
