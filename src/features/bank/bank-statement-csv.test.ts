import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readCsv, type ReadOptions } from "~/features/import-export/index.server.ts";
import { findHeaderRow } from "~/features/import-export/index.ts";
import { StatementReadError, sumCents, type ParsedStatement } from "./bank-statement.ts";
import { bankCsvSettingsSchema, guessBankCsv, readBankCsv, type BankCsvSettings } from "./bank-statement-csv.ts";
import { parseMt940 } from "./bank-statement-mt940.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/bank");

/** The file read as the import reads it, with the guessed settings (checked by the schema) and its one statement. */
async function read(name: string, options: Partial<ReadOptions> = {}) {
  const { rows, encoding, delimiter } = await readCsv(createReadStream(path.join(fixtures, "csv", name)), { maxRows: 100000, ...options });
  const settings = bankCsvSettingsSchema.parse({ encoding, delimiter, ...guessBankCsv(rows) });
  const { format, statements } = await readBankCsv(rows, settings);
  expect(format).toBe("csv");
  expect(statements).toHaveLength(1);
  return { settings, rows, s: statements[0]! };
}

const figures = (s: ParsedStatement) => ({
  count: s.lines.length,
  sum: sumCents(s.lines),
  opening: s.opening?.cents,
  closing: s.closing?.cents,
});

