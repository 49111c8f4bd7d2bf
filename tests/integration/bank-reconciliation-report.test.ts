import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankLine } from "~/features/bank/bank.types.ts";
import { MAX_PRINTED_LINES } from "~/features/reports/report-print.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * The report of a finished reconciliation as a PDF: a summary that adds up (the statement's opening, the cleared
 * deposits and payments, its closing, what the books hold that the statement does not yet, the book balance), then the
 * items, each once; every page numbered "Page i of N" with N the document's pages; too many items refused before
 * drawing, as the other printed reports are.
 */

const pdfToText = (bytes: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
const pageCount = (bytes: Buffer) => Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", ["-"], { input: bytes }).toString("utf8"))?.[1]);
/** The text of each page (pdftotext ends each with a form feed). */
const pagesOf = (text: string) => text.split("\f").slice(0, -1);

const DEPOSITS = 70;
const PAYMENTS = 70;
const CHEQUES = 25;

/** Deposit i: 100.00 + i cents; payment i: 40.00 + i cents; cheque i (in the books only): 12.00 + i. */
const deposit = (i: number) => 10_000 + i;
const payment = (i: number) => 4_000 + i;
const cheque = (i: number) => 1_200 + i * 100;
const mt940Amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const euros = (cents: number) =>
  `${cents < 0 ? "-" : ""}€${Math.floor(Math.abs(cents) / 100).toLocaleString("en-US")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const OPENING = 250_000;
const depositTotal = Array.from({ length: DEPOSITS }, (_, i) => deposit(i)).reduce((a, b) => a + b, 0);
const paymentTotal = Array.from({ length: PAYMENTS }, (_, i) => payment(i)).reduce((a, b) => a + b, 0);
const chequeTotal = Array.from({ length: CHEQUES }, (_, i) => cheque(i)).reduce((a, b) => a + b, 0);
const CLOSING = OPENING + depositTotal - paymentTotal;

/** November's statement of the account as MT940, in euros: its opening, the deposits and payments, its closing. */
function statement(): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < DEPOSITS + PAYMENTS; i++) {
    const day = String(1 + (i % 28)).padStart(2, "0");
    const isDeposit = i % 2 === 0;
    const n = Math.floor(i / 2);
    const amount = isDeposit ? deposit(n) : payment(n);
    lines.push(`:61:2411${day}11${day}${isDeposit ? "C" : "D"}${mt940Amount(amount)}NTRFNONREF`);
    lines.push(`:86:${isDeposit ? `Invoice ${7000 + n} paid by Meadow Client ${n}` : `Supplier ${n} Greenhouse Supply order ${3000 + n}`}`);
  }
  return Buffer.from(
    [
      ":20:RECONREPORT",
      ":25:BE68539007547034",
      ":28C:11",
      `:60F:C241031EUR${mt940Amount(OPENING)}`,
      ...lines,
      `:62F:C241130EUR${mt940Amount(CLOSING)}`,
      "-",
      "",
    ].join("\r\n"),
  );
}

describe("the reconciliation report as a PDF", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let bank: string;
  let reconciliationId: number;
  let codes: Record<string, number>;

  const call = (p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: owner.cookie });
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const post = async (date: string, description: string, debit: number, credit: number, amount: string) => {
    const { entry } = await ok<{ entry: { id: number } }>(
      call(`${books}/entries`, {
        json: {
          description,
          entry_date: date,
          reference: "",
          lines: [
            { account_id: debit, debit_amount: amount, credit_amount: "0" },
            { account_id: credit, debit_amount: "0", credit_amount: amount },
          ],
        },
      }),
      201,
    );
    await ok(call(`${books}/entries/${entry.id}/post`, { method: "POST" }));
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Meadow Landscaping" });
    books = await firstBooks(t)(owner.cookie);
    const orgId = Number(books.split("/").pop());
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`));
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    await ok(call(`${books}/currency`, { method: "PUT", json: { currency: "EUR" } }));
    const { account } = await ok<{ account: { id: number } }>(
      call(`${books}/accounts`, { json: { account_code: "1010", account_name: "KBC Business", account_type: "Asset" } }),
      201,
    );
    const created = await ok<{ account: { id: number } }>(
      call(`/api/bank/${orgId}/accounts`, { json: { name: "KBC Business", kind: "bank", account_id: account.id, currency: "EUR" } }),
      201,
    );
    bank = `/api/bank/${orgId}/accounts/${created.account.id}`;
    // The books bring the statement's opening forward: not an item of the report.
    await post("2024-10-31", "Opening balances as of 2024-10-31", account.id, codes["3000"]!, decimal(OPENING));
    await ok(
      call(`${bank}/statements?name=november.sta`, {
        method: "POST",
        body: new Uint8Array(statement()),
        headers: { "content-type": "application/octet-stream" },
      }),
    );
    const lines: BankLine[] = [];
    for (let page = 1; ; page++) {
      const p = await ok<{ lines: BankLine[]; pages: number }>(call(`${bank}/lines?show=all&page=${page}`));
      lines.push(...p.lines);
      if (page >= p.pages) break;
    }
    expect(lines).toHaveLength(DEPOSITS + PAYMENTS);
    await ok(call(`${bank}/categorize`, { json: { bank_line_ids: lines.map((l) => l.id), account_id: codes["6000"] } }), 201);
    // Cheques written in November that the bank has not paid yet.
    for (let i = 0; i < CHEQUES; i++)
      await post("2024-11-29", `Cheque ${500 + i} to Stone Yard ${i}`, codes["6000"]!, account.id, decimal(cheque(i)));
    const view = await ok<{ difference: string | null; statement_balance: string }>(call(`${bank}/reconciliation?date=2024-11-30`));
    expect(view).toMatchObject({ statement_balance: decimal(CLOSING), difference: "0.00" });
    const done = await ok<{ reconciliation: { id: number } }>(
      call(`${bank}/reconciliations`, { json: { statement_date: "2024-11-30", statement_balance: decimal(CLOSING) } }),
      201,
    );
    reconciliationId = done.reconciliation.id;
  });
  afterAll(() => t?.close());

  it("opens with a summary that adds up, lists each item once, and numbers every page 'Page i of N' with N its pages", async () => {
    const res = await call(`${bank}/reconciliations/${reconciliationId}/report.pdf`);
    expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfToText(bytes);
    const byPage = pagesOf(text);
    expect(byPage).toHaveLength(pages);
    byPage.forEach((page, i) => {
      // The footer on every page, and once.
      expect(page.match(/Page \d+ of \d+/g)).toEqual([`Page ${i + 1} of ${pages}`]);
    });

    // The summary, on the first page, before any item; its figures add up.
    const first = byPage[0]!;
    const figure = (label: string, cents: number) => expect(first).toMatch(new RegExp(`${escape(label)}\\s+${escape(euros(cents))}\\n`));
    figure("Statement opening balance", OPENING);
    figure(`Cleared deposits (${DEPOSITS})`, depositTotal);
    figure(`Cleared payments (${PAYMENTS})`, -paymentTotal);
    figure("Statement closing balance", CLOSING);
    figure(`Uncleared items in the books (${CHEQUES})`, -chequeTotal);
    figure("Book balance", CLOSING - chequeTotal);
    expect(OPENING + depositTotal - paymentTotal).toBe(CLOSING);
    expect(first.indexOf("Book balance")).toBeLessThan(first.indexOf("Invoice 7000 paid by Meadow Client 0"));
    expect(text).not.toContain("$");

    // Each item once, in its list.
    const once = (description: string) =>
      expect(text.match(new RegExp(`${escape(description)}(?!\\d)`, "g"))?.length ?? 0, description).toBe(1);
    for (let n = 0; n < DEPOSITS; n++) once(`Invoice ${7000 + n} paid by Meadow Client ${n}`);
    for (let n = 0; n < PAYMENTS; n++) once(`Supplier ${n} Greenhouse Supply order ${3000 + n}`);
    for (let n = 0; n < CHEQUES; n++) once(`Cheque ${500 + n} to Stone Yard ${n}`);
    expect(text).not.toContain("Opening balances as of 2024-10-31");
  });

  it(`refuses more than ${MAX_PRINTED_LINES.toLocaleString("en-US")} items with a 400 saying what to do, before drawing; the CSV still answers`, async () => {
    await t.ctx.db.execute(
      sql`update bank_reconciliations
             set items = jsonb_set(items, '{uncleared}', (select jsonb_agg(jsonb_build_object(
                   'date', '2024-11-29', 'entry_number', 'JE-' || g, 'description', 'Cheque ' || g, 'amount', '-1.00', 'statement_text', null))
                   from generate_series(1, ${MAX_PRINTED_LINES + 1}) g))
           where id = ${reconciliationId}`,
    );
    const res = await call(`${bank}/reconciliations/${reconciliationId}/report.pdf`);
    const body = (await res.json()) as { error: string; code: string };
    expect(res.status).toBe(400);
    expect(body).toMatchObject({
      code: "INVALID_INPUT",
      error: `This report has ${(MAX_PRINTED_LINES + 1 + DEPOSITS + PAYMENTS).toLocaleString("en-US")} lines; a PDF holds at most 10,000. Download the CSV instead.`,
    });
    expect((await call(`${bank}/reconciliations/${reconciliationId}/report.csv`)).status).toBe(200);
  });
});
