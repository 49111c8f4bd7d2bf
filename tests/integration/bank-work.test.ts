import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import type { BankLine as Line } from "~/features/bank/bank.types.ts";
import { displayAccount } from "~/features/bank/bank-statement-account.ts";
import { BANK_FIXTURES as fixtures, bankFixture as fixture } from "../support/bank.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

interface Preview {
  format: string;
  new_lines: number;
  duplicates: number;
  chosen: number | null;
  statements: { account: string | null; lines: number; total: string; difference: string | null }[];
  csv: { settings: Record<string, unknown> } | null;
  error?: string | null;
}
interface Imported {
  statement_id: number | null;
  imported: number;
  duplicates: number;
  replaced: number;
  number_stored: string | null;
  message: string;
}
interface Fields {
  error: string;
  fields?: Record<string, string>;
}

/** Whether poppler's pdftotext is installed (the PDF's text is then read back). */
const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Signed amounts as exact cents ("-1,234.50" never comes back from the API: "-1234.50"). */
const cents = (amount: string) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`not an amount: ${amount}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};
const decimal = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;

/** An OFX 1.x (SGML) bank statement in USD holding these transactions (already written as <STMTTRN> aggregates). */
const ofx1 = (transactions: string) =>
  Buffer.from(
    [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "VERSION:102",
      "SECURITY:NONE",
      "ENCODING:USASCII",
      "CHARSET:1252",
      "COMPRESSION:NONE",
      "OLDFILEUID:NONE",
      "NEWFILEUID:NONE",
      "",
      "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>",
      "<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>121099999<ACCTID>999988<ACCTTYPE>CHECKING</BANKACCTFROM>",
      "<BANKTRANLIST><DTSTART>20250301<DTEND>20250331",
      transactions,
      "</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20250331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
      "",
    ].join("\r\n"),
  );
const trn = (fitid: string, date: string, amount: string, name: string, correct = "") =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}${correct}<NAME>${name}</STMTTRN>`;

