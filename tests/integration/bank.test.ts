import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import type { BankLine as Line } from "~/features/bank/bank.types.ts";
import { bankFixture as fixture } from "../support/bank.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

describe("bank accounts: statements in, matched or categorized, reconciled to the cent", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let bank: string;
  let codes: Record<string, number>;
  const call = (p: string, init: RequestInit & { json?: unknown } = {}, user = owner) => t.request(p, { ...init, cookie: user.cookie });
  const upload = (p: string, bytes: Buffer, user = owner) =>
    call(p, { method: "POST", body: new Uint8Array(bytes), headers: { "content-type": "application/octet-stream" } }, user);
  const lines = async (show = "all") => (await (await call(`${bank}/lines?show=${show}`)).json()) as { lines: Line[]; total: number };
  const entry = (date: string, description: string, debit: string, credit: string, amount: string) =>
    call(`${books}/entries`, {
      json: {
        description,
        entry_date: date,
        reference: "",
        lines: [
          { account_id: codes[debit], debit_amount: amount, credit_amount: "0" },
          { account_id: codes[credit], debit_amount: "0", credit_amount: amount },
        ],
      },
    });
  const post = async (date: string, description: string, debit: string, credit: string, amount: string) => {
    const { entry: e } = (await (await entry(date, description, debit, credit, amount)).json()) as { entry: { id: number } };
    expect((await call(`${books}/entries/${e.id}/post`, { method: "POST" })).status).toBe(200);
    return e.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Bank Co" });
    books = await firstBooks(t)(owner.cookie);
    const { accounts } = (await (await call(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("a bank account is kept in an Asset account, a card in a Liability; one currency for the books", async () => {
    const orgPath = `/api/bank/${books.split("/").pop()}`;
    const wrong = await call(`${orgPath}/accounts`, { json: { name: "Visa", kind: "card", account_id: codes["1000"], currency: "EUR" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.account_id).toBe("A card is kept in a Liability account");
    expect((await call(`${books}/currency`, { method: "PUT", json: { currency: "EUR" } })).status).toBe(200);
    const res = await call(`${orgPath}/accounts`, {
      json: { name: "VR Girokonto", kind: "bank", account_id: codes["1000"], currency: "eur" },
    });
    expect(res.status).toBe(201);
    const { account } = (await res.json()) as { account: { id: number; currency: string } };
    expect(account.currency).toBe("EUR");
    bank = `${orgPath}/accounts/${account.id}`;
    const other = await call(`${orgPath}/accounts`, { json: { name: "Card", kind: "card", account_id: codes["2500"], currency: "USD" } });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { fields: Record<string, string> }).fields.currency).toMatch(/kept in EUR/);
    const twice = await call(`${orgPath}/accounts`, { json: { name: "Again", kind: "bank", account_id: codes["1000"], currency: "EUR" } });
    expect(((await twice.json()) as { fields: Record<string, string> }).fields.account_id).toMatch(/already uses/);
  });

  it("an MT940 statement: previewed with its balances checked, imported once; the same file again changes nothing", async () => {
    const file = fixture("mt940/rechnungspilot-vr-teilhaberbank.mta");
    const preview = (await (await upload(`${bank}/statements/preview?name=vr.mta`, file)).json()) as {
      format: string;
      new_lines: number;
      statements: { lines: number; difference: string | null }[];
    };
    expect(preview.format).toBe("mt940");
    expect(preview.new_lines).toBe(5);
    expect(preview.statements.map((s) => s.difference)).toEqual(["0.00", "0.00", "0.00"]);
    expect(await lines()).toMatchObject({ total: 0 });

    const first = (await (await upload(`${bank}/statements?name=vr.mta`, file)).json()) as { imported: number; message: string };
    expect(first).toMatchObject({
      imported: 5,
      message: "5 transactions imported; account number 76069559/0003267288 kept for this bank account",
    });
    const again = (await (await upload(`${bank}/statements?name=vr.mta`, file)).json()) as { imported: number; message: string };
    expect(again).toMatchObject({ imported: 0, message: "Nothing new: all 5 transactions of vr.mta were imported before" });
    const all = await lines();
    expect(all.total).toBe(5);
    expect(all.lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0)).toBe(-34191);
  });

  it("a file that cannot be read, or in another currency, is refused naming the file and line; nothing is stored", async () => {
    const bomb = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` +
        `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>&b;</BkToCstmrStmt></Document>`,
    );
    const refused = await upload(`${bank}/statements?name=bomb.xml`, bomb);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^bomb\.xml/);
    const usd = await upload(`${bank}/statements?name=chase.qfx`, fixture("ofx/ofxparse-chase_cc.qfx"));
    expect(usd.status).toBe(400);
    expect(((await usd.json()) as { error: string }).error).toBe("chase.qfx: the statement is in USD; this bank account is kept in EUR");
    const mt = Buffer.from(":20:X\r\n:25:1/2\r\n:28C:0\r\n:60F:C251127EUR10,00\r\n:61:2511301130DR1,234N\r\n");
    const bad = await upload(`${bank}/statements?name=bad.sta`, mt);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^bad\.sta, line \d+: /);
    expect((await lines()).total).toBe(5);
  });

  it("a PDF, a truncated OFX, a file over 20 MB are refused; a UTF-16 CSV with its byte order mark is read", async () => {
    const pdf = await upload(`${bank}/statements?name=receipt.pdf`, Buffer.from("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n\u0000\u0001binary"));
    expect(pdf.status).toBe(400);
    expect(((await pdf.json()) as { error: string }).error).toBe(
      "receipt.pdf: this is not a bank statement (CSV, OFX, QFX, camt.053, MT940 or QIF text)",
    );
    const ofx = fixture("ofx/ofxparse-bank_medium.ofx");
    const truncated = await upload(`${bank}/statements?name=cut.ofx`, ofx.subarray(0, Math.floor(ofx.length * 0.6)));
    expect(truncated.status).toBe(400);
    expect(((await truncated.json()) as { error: string }).error).toMatch(/^cut\.ofx/);
    const huge = await upload(`${bank}/statements?name=huge.csv`, Buffer.alloc(21 * 1024 * 1024, "2026-01-01,x,1.00\n"));
    expect(huge.status).toBe(413);
    expect((await lines()).total).toBe(5);

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("Date,Description,Amount\r\n2025-11-29,Café Zürich,-4.20\r\n", "utf16le"),
    ]);
    const read = (await (await upload(`${bank}/statements/preview?name=utf16.csv`, utf16)).json()) as {
      lines: { description: string; amount: string }[];
    };
    expect(read.lines).toEqual([expect.objectContaining({ description: "Café Zürich", amount: "-4.20" })]);
  });

  it("a CSV's layout can be put right: the preview shows what a wrong one cannot read; the import refuses it", async () => {
    const csv = Buffer.from("Booked;Text;Amount\r\n29.11.2025;Bakery;-4,20\r\n30.11.2025;Refund;1,00\r\n");
    const guessed = (await (await upload(`${bank}/statements/preview?name=bank.csv`, csv)).json()) as {
      error: string | null;
      new_lines: number;
      csv: { settings: { delimiter: string; dateFormat: string; numberFormat: string; mapping: Record<string, unknown> } };
    };
    expect(guessed).toMatchObject({ error: null, new_lines: 2 });
    expect(guessed.csv.settings).toMatchObject({
      delimiter: ";",
      dateFormat: "01.03.2026",
      numberFormat: "1.234,56",
      mapping: { date: 0, amount: 2 },
    });
    const wrong = encodeURIComponent(JSON.stringify({ ...guessed.csv.settings, mapping: { ...guessed.csv.settings.mapping, date: 1 } }));
    const preview = (await (await upload(`${bank}/statements/preview?name=bank.csv&csv=${wrong}`, csv)).json()) as {
      error: string;
      new_lines: number;
    };
    expect(preview).toMatchObject({ new_lines: 0 });
    expect(preview.error).toMatch(/^bank\.csv, line 2, column Text: /);
    const refused = await upload(`${bank}/statements?name=bank.csv&csv=${wrong}`, csv);
    expect(refused.status).toBe(400);
    expect((await lines()).total).toBe(5);
  });

  it("suggestions by amount near the date: accepted, rejected; categorizing posts an entry in one step", async () => {
    await post("2025-11-20", "Opening balance", "1000", "3000", "15188.85");
    const [ebay] = (await lines("unmatched")).lines.filter((l) => l.amount === "-17.90");
    expect(ebay).toBeDefined();
    await post("2025-11-26", "eBay purchase", "6200", "1000", "17.90");
    const suggested = (await lines("unmatched")).lines.find((l) => l.id === ebay!.id)!;
    expect(suggested.suggestion?.entry_number).toMatch(/^JE-/);
    const rejected = await call(`${bank}/rejections`, {
      json: { bank_line_id: ebay!.id, ledger_line_id: suggested.suggestion!.ledger_line_id },
    });
    expect(rejected.status).toBe(200);
    expect((await lines("unmatched")).lines.find((l) => l.id === ebay!.id)!.suggestion).toBeNull();
    // Matched by hand to the same ledger line; amounts that differ are refused.
    const candidates = (await (await call(`${bank}/lines/${ebay!.id}/candidates`)).json()) as {
      candidates: { ledger_line_id: number; amount: string }[];
    };
    const same = candidates.candidates.find((c) => c.amount === "-17.90")!;
    const opening = candidates.candidates.find((c) => c.amount === "15188.85")!;
    const differ = await call(`${bank}/matches`, { json: { bank_line_ids: [ebay!.id], ledger_line_ids: [opening.ledger_line_id] } });
    expect(differ.status).toBe(400);
    expect(((await differ.json()) as { error: string }).error).toMatch(/must agree to the cent/);
    expect((await call(`${bank}/matches`, { json: { bank_line_ids: [ebay!.id], ledger_line_ids: [same.ledger_line_id] } })).status).toBe(
      201,
    );

    const rest = (await lines("unmatched")).lines;
    expect(rest).toHaveLength(4);
    const res = await call(`${bank}/categorize`, { json: { bank_line_ids: rest.map((l) => l.id), account_id: codes["6100"] } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ entries: 4 });
    expect((await lines("unmatched")).total).toBe(0);
    const { report } = (await (await call(`${books}/reports/trial_balance?start=2025-01-01&end=2025-12-31`)).json()) as {
      report: { rows: { account_code: string; closing_debit: string; closing_credit: string }[] };
    };
    expect(report.rows.find((r) => r.account_code === "1000")).toMatchObject({ closing_debit: "14846.94" });
  });

  it("reconciles to 0.00 from the statement's opening balance; a finished reconciliation locks its matches until undone", async () => {
    // The opening entry (20 November) is brought forward in the opening the statement states for 27 November.
    const before = (await (await call(`${bank}/reconciliation?date=2025-12-01`)).json()) as Record<string, unknown>;
    expect(before).toMatchObject({
      start: { date: "2025-11-27", balance: "15188.85", books: "15188.85", difference: "0.00" },
      statement_balance: "14846.94",
      book_balance: "14846.94",
      cleared_balance: "14846.94",
      difference: "0.00",
      uncleared: [],
    });
    const wrong = await call(`${bank}/reconciliations`, { json: { statement_date: "2025-12-01", statement_balance: "14846.95" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("The difference is 0.01: it must be 0.00 to finish");
    const done = await call(`${bank}/reconciliations`, { json: { statement_date: "2025-12-01", statement_balance: "14,846.94" } });
    expect(done.status).toBe(201);
    const { reconciliation } = (await done.json()) as { reconciliation: { id: number } };

    const locked = (await lines()).lines[0]!;
    expect(locked.reconciled).toBe(true);
    const undo = await call(`${bank}/matches/${locked.match_id}`, { method: "DELETE" });
    expect(undo.status).toBe(409);
    const entryId = locked.matched[0]!.entry_id;
    const reverse = await call(`${books}/entries/${entryId}/reverse`, { json: { entry_date: "2025-12-02" } });
    expect(reverse.status).toBe(409);

    expect((await call(`${bank}/reconciliations/${reconciliation.id}/undo`, { method: "POST" })).status).toBe(200);
    expect((await call(`${bank}/matches/${locked.match_id}`, { method: "DELETE" })).status).toBe(200);
    expect((await lines("unmatched")).total).toBe(1);
  });

  it("viewers read and change nothing; someone outside the books gets 404", async () => {
    const viewer = await createSignedInUser(t, { companyName: "Viewer" });
    await addMember(t.ctx.db, Number(books.split("/").pop()), viewer.id, "viewer");
    expect((await call(`${bank}/lines`, {}, viewer)).status).toBe(200);
    expect((await upload(`${bank}/statements?name=x.mta`, fixture("mt940/rechnungspilot-vr-teilhaberbank.mta"), viewer)).status).toBe(403);
    const stranger = await createSignedInUser(t, { companyName: "Other" });
    expect((await call(`${bank}/lines`, {}, stranger)).status).toBe(404);
    expect((await call(`${bank}/lines`, { headers: {} }, { ...stranger, cookie: "" })).status).toBe(401);
  });
});