describe("the bank CSV fixtures read with the guessed settings, as their README says", () => {
  it("ING: 13 lines of notes, Saldo stated above, newest first, the short Rente row", async () => {
    const { settings, s } = await read("rechnungspilot-ing-mit-saldo.csv");
    expect(settings).toMatchObject({ headerRow: 9, dateFormat: "01.03.2026", numberFormat: "1.234,56" });
    expect(settings.mapping).toEqual({ date: 0, valueDate: 1, payee: 2, description: [3, 4], amount: 5 });
    expect(figures(s)).toEqual({ count: 20, sum: 136253n, opening: undefined, closing: 6633190n });
    expect(s).toMatchObject({ account: "DE89370400440532013000", currency: "EUR" });
    // 6 fields for 7: Buchungstext is missing, the columns after the description move left.
    expect(s.lines[8]).toEqual({
      line: 19,
      date: "2025-11-28",
      amountCents: 264774n,
      payee: "Rente",
      description: "97052181157Z00511 RV-RENTE 11.2025",
    });
    expect(s.lines[17]).toMatchObject({ date: "2025-11-18", valueDate: "2025-11-17", amountCents: -50000n });
  });

  it("DKB: notes with a Kontostand, two-digit years, amounts 200 and -62,3, a broken quote", async () => {
    const { settings, s } = await read("rechnungspilot-dkb.csv");
    expect(settings).toMatchObject({ headerRow: 2, dateFormat: "01.03.26", numberFormat: "1.234,56" });
    expect(figures(s)).toEqual({ count: 8, sum: 5043n, opening: undefined, closing: 409332n });
    expect(s.closing).toEqual({ cents: 409332n, date: "2025-12-09" });
    expect(s.account).toBe("DE42120300001033738756");
    expect(s.lines.map((l) => l.amountCents)).toEqual([20000n, -6230n, 15000n, 7500n, -4800n, -20700n, -2999n, -2728n]);
    expect(s.lines[1]).toMatchObject({ date: "2025-12-05", payee: "Firma", description: "K.MICHEL GMBH", reference: "5012502091" });
  });

  it("VR-Teilhaberbank: running balance, newest first", async () => {
    const { settings, s } = await read("rechnungspilot-vr-teilhaberbank.csv");
    expect(settings.mapping).toMatchObject({ date: 4, valueDate: 5, amount: 11, balance: 13, payee: 6, description: [9, 10] });
    expect(figures(s)).toEqual({ count: 5, sum: -34191n, opening: 1518885n, closing: 1484694n });
    expect(s.lines[3]).toMatchObject({ date: "2025-11-28", valueDate: "2025-11-30", amountCents: -600n });
  });

  it("Commerzbank: oldest first, amounts -10,7 and -10, two zero rows kept, no balances", async () => {
    const { s } = await read("rechnungspilot-commerzbank.csv");
    expect(figures(s)).toEqual({ count: 7, sum: -7374n, opening: undefined, closing: undefined });
    expect(s.lines.filter((l) => l.amountCents === 0n)).toHaveLength(2);
    expect(s.lines[0]).toMatchObject({ amountCents: -1070n, description: expect.stringMatching(/^Zinsen\/Entgelte — Kontoführung/) });
  });

  it("OCA: debit and credit columns (debits negative), dd/mm/yy, balances above and below the data", async () => {
    const { settings, s } = await read("oca-meta_data_separated_credit_debit.csv");
    expect(settings).toMatchObject({ headerRow: 3, dateFormat: "01/03/26", numberFormat: "1.234,56" });
    expect(settings.mapping).toMatchObject({ date: 0, debit: 3, credit: 4, reference: 1, description: [2, 5] });
    // The README: off by +0.02, as stated.
    expect(figures(s)).toEqual({ count: 4, sum: 106932n, opening: 3000077n, closing: 3107011n });
    expect(s.lines.map((l) => l.amountCents)).toEqual([-5000n, -10000n, -8068n, 130000n]);
    expect(s.lines[0]).toMatchObject({ date: "2020-04-01", reference: "UNIQUE OP 1", description: "LABEL 1 — DETAILS 1" });
  });

  it("Nationwide: no header, `07 Nov 2013`, paid out and paid in columns, £, balances chaining in file order", async () => {
    const { settings, s } = await read("reckon-nationwide.csv");
    expect(settings).toMatchObject({ headerRow: -1, dateFormat: "1 Mar 2026", numberFormat: "1,234.56" });
    expect(settings.mapping).toMatchObject({ date: 0, debit: 3, credit: 4, balance: 5 });
    expect(figures(s)).toEqual({ count: 4, sum: 36023n, opening: 0n, closing: 36023n });
    expect(s.lines.map((l) => l.date)).toEqual(["2013-11-07", "2013-10-09", "2013-12-09", "2013-12-10"]);
  });

  it("two money columns: no header, -$76.00 and +$327.49, m/d/yyyy, newest first", async () => {
    const { settings, s } = await read("reckon-two_money_columns.csv");
    expect(settings).toMatchObject({ headerRow: -1, dateFormat: "03/01/2026", numberFormat: "1,234.56" });
    expect(settings.mapping).toMatchObject({ date: 0, debit: 3, credit: 4, balance: 5, description: [1] });
    // The chain breaks twice (README): closing is the newest row's balance, opening what the oldest row implies.
    expect(figures(s)).toEqual({ count: 5, sum: -54851n, opening: 121002n, closing: 175006n });
    expect(s.lines.slice(3).map((l) => l.amountCents)).toEqual([-8855n, 8855n]);
  });

  it("Nordea: no header, `;`, dd-mm-yyyy, decimal comma, amount then running balance", async () => {
    const { settings, s } = await read("reckon-danish_kroner_nordea.csv");
    expect(settings).toMatchObject({ headerRow: -1, dateFormat: "01-03-2026", numberFormat: "1.234,56" });
    expect(settings.mapping).toMatchObject({ date: 0, valueDate: 2, amount: 3, balance: 4, description: [1] });
    // The balances do not chain (anonymised): closing is the newest row's 26550.33.
    expect(figures(s)).toEqual({ count: 6, sum: -473200n, opening: 2178245n, closing: 2655033n });
    expect(s.lines[2]).toMatchObject({ date: "2012-10-22", valueDate: "2012-10-23", amountCents: 49790n });
  });

  it("PayPal: Net is the amount (not Gross), the Balance column ends at 9.41", async () => {
    const { settings, s } = await read("hledger-paypal-custom.csv");
    expect(settings).toMatchObject({ headerRow: 0, dateFormat: "03/01/2026" });
    expect(settings.mapping).toMatchObject({ date: 0, payee: 3, amount: 9, bankId: 12, balance: 17 });
    expect(figures(s)).toEqual({ count: 7, sum: 941n, opening: 0n, closing: 941n });
    expect(s.lines[6]).toMatchObject({ date: "2019-10-22", amountCents: 941n, payee: "Noble Benefactor", bankId: "68LL1662YP3134303" });
  });

  it("CSB43 as CSV: every row repeats the initial and final balance", async () => {
    const { settings, s } = await read("hledger-csb43.csv");
    expect(settings.mapping).toMatchObject({ date: 23, valueDate: 24, amount: 25, opening: 9, closing: 10 });
    expect(figures(s)).toEqual({ count: 2, sum: 100000n, opening: 0n, closing: 100000n });
    expect(s.lines.map((l) => l.description)).toEqual(["MY_INCOME_LINE", "MY_EXPENSE_LINE"]);
  });

  it("the VR-Teilhaberbank CSV and MT940 give the same 5 amounts and balances", async () => {
    const { s } = await read("rechnungspilot-vr-teilhaberbank.csv");
    const mt940 = (await parseMt940(readFileSync(path.join(fixtures, "mt940", "rechnungspilot-vr-teilhaberbank.mta")))).statements;
    const sorted = (a: bigint[]) => [...a].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(sorted(s.lines.map((l) => l.amountCents))).toEqual(sorted(mt940.flatMap((m) => m.lines.map((l) => l.amountCents))));
    expect([s.opening!.cents, s.closing!.cents]).toEqual([mt940[0]!.opening!.cents, mt940.at(-1)!.closing!.cents]);
  });
});