describe("bank work: every fixture imported, overlaps, corrections, rules, questions, reports, matching rules", () => {
  let t: TestApp;
  let books: (cookie: string) => Promise<string>;
  let codeSeq = 0;

  /** One organization's books as its owner uses them. */
  interface Books {
    owner: TestUser;
    orgId: number;
    books: string;
    org: string;
    codes: Record<string, number>;
  }
  const call = (user: TestUser, p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: user.cookie });
  const upload = (user: TestUser, p: string, bytes: Buffer) =>
    call(user, p, { method: "POST", body: new Uint8Array(bytes), headers: { "content-type": "application/octet-stream" } });
  const json = async <T>(res: Response | Promise<Response>, status?: number): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (status !== undefined && r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };

  async function openBooks(companyName: string): Promise<Books> {
    const owner = await createSignedInUser(t, { companyName });
    const path = await books(owner.cookie);
    const orgId = Number(path.split("/").pop());
    const { accounts } = await json<{ accounts: { id: number; account_code: string }[] }>(call(owner, `${path}/accounts`));
    return { owner, orgId, books: path, org: `/api/bank/${orgId}`, codes: Object.fromEntries(accounts.map((a) => [a.account_code, a.id])) };
  }

  /** A new ledger account (Asset for a bank, Liability for a card) and a bank account kept in it. */
  async function openBank(b: Books, opts: { currency: string; kind?: "bank" | "card"; number?: string; name?: string }) {
    const kind = opts.kind ?? "bank";
    codeSeq += 1;
    const { account } = await json<{ account: { id: number } }>(
      call(b.owner, `${b.books}/accounts`, {
        json: {
          account_code: `${kind === "card" ? "CC" : "BK"}-${codeSeq}`,
          account_name: opts.name ?? `Bank ${codeSeq}`,
          account_type: kind === "card" ? "Liability" : "Asset",
        },
      }),
      201,
    );
    // The books are kept in the statement's currency (decision 102).
    await json(call(b.owner, `${b.books}/currency`, { method: "PUT", json: { currency: opts.currency } }), 200);
    const created = await json<{ account: { id: number } }>(
      call(b.owner, `${b.org}/accounts`, {
        json: { name: opts.name ?? `Bank ${codeSeq}`, kind, account_id: account.id, currency: opts.currency, number: opts.number },
      }),
      201,
    );
    return { path: `${b.org}/accounts/${created.account.id}`, id: created.account.id, accountId: account.id };
  }

  /** Every statement line of a bank account, all pages. */
  async function allLines(user: TestUser, bank: string, show = "all"): Promise<Line[]> {
    const out: Line[] = [];
    for (let page = 1; ; page++) {
      const p = await json<{ lines: Line[]; pages: number }>(call(user, `${bank}/lines?show=${show}&page=${page}`), 200);
      out.push(...p.lines);
      if (page >= p.pages) return out;
    }
  }

  /** A posted entry: debit one account, credit another. */
  async function post(b: Books, date: string, description: string, debit: number, credit: number, amount: string, status = "posted") {
    const { entry } = await json<{ entry: { id: number } }>(
      call(b.owner, `${b.books}/entries`, {
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
    if (status === "posted") expect((await call(b.owner, `${b.books}/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
    return entry.id;
  }

  /** The id of the entry's line on this account. */
  async function ledgerLine(b: Books, entryId: number, accountId: number): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from journal_entry_lines where journal_entry_id = ${entryId} and account_id = ${accountId}`,
    );
    return Number(row!.id);
  }

  const trialBalance = async (b: Books) => {
    const { report } = await json<{ report: { rows: { account_code: string; closing_debit: string; closing_credit: string }[] } }>(
      call(b.owner, `${b.books}/reports/trial_balance?start=2000-01-01&end=2030-12-31`),
      200,
    );
    return Object.fromEntries(
      report.rows
        .map((r) => [r.account_code, cents(r.closing_debit || "0.00") - cents(r.closing_credit || "0.00")] as const)
        .filter(([, v]) => v !== 0),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
  });
  afterAll(() => t.close());

  // -----------------------------------------------------------------------------------------------------------------
  describe("every fixture file imports through the API, as its README counts and sums it", () => {
    /**
     * The README's figures. `difference` per statement of the preview: closing − (opening + lines) as the API defines
     * it; null where the file states no opening (OFX, QIF, CSVs with only a closing), "non-zero" where the README says
     * the balances do not chain but gives no amount.
     */
    interface FileCase {
      file: string;
      currency: string;
      kind?: "card";
      count: number;
      sum: string;
      difference: (string | null)[];
      query?: string;
    }
    const CASES: FileCase[] = [
      { file: "ofx/ofxparse-bank_medium.ofx", currency: "CAD", count: 3, sum: "-345.27", difference: [null] },
      { file: "ofx/ledger-autosync-accented_characters_latin1.ofx", currency: "USD", count: 1, sum: "-58.73", difference: [null] },
      { file: "ofx/ofxtools-br_nubank_cc.ofx", currency: "BRL", kind: "card", count: 6, sum: "-1280.91", difference: [null] },
      { file: "ofx/ofxparse-chase_cc.qfx", currency: "USD", kind: "card", count: 1, sum: "-10.00", difference: [null] },
      { file: "ofx/gnucash-cibc_checking.qfx", currency: "CAD", count: 7, sum: "-54.40", difference: [null] },
      { file: "ofx/ofxtools-stmtrs.ofx", currency: "USD", count: 2, sum: "-500.00", difference: [null] },
      { file: "ofx/ofxtools-stmtrs_euro.ofx", currency: "USD", count: 2, sum: "-500.00", difference: [null] },
      { file: "ofx/ofxparse-suncorp.ofx", currency: "AUD", count: 1, sum: "-16.85", difference: [null] },
      // A bank statement with 4 lines and a card statement with none: the one with lines is read.
      { file: "ofx/oca-test_ofx.ofx", currency: "USD", count: 4, sum: "-360.00", difference: [null] },
      { file: "camt/oca-test-camt053.xml", currency: "EUR", count: 3, sum: "-12.99", difference: ["-434.16"] },
      { file: "camt/fffs-FI_camt_053_sample.xml", currency: "EUR", count: 10, sum: "13644.83", difference: ["0.00"] },
      { file: "camt/postfinance-camt.053.001.04.xml", currency: "CHF", count: 5, sum: "4656.02", difference: ["-1537.00"] },
      // Two statements, the second (another account) without entries: the one with lines is read.
      { file: "camt/subite-LT-2024-04-11.camt053.001.08.xml", currency: "EUR", count: 15, sum: "-4269179.76", difference: ["0.00"] },
      { file: "camt/subite-account_statement.xml", currency: "EUR", count: 3, sum: "0.00", difference: ["0.00"] },
      { file: "camt/subite-BE68793230773034-202411.xml", currency: "EUR", count: 268, sum: "28168.75", difference: ["0.00"] },
      { file: "mt940/oca-test-ing.940", currency: "EUR", count: 8, sum: "-97.88", difference: ["0.00"] },
      // 3236.28 − 321.44 against 876.84; 2876.84 − 24.49 against 1849.75 (anonymised: neither reconciles).
      { file: "mt940/mt940-jejik-abnamro.sta", currency: "EUR", count: 10, sum: "-345.93", difference: ["-2038.00", "-1002.60"] },
      {
        file: "mt940/rechnungspilot-vr-teilhaberbank.mta",
        currency: "EUR",
        count: 5,
        sum: "-341.91",
        difference: ["0.00", "0.00", "0.00"],
      },
      { file: "qif/oca-test_qif.qif", currency: "USD", count: 5, sum: "-1896.09", difference: [null], query: "&qif_dates=mdy" },
      {
        file: "qif/rechnungspilot-targobank-duesseldorf.qif",
        currency: "EUR",
        count: 10,
        sum: "-611.23",
        difference: [null],
        query: "&qif_dates=dmy",
      },
      // ING: 13 lines of notes, ';' with decimal commas, ISO-8859-1: all of it guessed.
      { file: "csv/rechnungspilot-ing-mit-saldo.csv", currency: "EUR", count: 20, sum: "1362.53", difference: [null] },
      { file: "csv/rechnungspilot-dkb.csv", currency: "EUR", count: 8, sum: "50.43", difference: [null] },
      { file: "csv/rechnungspilot-vr-teilhaberbank.csv", currency: "EUR", count: 5, sum: "-341.91", difference: ["0.00"] },
      { file: "csv/rechnungspilot-commerzbank.csv", currency: "EUR", count: 7, sum: "-73.74", difference: [null] },
      { file: "csv/oca-meta_data_separated_credit_debit.csv", currency: "EUR", count: 4, sum: "1069.32", difference: ["0.02"] },
      { file: "csv/reckon-nationwide.csv", currency: "GBP", count: 4, sum: "360.23", difference: ["0.00"] },
      { file: "csv/reckon-two_money_columns.csv", currency: "USD", count: 5, sum: "-548.51", difference: ["non-zero"] },
      { file: "csv/reckon-danish_kroner_nordea.csv", currency: "DKK", count: 6, sum: "-4732.00", difference: ["non-zero"] },
      { file: "csv/hledger-paypal-custom.csv", currency: "USD", count: 7, sum: "9.41", difference: ["0.00"] },
      { file: "csv/hledger-csb43.csv", currency: "EUR", count: 2, sum: "1000.00", difference: ["0.00"] },
    ];
    /** The books of each currency: the books' currency is fixed by their first bank account. */
    const byCurrency = new Map<string, Promise<Books>>();
    const booksIn = (currency: string) => {
      if (!byCurrency.has(currency)) byCurrency.set(currency, openBooks(`Fixtures ${currency}`));
      return byCurrency.get(currency)!;
    };

    it("covers every file of the fixture folders (genkgo is the refused one)", () => {
      const all = ["ofx", "camt", "mt940", "qif", "csv"].flatMap((d) => readdirSync(path.join(fixtures, d)).map((f) => `${d}/${f}`));
      expect([...CASES.map((c) => c.file), "camt/genkgo-camt053.v8.xml"].sort()).toEqual(all.sort());
    });

    it.each(CASES)("$file: previewed, imported once, summed to the cent; the same file again imports nothing", async (c) => {
      const b = await booksIn(c.currency);
      const bank = await openBank(b, { currency: c.currency, kind: c.kind });
      const name = path.basename(c.file);
      const q = `?name=${encodeURIComponent(name)}${c.query ?? ""}`;
      const preview = await json<Preview>(upload(b.owner, `${bank.path}/statements/preview${q}`, fixture(c.file)), 200);
      expect(preview.new_lines).toBe(c.count);
      expect(preview.duplicates).toBe(0);
      const differences = preview.statements.map((s) => s.difference);
      expect(differences).toHaveLength(c.difference.length);
      c.difference.forEach((d, i) => {
        if (d === "non-zero") {
          expect(differences[i]).not.toBeNull();
          expect(differences[i]).not.toBe("0.00");
        } else expect(differences[i]).toBe(d);
      });
      expect(preview.error ?? null).toBeNull();
      if (c.file.startsWith("csv/")) {
        // The layout the preview shows, sent back as the caller's own, reads the file the same way.
        expect(preview.csv?.settings).toBeDefined();
        const layout = `&csv=${encodeURIComponent(JSON.stringify(preview.csv!.settings))}`;
        const same = await json<Preview>(upload(b.owner, `${bank.path}/statements/preview${q}${layout}`, fixture(c.file)), 200);
        expect(same).toMatchObject({ new_lines: c.count, error: null });
        expect(same.statements.map((s) => s.difference)).toEqual(differences);
      }
      // The preview stored nothing.
      expect(await allLines(b.owner, bank.path)).toEqual([]);

      const first = await json<Imported>(upload(b.owner, `${bank.path}/statements${q}`, fixture(c.file)), 200);
      expect(first).toMatchObject({ imported: c.count, duplicates: 0 });
      // A bank account without a number keeps the one the file names, and says so (decision 092).
      const kept = first.number_stored ? `; account number ${displayAccount(first.number_stored)} kept for this bank account` : "";
      expect(first.message).toBe(`${c.count} transaction${c.count === 1 ? "" : "s"} imported${kept}`);
      const lines = await allLines(b.owner, bank.path);
      expect(lines).toHaveLength(c.count);
      expect(decimal(lines.reduce((s, l) => s + cents(l.amount), 0))).toBe(c.sum);

      const again = await json<Imported>(upload(b.owner, `${bank.path}/statements${q}`, fixture(c.file)), 200);
      expect(again).toMatchObject({ statement_id: null, imported: 0 });
      expect(again.message).toBe(`Nothing new: all ${c.count} transactions of ${name} were imported before`);
      expect(await allLines(b.owner, bank.path)).toHaveLength(c.count);
      const again2 = await json<Preview>(upload(b.owner, `${bank.path}/statements/preview${q}`, fixture(c.file)), 200);
      expect(again2).toMatchObject({ new_lines: 0, duplicates: c.count });
    });

    it("genkgo's camt.053 (balances in four currencies) is refused with a clear 400; nothing is stored", async () => {
      const b = await booksIn("EUR");
      const bank = await openBank(b, { currency: "EUR" });
      const res = await upload(b.owner, `${bank.path}/statements?name=genkgo.xml`, fixture("camt/genkgo-camt053.v8.xml"));
      expect(res.status).toBe(400);
      const body = (await res.json()) as Fields;
      expect(body.error).toMatch(/^genkgo\.xml/);
      expect(body.error).toMatch(/currenc|SEK|CHF|JPY/i);
      expect(await allLines(b.owner, bank.path)).toEqual([]);
      const [n] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::integer as n from bank_statements where bank_account_id = ${bank.id}`,
      );
      expect(Number(n!.n)).toBe(0);
    });

    it("a file with two accounts' statements that both have lines: 400 naming the choice; statement= or the account number chooses", async () => {
      // OCA's OFX with a transaction added to its (empty) card statement.
      const text = fixture("ofx/oca-test_ofx.ofx")
        .toString("latin1")
        .replace(
          /<BANKTRANLIST>\s*<\/BANKTRANLIST>/,
          "<BANKTRANLIST><DTSTART>20130801</DTSTART><DTEND>20130831</DTEND><STMTTRN><TRNTYPE>DEBIT</TRNTYPE>" +
            "<DTPOSTED>20130825</DTPOSTED><TRNAMT>-12.50</TRNAMT><FITID>CARD1</FITID><NAME>Card fee</NAME></STMTTRN></BANKTRANLIST>",
        );
      const file = Buffer.from(text, "latin1");
      const b = await booksIn("USD");
      const bank = await openBank(b, { currency: "USD" });
      const refused = await upload(b.owner, `${bank.path}/statements/preview?name=two.ofx`, file);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as Fields;
      expect(body.fields?.statement).toBe(
        "The file holds statements of several accounts (123456: 4 lines, 123412341234: 1 lines): choose one",
      );
      expect((await upload(b.owner, `${bank.path}/statements?name=two.ofx`, file)).status).toBe(400);
      expect(await allLines(b.owner, bank.path)).toEqual([]);

      const card = await json<Preview>(upload(b.owner, `${bank.path}/statements/preview?name=two.ofx&statement=1`, file), 200);
      expect(card).toMatchObject({ chosen: 1, new_lines: 1 });
      expect(card.statements).toMatchObject([{ account: "123412341234", lines: 1, total: "-12.50" }]);
      const out = await upload(b.owner, `${bank.path}/statements/preview?name=two.ofx&statement=2`, file);
      expect(out.status).toBe(400);
      expect(((await out.json()) as Fields).fields?.statement).toBe("The file holds 2 statement(s)");

      // An account whose number is the bank statement's: that one is read, without asking.
      const numbered = await openBank(b, { currency: "USD", number: "123456" });
      const imported = await json<Imported>(upload(b.owner, `${numbered.path}/statements?name=two.ofx`, file), 200);
      expect(imported.imported).toBe(4);
      expect((await allLines(b.owner, numbered.path)).reduce((s, l) => s + cents(l.amount), 0)).toBe(-36000);
    });
  });

  // -----------------------------------------------------------------------------------------------------------------
  describe("overlapping statements and identical lines", () => {
    it("a second file repeating some lines: only the new ones are imported; two identical fees on one day are both kept", async () => {
      const b = await openBooks("Overlap Co");
      const bank = await openBank(b, { currency: "EUR" });
      const head = "Date,Description,Amount\r\n";
      const march =
        head +
        "2026-03-01,Office rent,-500.00\r\n2026-03-02,Bank fee,-2.00\r\n2026-03-02,Bank fee,-2.00\r\n2026-03-05,Invoice 17,1200.00\r\n";
      const first = await json<Imported>(upload(b.owner, `${bank.path}/statements?name=march.csv`, Buffer.from(march)), 200);
      expect(first).toMatchObject({ imported: 4, duplicates: 0, message: "4 transactions imported" });
      const fees = (await allLines(b.owner, bank.path)).filter((l) => l.description === "Bank fee");
      expect(fees.map((l) => l.amount)).toEqual(["-2.00", "-2.00"]);

      // The next statement overlaps: it repeats the 5th and both fees of the 2nd, then brings three new lines (a third
      // identical fee on the 2nd among them: the place among identical lines tells it apart).
      const overlap =
        head +
        "2026-03-02,Bank fee,-2.00\r\n2026-03-02,Bank fee,-2.00\r\n2026-03-02,Bank fee,-2.00\r\n" +
        "2026-03-05,Invoice 17,1200.00\r\n2026-03-09,Coffee,-4.50\r\n2026-03-12,Invoice 18,300.00\r\n";
      const preview = await json<Preview>(upload(b.owner, `${bank.path}/statements/preview?name=overlap.csv`, Buffer.from(overlap)), 200);
      expect(preview).toMatchObject({ new_lines: 3, duplicates: 3 });
      const second = await json<Imported>(upload(b.owner, `${bank.path}/statements?name=overlap.csv`, Buffer.from(overlap)), 200);
      expect(second).toMatchObject({ imported: 3, duplicates: 3, message: "3 transactions imported, 3 already imported" });
      const lines = await allLines(b.owner, bank.path);
      expect(lines).toHaveLength(7);
      expect(lines.filter((l) => l.description === "Bank fee")).toHaveLength(3);
      expect(lines.filter((l) => l.description === "Invoice 17")).toHaveLength(1);
      expect(decimal(lines.reduce((s, l) => s + cents(l.amount), 0))).toBe("989.50");

      // The same texts with other spacing and case are the same transactions.
      const spaced = head + "2026-03-09,  COFFEE ,-4.50\r\n";
      const third = await json<Imported>(upload(b.owner, `${bank.path}/statements?name=spaced.csv`, Buffer.from(spaced)), 200);
      expect(third).toMatchObject({ imported: 0, message: "Nothing new: all 1 transactions of spaced.csv were imported before" });
    });
  });

  // -----------------------------------------------------------------------------------------------------------------
  describe("OFX corrections", () => {
    it("CORRECTACTION REPLACE: the line it names goes, the new one comes; the same correction again changes nothing", async () => {
      const b = await openBooks("Correction Co");
      const bank = await openBank(b, { currency: "USD" });
      const first = ofx1(trn("A", "20250303", "-40.00", "Hardware store") + trn("B", "20250304", "-9.99", "Streaming"));
      expect(await json<Imported>(upload(b.owner, `${bank.path}/statements?name=march.ofx`, first), 200)).toMatchObject({ imported: 2 });
      const corrected = ofx1(trn("A2", "20250303", "-45.00", "Hardware store", "<CORRECTFITID>A<CORRECTACTION>REPLACE"));
      const res = await json<Imported>(upload(b.owner, `${bank.path}/statements?name=fix.ofx`, corrected), 200);
      expect(res).toMatchObject({ imported: 1, replaced: 1, message: "1 transaction imported, 1 corrected" });
      const lines = await allLines(b.owner, bank.path);
      expect(lines.map((l) => [l.description, l.amount]).sort()).toEqual([
        ["Hardware store", "-45.00"],
        ["Streaming", "-9.99"],
      ]);
      const again = await json<Imported>(upload(b.owner, `${bank.path}/statements?name=fix.ofx`, corrected), 200);
      expect(again).toMatchObject({ imported: 0, replaced: 0 });
      expect(await allLines(b.owner, bank.path)).toHaveLength(2);

      // DELETE: the line it names goes and the correcting transaction itself is not stored.
      const deleted = ofx1(trn("B-DEL", "20250304", "-9.99", "Streaming", "<CORRECTFITID>B<CORRECTACTION>DELETE"));
      const res2 = await json<Imported>(upload(b.owner, `${bank.path}/statements?name=delete.ofx`, deleted), 200);
      expect(res2).toMatchObject({ imported: 0, replaced: 1, message: "0 transactions imported, 1 corrected" });
      expect((await allLines(b.owner, bank.path)).map((l) => [l.description, l.amount])).toEqual([["Hardware store", "-45.00"]]);
    });

    it("a correction of a line already matched is refused with 409 and nothing of the file is stored", async () => {
      const b = await openBooks("Correction Matched Co");
      const bank = await openBank(b, { currency: "USD" });
      const first = ofx1(trn("A", "20250303", "-40.00", "Hardware store"));
      await json<Imported>(upload(b.owner, `${bank.path}/statements?name=march.ofx`, first), 200);
      const [line] = await allLines(b.owner, bank.path);
      await json(call(b.owner, `${bank.path}/categorize`, { json: { bank_line_ids: [line!.id], account_id: b.codes["6200"] } }), 201);
      const statementsBefore = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::integer as n from bank_statements where bank_account_id = ${bank.id}`,
      );

      const corrected = ofx1(
        trn("A2", "20250303", "-45.00", "Hardware store", "<CORRECTFITID>A<CORRECTACTION>REPLACE") + trn("C", "20250310", "-3.00", "Fee"),
      );
      const res = await upload(b.owner, `${bank.path}/statements?name=fix.ofx`, corrected);
      expect(res.status).toBe(409);
      expect(((await res.json()) as Fields).error).toMatch(/^fix\.ofx, line \d+: it corrects a transaction that is already matched/);
      const lines = await allLines(b.owner, bank.path);
      expect(lines.map((l) => [l.id, l.amount, l.match_kind])).toEqual([[line!.id, "-40.00", "categorized"]]);
      const statementsAfter = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::integer as n from bank_statements where bank_account_id = ${bank.id}`,
      );
      expect(Number(statementsAfter[0]!.n)).toBe(Number(statementsBefore[0]!.n));
    });
  });

  // -----------------------------------------------------------------------------------------------------------------
  describe("rules", () => {
    let b: Books;
    let bank: Awaited<ReturnType<typeof openBank>>;
    const rule = (over: Record<string, unknown>) => ({
      name: "Rule",
      field: "text",
      operator: "contains",
      value: "x",
      direction: "any",
      amount_min: null,
      amount_max: null,
      account_id: b.codes["6200"],
      bank_account_id: null,
      ...over,
    });
    const rules = async () =>
      (await json<{ rules: { id: number; name: string; position: number }[] }>(call(b.owner, `${b.org}/rules`), 200)).rules;

    beforeAll(async () => {
      b = await openBooks("Rules Co");
      bank = await openBank(b, { currency: "EUR" });
      const csv =
        "Date,Description,Amount\r\n2026-04-01,City parking garage,-6.00\r\n2026-04-02,Parking fine,-80.00\r\n" +
        "2026-04-03,Coffee corner,-3.20\r\n2026-04-04,Client payment ACME,950.00\r\n2026-04-05,Rent April,-700.00\r\n";
      await json(upload(b.owner, `${bank.path}/statements?name=april.csv`, Buffer.from(csv)), 200);
    });

    it("created, listed in order, moved up and down; the first fitting rule by position proposes its account", async () => {
      const parking = await json<{ rule: { id: number } }>(
        call(b.owner, `${b.org}/rules`, {
          json: rule({
            name: "Parking",
            value: "parking",
            direction: "out",
            amount_min: "0.50",
            amount_max: "50.00",
            account_id: b.codes["6200"],
          }),
        }),
        201,
      );
      const coffee = await json<{ rule: { id: number } }>(
        call(b.owner, `${b.org}/rules`, {
          json: rule({ name: "Coffee", operator: "matches", value: "^coff", account_id: b.codes["6000"] }),
        }),
        201,
      );
      const anything = await json<{ rule: { id: number } }>(
        call(b.owner, `${b.org}/rules`, {
          json: rule({
            name: "Small outgoing",
            operator: "matches",
            value: ".",
            direction: "out",
            amount_max: "10",
            account_id: b.codes["6100"],
          }),
        }),
        201,
      );
      expect((await rules()).map((r) => r.name)).toEqual(["Parking", "Coffee", "Small outgoing"]);

      const proposals = async () =>
        Object.fromEntries((await allLines(b.owner, bank.path, "unmatched")).map((l) => [l.description, l.rule?.rule_name ?? null]));
      expect(await proposals()).toEqual({
        "City parking garage": "Parking",
        "Parking fine": null, // 80.00 is above the rule's largest amount
        "Coffee corner": "Coffee",
        "Client payment ACME": null,
        "Rent April": null,
      });
      const lines = await allLines(b.owner, bank.path, "unmatched");
      expect(lines.find((l) => l.description === "Coffee corner")!.rule).toMatchObject({
        rule_id: coffee.rule.id,
        account_id: b.codes["6000"],
      });

      // "Small outgoing" fits the garage and the coffee too: moved to the top, it wins both.
      const up1 = await json<{ rules: { id: number }[] }>(
        call(b.owner, `${b.org}/rules/${anything.rule.id}/move`, { json: { direction: "up" } }),
        200,
      );
      expect(up1.rules.map((r) => r.id)).toEqual([parking.rule.id, anything.rule.id, coffee.rule.id]);
      expect((await proposals())["Coffee corner"]).toBe("Small outgoing");
      expect((await proposals())["City parking garage"]).toBe("Parking");
      await json(call(b.owner, `${b.org}/rules/${anything.rule.id}/move`, { json: { direction: "up" } }), 200);
      expect((await rules()).map((r) => r.id)).toEqual([anything.rule.id, parking.rule.id, coffee.rule.id]);
      expect((await proposals())["City parking garage"]).toBe("Small outgoing");
      // At the top already: moving up changes nothing.
      await json(call(b.owner, `${b.org}/rules/${anything.rule.id}/move`, { json: { direction: "up" } }), 200);
      expect((await rules()).map((r) => r.id)).toEqual([anything.rule.id, parking.rule.id, coffee.rule.id]);
      // Down twice: last.
      await json(call(b.owner, `${b.org}/rules/${anything.rule.id}/move`, { json: { direction: "down" } }), 200);
      await json(call(b.owner, `${b.org}/rules/${anything.rule.id}/move`, { json: { direction: "down" } }), 200);
      expect((await rules()).map((r) => r.id)).toEqual([parking.rule.id, coffee.rule.id, anything.rule.id]);
      expect(await proposals()).toMatchObject({ "City parking garage": "Parking", "Coffee corner": "Coffee" });
    });

    it("tried before saving: the count and the lines it fits, newest first; a rule that is not saved proposes nothing", async () => {
      const before = (await rules()).length;
      const tried = await json<{ count: number; lines: { description: string; amount: string }[] }>(
        call(b.owner, `${b.org}/rules/test`, { json: rule({ name: "Out", value: "p", operator: "contains", direction: "out" }) }),
        200,
      );
      // Money out with a "p": the garage, the fine and "Rent April"; "Client payment ACME" is money in.
      expect(tried.count).toBe(3);
      expect(tried.lines.map((l) => l.description)).toEqual(["Rent April", "Parking fine", "City parking garage"]);
      const none = await json<{ count: number; lines: unknown[] }>(
        call(b.owner, `${b.org}/rules/test`, { json: rule({ value: "nothing like this" }) }),
        200,
      );
      expect(none).toEqual({ count: 0, lines: [] });
      expect(await rules()).toHaveLength(before);
    });

    it("an unreadable pattern is a 400 on value; a smallest amount above the largest is a 400 on amount_max", async () => {
      for (const p of [`${b.org}/rules`, `${b.org}/rules/test`]) {
        const bad = await call(b.owner, p, { json: rule({ operator: "matches", value: "(" }) });
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as Fields).fields).toHaveProperty("value");
        const range = await call(b.owner, p, { json: rule({ amount_min: "20", amount_max: "10" }) });
        expect(range.status).toBe(400);
        expect(((await range.json()) as Fields).fields).toEqual({ amount_max: "Largest amount must be at least the smallest" });
      }
      // "(" is fine when it is only contained.
      expect((await call(b.owner, `${b.org}/rules/test`, { json: rule({ operator: "contains", value: "(" }) })).status).toBe(200);
      expect(await rules()).toHaveLength(3);
    });

    it("apply-rules posts the proposals: entries in the journal, lines categorized; undoing one reverses its entry", async () => {
      const balanceBefore = await trialBalance(b);
      const res = await json<{ entries: number }>(call(b.owner, `${bank.path}/apply-rules`, { method: "POST" }), 200);
      expect(res.entries).toBe(2);
      const lines = await allLines(b.owner, bank.path);
      const byText = Object.fromEntries(lines.map((l) => [l.description, l]));
      expect(byText["City parking garage"]).toMatchObject({ match_kind: "categorized", rule: null });
      expect(byText["Coffee corner"]).toMatchObject({ match_kind: "categorized" });
      expect(byText["Parking fine"]!.match_id).toBeNull();
      const { entries } = await json<{ entries: { id: number; description: string; status: string; total_amount: string }[] }>(
        call(b.owner, `${b.books}/entries`),
        200,
      );
      expect(entries.map((e) => [e.description, e.status, e.total_amount]).sort()).toEqual([
        ["City parking garage", "posted", "6.00"],
        ["Coffee corner", "posted", "3.20"],
      ]);
      const afterRules = await trialBalance(b);
      const coffeeEntry = byText["Coffee corner"]!.matched[0]!.entry_id;
      const [coffeeLines] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::integer as n from journal_entry_lines where journal_entry_id = ${coffeeEntry} and account_id = ${b.codes["6000"]}`,
      );
      expect(Number(coffeeLines!.n)).toBe(1);
      expect(afterRules["6000"]).toBe((balanceBefore["6000"] ?? 0) + 320);
      expect(afterRules["6200"]).toBe((balanceBefore["6200"] ?? 0) + 600);

      // Undo the coffee: its entry is reversed (the journal keeps both), the books are as before it.
      const undo = await call(b.owner, `${bank.path}/matches/${byText["Coffee corner"]!.match_id}`, { method: "DELETE" });
      expect(undo.status).toBe(200);
      const journal = await json<{ entries: { id: number; reversal_of: number | null; reversed_by: number | null }[] }>(
        call(b.owner, `${b.books}/entries`),
        200,
      );
      const reversal = journal.entries.find((e) => e.reversal_of === coffeeEntry);
      expect(reversal).toBeDefined();
      expect(journal.entries.find((e) => e.id === coffeeEntry)!.reversed_by).toBe(reversal!.id);
      const afterUndo = await trialBalance(b);
      expect(afterUndo["6000"]).toBe(balanceBefore["6000"]);
      expect(afterUndo["6200"]).toBe(afterRules["6200"]);
      const coffee = (await allLines(b.owner, bank.path)).find((l) => l.description === "Coffee corner")!;
      expect(coffee).toMatchObject({ match_id: null, match_kind: null });
      expect(coffee.rule?.rule_name).toBe("Coffee");
      // The reversed entry is not offered as the match again: the entry and its reversal net to 0.00.
      expect(coffee.suggestion).toBeNull();
    });

    it("a rule is deleted: it is gone from the list; the next fitting rule proposes instead; deleting it again is 404", async () => {
      const [, coffee] = await rules();
      expect((await call(b.owner, `${b.org}/rules/${coffee!.id}`, { method: "DELETE" })).status).toBe(200);
      expect((await rules()).map((r) => r.name)).toEqual(["Parking", "Small outgoing"]);
      const line = (await allLines(b.owner, bank.path, "unmatched")).find((l) => l.description === "Coffee corner")!;
      expect(line.rule?.rule_name).toBe("Small outgoing");
      expect((await call(b.owner, `${b.org}/rules/${coffee!.id}`, { method: "DELETE" })).status).toBe(404);
    });
  });

  // -----------------------------------------------------------------------------------------------------------------
  describe("questions to the client", () => {
    it("the accountant asks, only an owner answers; the answer shows on the line; all of it is in the audit log", async () => {
      const b = await openBooks("Question Co");
      const bank = await openBank(b, { currency: "EUR" });
      await json(
        upload(
          b.owner,
          `${bank.path}/statements?name=q.csv`,
          Buffer.from("Date,Description,Amount\r\n2026-05-02,Amazon Mktp,-89.90\r\n2026-05-03,Unknown transfer,-250.00\r\n"),
        ),
        200,
      );
      const accountant = await createSignedInUser(t, { companyName: "Accountant" });
      await addMember(t.ctx.db, b.orgId, accountant.id, "accountant");
      const viewer = await createSignedInUser(t, { companyName: "Viewer" });
      await addMember(t.ctx.db, b.orgId, viewer.id, "viewer");
      const [amazon, unknown] = (await allLines(b.owner, bank.path)).sort((x, y) => x.date.localeCompare(y.date));

      const asked = await call(accountant, `${bank.path}/questions`, { json: { bank_line_id: amazon!.id, question: "What did you buy?" } });
      expect(asked.status).toBe(201);
      const { question } = (await asked.json()) as { question: { id: number; question: string; answered_at: string | null } };
      expect(question).toMatchObject({ question: "What did you buy?", answered_at: null });
      const twice = await call(accountant, `${bank.path}/questions`, { json: { bank_line_id: amazon!.id, question: "Again?" } });
      expect(twice.status).toBe(409);
      expect((await call(viewer, `${bank.path}/questions`, { json: { bank_line_id: unknown!.id } })).status).toBe(403);
      const byAccountant = await call(accountant, `${b.org}/questions/${question.id}/answer`, { json: { note: "I answer myself" } });
      expect(byAccountant.status).toBe(403);
      expect((await call(viewer, `${b.org}/questions/${question.id}/answer`, { json: { note: "Viewer" } })).status).toBe(403);
      const empty = await call(b.owner, `${b.org}/questions/${question.id}/answer`, { json: { account_id: null, note: "" } });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as Fields).fields).toEqual({ note: "Choose an account or write a note" });
      expect((await call(b.owner, `${b.org}/questions/${question.id}/answer`, { json: {} })).status).toBe(400);

      const answered = await call(b.owner, `${b.org}/questions/${question.id}/answer`, {
        json: { account_id: b.codes["6200"], note: "Printer paper" },
      });
      expect(answered.status).toBe(200);
      const line = (await allLines(accountant, bank.path)).find((l) => l.id === amazon!.id)!;
      expect(line.question).toMatchObject({
        id: question.id,
        question: "What did you buy?",
        answer_account_id: b.codes["6200"],
        answer_account: "6200 · Utilities Expense",
        answer_note: "Printer paper",
      });
      expect(line.question!.answered_at).not.toBeNull();
      expect((await allLines(accountant, bank.path)).find((l) => l.id === unknown!.id)!.question).toBeNull();
      const { questions } = await json<{ questions: { id: number; answer_note: string | null }[] }>(
        call(viewer, `${b.org}/questions`),
        200,
      );
      expect(questions).toMatchObject([{ id: question.id, answer_note: "Printer paper" }]);

      // A reconciliation, so that every action is in the log.
      const opening = await post(b, "2026-05-01", "Opening", bank.accountId, b.codes["3000"]!, "339.90");
      await json(
        call(accountant, `${bank.path}/categorize`, { json: { bank_line_ids: [amazon!.id, unknown!.id], account_id: b.codes["6200"] } }),
        201,
      );
      await json(
        call(accountant, `${bank.path}/cleared`, { json: { ledger_line_ids: [await ledgerLine(b, opening, bank.accountId)] } }),
        201,
      );
      await json(
        call(accountant, `${bank.path}/reconciliations`, { json: { statement_date: "2026-05-31", statement_balance: "0.00" } }),
        201,
      );

      const log = await queryRows<{ action: string; actor_id: string; target_type: string; target_id: string; after: unknown }>(
        t.ctx.db,
        sql`select action, actor_id, target_type, target_id, after from audit_log
             where action in ('bank_question.asked', 'bank_question.answered', 'bank_statement.imported', 'bank_reconciliation.finished')
               and ((target_type = 'bank_account' and target_id = ${String(bank.id)})
                 or (target_type = 'bank_line' and target_id = ${String(amazon!.id)})
                 or (target_type = 'bank_question' and target_id = ${String(question.id)}))
             order by id`,
      );
      expect(log.map((l) => [l.action, l.actor_id])).toEqual([
        ["bank_statement.imported", b.owner.id],
        ["bank_question.asked", accountant.id],
        ["bank_question.answered", b.owner.id],
        ["bank_reconciliation.finished", accountant.id],
      ]);
      expect(log[1]).toMatchObject({ target_type: "bank_line", target_id: String(amazon!.id), after: { question_id: question.id } });
      expect(log[2]).toMatchObject({ target_type: "bank_question", after: { account_id: b.codes["6200"], note: "Printer paper" } });
      expect(log[0]).toMatchObject({ after: { file_name: "q.csv", imported: 2 } });
      expect(log[3]).toMatchObject({ after: { statement_date: "2026-05-31", statement_balance: "0.00" } });
    });
  });

  // -----------------------------------------------------------------------------------------------------------------
  describe("the reconciliation report; the order of reconciliations", () => {
    it("PDF and CSV of a finished reconciliation; a date not after the last is 400; only the latest is undone", async () => {
      const b = await openBooks("Report Co");
      const bank = await openBank(b, { currency: "EUR", name: "Sparkasse Giro" });
      const march = "Date,Description,Amount\r\n2026-03-03,Rent March,-700.00\r\n2026-03-10,Invoice 7,1500.00\r\n2026-03-20,Fee,-5.40\r\n";
      await json(upload(b.owner, `${bank.path}/statements?name=march.csv`, Buffer.from(march)), 200);
      const opening = await post(b, "2026-02-28", "Opening balance", bank.accountId, b.codes["3000"]!, "1000.00");
      const lines = await allLines(b.owner, bank.path);
      await json(
        call(b.owner, `${bank.path}/categorize`, { json: { bank_line_ids: lines.map((l) => l.id), account_id: b.codes["6000"] } }),
        201,
      );
      await json(call(b.owner, `${bank.path}/cleared`, { json: { ledger_line_ids: [await ledgerLine(b, opening, bank.accountId)] } }), 201);
      // An uncleared cheque written after the statement's last line but before its date.
      await post(b, "2026-03-30", "Cheque 12", b.codes["6000"]!, bank.accountId, "44.00");
      const view = await json<{ difference: string | null; cleared_balance: string; uncleared: { amount: string }[] }>(
        call(b.owner, `${bank.path}/reconciliation?date=2026-03-31`),
        200,
      );
      expect(view).toMatchObject({ cleared_balance: "1794.60", uncleared: [{ amount: "-44.00" }] });
      const { reconciliation } = await json<{ reconciliation: { id: number } }>(
        call(b.owner, `${bank.path}/reconciliations`, { json: { statement_date: "2026-03-31", statement_balance: "1794.60" } }),
        201,
      );

      const pdf = await call(b.owner, `${bank.path}/reconciliations/${reconciliation.id}/report.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="reconciliation-2026-03-31\.pdf"$/);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      if (hasPdftotext) {
        const text = execFileSync("pdftotext", ["-", "-"], { input: bytes }).toString("utf8");
        expect(text).toContain("Sparkasse Giro");
        expect(text).toContain("2026-03-31");
        expect(text).toContain("Difference");
        expect(text).toContain("Cheque 12");
      }

      const csv = await call(b.owner, `${bank.path}/reconciliations/${reconciliation.id}/report.csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="reconciliation-2026-03-31\.csv"$/);
      const rows = (await csv.text()).replace(/^\uFEFF/, "").split(/\r?\n/);
      expect(rows[0]).toBe("section,date,entry,description,statement text,amount");
      const cleared = rows.filter((r) => r.startsWith("Cleared,"));
      // The three categorized lines and the opening balance.
      expect(cleared).toHaveLength(4);
      expect(cleared.some((r) => r.includes("Opening balance"))).toBe(true);
      expect(cleared.some((r) => r.includes("Rent March"))).toBe(true);
      expect(rows.filter((r) => r.startsWith("Uncleared,"))).toHaveLength(1);

      // A reconciliation on the same date or before is refused.
      for (const date of ["2026-03-31", "2026-03-15"]) {
        const res = await call(b.owner, `${bank.path}/reconciliations`, { json: { statement_date: date, statement_balance: "1794.60" } });
        expect(res.status).toBe(400);
        expect(((await res.json()) as Fields).fields).toEqual({
          statement_date: "This account is reconciled to 2026-03-31: choose a later date",
        });
      }

      // April: the cheque clears with nothing new on the statement.
      const cheque = (
        await json<{ uncleared: { ledger_line_id: number }[] }>(call(b.owner, `${bank.path}/reconciliation?date=2026-04-30`), 200)
      ).uncleared[0]!;
      await json(call(b.owner, `${bank.path}/cleared`, { json: { ledger_line_ids: [cheque.ledger_line_id] } }), 201);
      const april = await json<{ reconciliation: { id: number } }>(
        call(b.owner, `${bank.path}/reconciliations`, { json: { statement_date: "2026-04-30", statement_balance: "1750.60" } }),
        201,
      );
      // March's report still says what was open on March 31: the cheque.
      // (kept with the reconciliation when it was finished, not read again as of now).
      const marchAgain = (await (await call(b.owner, `${bank.path}/reconciliations/${reconciliation.id}/report.csv`)).text()).split(
        /\r?\n/,
      );
      expect(marchAgain.filter((r) => r.startsWith("Uncleared,"))).toHaveLength(1);
      const older = await call(b.owner, `${bank.path}/reconciliations/${reconciliation.id}/undo`, { method: "POST" });
      expect(older.status).toBe(409);
      expect(((await older.json()) as Fields).error).toBe("Only the latest reconciliation can be undone");
      expect((await call(b.owner, `${bank.path}/reconciliations/${april.reconciliation.id}/undo`, { method: "POST" })).status).toBe(200);
      expect((await call(b.owner, `${bank.path}/reconciliations/${april.reconciliation.id}/undo`, { method: "POST" })).status).toBe(409);
      expect((await call(b.owner, `${bank.path}/reconciliations/${reconciliation.id}/undo`, { method: "POST" })).status).toBe(200);
    });
  });

  // -----------------------------------------------------------------------------------------------------------------
  describe("matching rules", () => {
    it("sums must agree (400, nothing written); many-to-one both ways; another account's or a draft's line is 404; matched is 409", async () => {
      const b = await openBooks("Matching Co");
      const bank = await openBank(b, { currency: "EUR" });
      const csv =
        "Date,Description,Amount\r\n2026-06-01,Supplier batch,-30.00\r\n2026-06-02,Card part 1,-10.00\r\n" +
        "2026-06-02,Card part 2,-20.00\r\n2026-06-03,Odd,-7.00\r\n";
      await json(upload(b.owner, `${bank.path}/statements?name=june.csv`, Buffer.from(csv)), 200);
      const lineOf = Object.fromEntries((await allLines(b.owner, bank.path)).map((l) => [l.description, l.id]));
      const expense = b.codes["6200"]!;
      const e12 = await post(b, "2026-06-01", "Supplier A", expense, bank.accountId, "12.00");
      const e18 = await post(b, "2026-06-01", "Supplier B", expense, bank.accountId, "18.00");
      const e30 = await post(b, "2026-06-02", "Card purchase", expense, bank.accountId, "30.00");
      const draft = await post(b, "2026-06-03", "Draft", expense, bank.accountId, "7.00", "draft");
      const [l12, l18, l30, lDraft] = await Promise.all([
        ledgerLine(b, e12, bank.accountId),
        ledgerLine(b, e18, bank.accountId),
        ledgerLine(b, e30, bank.accountId),
        ledgerLine(b, draft, bank.accountId),
      ]);
      const otherAccount = await ledgerLine(b, e30, expense);
      const state = () =>
        queryRows<{ matches: number; links: number; matched_lines: number }>(
          t.ctx.db,
          sql`select (select count(*) from bank_matches where bank_account_id = ${bank.id})::integer as matches,
                     (select count(*) from bank_match_ledger_lines ml join bank_matches m on m.id = ml.match_id where m.bank_account_id = ${bank.id})::integer as links,
                     (select count(*) from bank_lines where bank_account_id = ${bank.id} and match_id is not null)::integer as matched_lines`,
        );
      const match = (bankLines: number[], ledger: number[]) =>
        call(b.owner, `${bank.path}/matches`, { json: { bank_line_ids: bankLines, ledger_line_ids: ledger } });

      const differ = await match([lineOf["Supplier batch"]!], [l12]);
      expect(differ.status).toBe(400);
      expect(((await differ.json()) as Fields).error).toBe(
        "The statement lines add up to -30.00 and the ledger lines to -12.00: they must agree to the cent",
      );
      expect((await match([lineOf["Card part 1"]!, lineOf["Card part 2"]!], [l12, l30])).status).toBe(400);
      expect(await state()).toEqual([{ matches: 0, links: 0, matched_lines: 0 }]);

      // One statement line to two ledger lines.
      const one = await json<{ match_id: number }>(match([lineOf["Supplier batch"]!], [l12, l18]), 201);
      // Two statement lines to one ledger line.
      const two = await json<{ match_id: number }>(match([lineOf["Card part 1"]!, lineOf["Card part 2"]!], [l30]), 201);
      expect(await state()).toEqual([{ matches: 2, links: 3, matched_lines: 3 }]);
      const lines = await allLines(b.owner, bank.path);
      const batch = lines.find((l) => l.id === lineOf["Supplier batch"])!;
      expect(batch).toMatchObject({ match_id: one.match_id, match_kind: "matched" });
      expect(batch.matched.map((m) => m.ledger_line_id).sort()).toEqual([l12, l18].sort());
      expect(lines.filter((l) => l.match_id === two.match_id)).toHaveLength(2);

      // A line of another ledger account, of a draft, or one that does not exist: 404.
      for (const ledger of [otherAccount, lDraft, 999_999_999]) {
        const res = await match([lineOf["Odd"]!], [ledger]);
        expect(res.status).toBe(404);
      }
      // Already matched, on either side: 409.
      const e7 = await post(b, "2026-06-03", "Odd purchase", expense, bank.accountId, "7.00");
      const l7 = await ledgerLine(b, e7, bank.accountId);
      expect((await match([lineOf["Supplier batch"]!], [l7])).status).toBe(409);
      expect((await match([lineOf["Odd"]!], [l30])).status).toBe(409);
      expect((await call(b.owner, `${bank.path}/cleared`, { json: { ledger_line_ids: [l12] } })).status).toBe(409);
      expect(await state()).toEqual([{ matches: 2, links: 3, matched_lines: 3 }]);
      await json(match([lineOf["Odd"]!], [l7]), 201);
      expect(await state()).toEqual([{ matches: 3, links: 4, matched_lines: 4 }]);

      // Someone else's bank line is not found either.
      const other = await openBooks("Other Matching Co");
      const otherBank = await openBank(other, { currency: "EUR" });
      await json(
        upload(other.owner, `${otherBank.path}/statements?name=o.csv`, Buffer.from("Date,Description,Amount\r\n2026-06-03,X,-7.00\r\n")),
        200,
      );
      const [foreign] = await allLines(other.owner, otherBank.path);
      const e7b = await post(b, "2026-06-03", "Odd again", expense, bank.accountId, "7.00");
      expect((await match([foreign!.id], [await ledgerLine(b, e7b, bank.accountId)])).status).toBe(404);
    });
  });
});