/** Rows as readCsv gives them from an inline text. */
const rowsOf = async (text: string) => (await readCsv(Readable.from([Buffer.from(text)]), { maxRows: 1000 })).rows;
const settingsFor = (rows: string[][]): BankCsvSettings => ({ encoding: "utf-8", delimiter: ";", ...guessBankCsv(rows) });

describe("bank CSV details", () => {
  it("reads an unsigned amount with a Soll/Haben mark", async () => {
    const rows = await rowsOf("Buchungstag;Text;Umsatz;Soll/Haben\n01.12.2025;Miete;1.000,00;S\n02.12.2025;Gehalt;2.500,00;H\n");
    const settings = settingsFor(rows);
    expect(settings.mapping).toEqual({ date: 0, description: [1], amount: 2, direction: 3 });
    expect((await readBankCsv(rows, settings)).statements[0]!.lines.map((l) => l.amountCents)).toEqual([-100000n, 250000n]);
  });

  it("takes a debit written positive as money out", async () => {
    const rows = await rowsOf("Date;Description;Debit;Credit\n2025-12-01;Rent;50.00;\n2025-12-02;Pay;;20.00\n");
    expect((await readBankCsv(rows, settingsFor(rows))).statements[0]!.lines.map((l) => l.amountCents)).toEqual([-5000n, 2000n]);
  });

  it("maps a statement without transactions by its header", async () => {
    const rows = await rowsOf("Buchungstag;Valuta;Verwendungszweck;Betrag\n");
    const settings = settingsFor(rows);
    expect(settings).toMatchObject({ headerRow: 0, mapping: { date: 0, valueDate: 1, description: [2], amount: 3 } });
    expect((await readBankCsv(rows, settings)).statements[0]!.lines).toEqual([]);
  });

  it("the schema refuses a mapping without an amount, and a debit without a credit", () => {
    const base = { encoding: "utf-8", delimiter: ";", headerRow: 0, dateFormat: "01.03.26", numberFormat: "1.234,56" };
    const issues = (mapping: object) => bankCsvSettingsSchema.safeParse({ ...base, mapping }).error?.issues.map((i) => i.message);
    expect(issues({ date: 0, description: [1] })).toEqual(["Choose an amount column, or a debit and a credit column"]);
    expect(issues({ date: 0, description: [], debit: 2 })).toEqual(["Choose both a debit and a credit column"]);
    expect(issues({ date: 0, description: [], amount: 2 })).toBeUndefined();
  });
});

describe("bank CSV rows that cannot be read", () => {
  const error = async (text: string) => {
    const rows = await rowsOf(text);
    try {
      await readBankCsv(rows, settingsFor(rows));
    } catch (e) {
      expect(e).toBeInstanceOf(StatementReadError);
      return e as StatementReadError;
    }
    throw new Error("read without an error");
  };
  const header = "Buchungstag;Verwendungszweck;Betrag\n01.12.2025;Miete;-500,00\n02.12.2025;Strom;-62,30\n";

  it("names the line and the column of an unreadable amount", async () => {
    const e = await error(`${header}03.12.2025;Kaffee;zwei Euro\n`);
    expect(e).toMatchObject({ line: 4, message: 'Line 4, column Betrag: "zwei Euro" is not an amount in the format 1.234,56' });
  });

  it("refuses 3 decimals", async () => {
    const e = await error(`${header}03.12.2025;Kaffee;-2,505\n`);
    expect(e).toMatchObject({ line: 4, message: 'Line 4, column Betrag: "-2,505" has more than 2 decimals' });
  });

  it("refuses a date that does not exist", async () => {
    const e = await error(`${header}31.11.2025;Kaffee;-2,50\n`);
    expect(e).toMatchObject({ line: 4, message: 'Line 4, column Buchungstag: "31.11.2025" is not a real date (format 01.03.2026)' });
  });
});

describe("the bank import and the books import find the same header row", () => {
  it("agrees with the bank import on real exports that put notes above the header", async () => {
    for (const file of ["rechnungspilot-ing-mit-saldo.csv", "rechnungspilot-dkb.csv", "oca-meta_data_separated_credit_debit.csv"]) {
      const rows = (await readCsv(createReadStream(path.join(fixtures, "csv", file)), { maxRows: 1000 })).rows;
      const bank = guessBankCsv(rows).headerRow;
      expect(bank, file).toBeGreaterThan(0);
      expect(findHeaderRow("journal", rows), file).toBe(bank);
    }
  });
});
