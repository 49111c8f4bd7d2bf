import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementReadError, sumCents } from "./bank-statement.ts";
import { parseQif, parseQifDate, qifDateOrderGuess } from "./bank-statement-qif.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/bank/qif");
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const bytes = (text: string) => new TextEncoder().encode(text);

describe("the QIF fixtures read as their README says", () => {
  it("OCA: US m/d/yy dates, a thousands comma, not in date order", async () => {
    const file = fixture("oca-test_qif.qif");
    expect(await qifDateOrderGuess(file)).toBe("mdy");
    const { format, statements } = await parseQif(file, "mdy");
    expect(format).toBe("qif");
    expect(statements).toHaveLength(1);
    const [s] = statements;
    expect(s!.lines).toHaveLength(5);
    expect(sumCents(s!.lines)).toBe(-189609n);
    expect(s!.opening).toBeUndefined();
    expect(s!.closing).toBeUndefined();
    expect(s!.lines[0]).toEqual({ line: 2, date: "2013-08-12", amountCents: -100000n, description: "Delta PC", payee: "Delta PC" });
    expect(s!.lines.map((l) => l.date)).toEqual(["2013-08-12", "2013-08-15", "2013-03-03", "2013-03-04", "2013-03-03"]);
  });

  it("Targobank: dd.mm.yy, UTF-8, CRLF, packed payee, an empty line inside a record", async () => {
    const file = fixture("rechnungspilot-targobank-duesseldorf.qif");
    expect(await qifDateOrderGuess(file)).toBe("dmy");
    const [s] = (await parseQif(file, "dmy")).statements;
    expect(s!.lines).toHaveLength(10);
    expect(sumCents(s!.lines)).toBe(-61123n);
    expect(s!.lines[0]).toMatchObject({ date: "2025-11-03", amountCents: -500n, payee: "CHRISTIAN MUSTERMANN" });
    expect(s!.lines[0]!.description).toMatch(/^Echtzeitüberweisung ; CHRISTIAN MUSTERMANN ; .* Bitte bei Rückfragen angeben\.$/);
    expect(s!.lines[5]).toMatchObject({ line: 22, date: "2025-11-04", amountCents: -35761n, payee: "TARGOBANK VISA SERVICE" });
    expect(s!.lines[9]).toMatchObject({ date: "2025-11-10", amountCents: 8316n, payee: "TEAG" });
  });

  it("the wrong date order is named at the first date it cannot read", async () => {
    await expect(parseQif(fixture("oca-test_qif.qif"), "dmy")).rejects.toThrow(
      /^Line 6: the date "8\/15\/13" is not a real date \(day first\)$/,
    );
  });
});

describe("QIF details", () => {
  it("reads Quicken's apostrophe years, four-digit years and dashes", async () => {
    expect(parseQifDate("8/12'13", "mdy")).toEqual({ ok: true, value: "2013-08-12" });
    expect(parseQifDate("12/31' 9", "mdy")).toEqual({ ok: true, value: "2009-12-31" });
    expect(parseQifDate("1/5/99", "mdy")).toEqual({ ok: true, value: "1999-01-05" });
    expect(parseQifDate("31.12.2024", "dmy")).toEqual({ ok: true, value: "2024-12-31" });
    expect(parseQifDate("05-01-2024", "dmy")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseQifDate("2024-01-05", "dmy").ok).toBe(false);
  });

  it("guesses the order only when the dates tell", async () => {
    expect(await qifDateOrderGuess(bytes("!Type:Bank\nD1/2/13\nT1.00\n^\n"))).toBeNull();
    expect(await qifDateOrderGuess(bytes("!Type:Bank\nD25/2/13\nT1.00\n^\nD2/25/13\nT1.00\n^\n"))).toBeNull();
    expect(await qifDateOrderGuess(bytes("!Type:Bank\nD25/2/13\nT1.00\n^\n"))).toBe("dmy");
  });

  it("reads card and cash sections, U amounts, decimal commas, memo and number, an unterminated last record", async () => {
    const text = [
      "!Account",
      "NVisa",
      "TCCard",
      "^",
      "!Type:CCard",
      "D03.11.2025",
      "U-1.234,50",
      "PShop",
      "MGifts",
      "N1042",
      "LHousehold",
      "^",
      "!Type:Cash",
      "D04.11.2025",
      "T-2,5",
    ].join("\n");
    const { statements } = await parseQif(bytes(text), "dmy");
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatchObject({ account: "Visa" });
    expect(statements[0]!.lines).toEqual([
      { line: 6, date: "2025-11-03", amountCents: -123450n, description: "Shop — Gifts", payee: "Shop", reference: "1042" },
    ]);
    expect(statements[1]!.lines).toMatchObject([{ date: "2025-11-04", amountCents: -250n }]);
  });
});

/** The error reading the text throws: always a StatementReadError. */
const error = async (text: string) => {
  try {
    await parseQif(bytes(text), "mdy");
  } catch (e) {
    expect(e).toBeInstanceOf(StatementReadError);
    return e as StatementReadError;
  }
  throw new Error("read without an error");
};

describe("QIF that cannot be read", () => {
  it("names the line of a bad date, an amount with 3 decimals, a missing amount", async () => {
    expect(await error("!Type:Bank\nD13/45/13\nT1.00\n^\n")).toMatchObject({
      line: 2,
      message: 'Line 2: the date "13/45/13" is not a real date (month first)',
    });
    // With 2.50 beside it the file writes a decimal point: 1.005 has 3 decimals (alone it would read as 1005 in 1.234,56).
    expect(await error("!Type:Bank\nD1/2/13\nT2.50\n^\nD1/3/13\nT1.005\n^\n")).toMatchObject({
      line: 6,
      message: 'Line 6: the amount "1.005" has more than 2 decimals',
    });
    expect(await error("!Type:Bank\nD1/2/13\nPNobody\n^\n")).toMatchObject({
      line: 2,
      message: "Line 2: the transaction has no amount (T)",
    });
  });

  it("refuses a file without a bank section", async () => {
    expect((await error("!Type:Invst\nD1/2/13\nT1.00\n^\n")).line).toBe(0);
  });
});

describe("QIF read in time linear in the file", () => {
  it("an amount with 100,000 spaces or zeros inside is refused at once, quoted short", async () => {
    const started = performance.now();
    expect((await error(`!Type:Bank\nD1/2/13\nT1${" ".repeat(100_000)}1\n^\n`)).message).toBe(
      `Line 3: the amount "1${" ".repeat(39)}…" is not an amount in the format 1,234.56`,
    );
    expect((await error(`!Type:Bank\nD1/2/13\nT1.${"0".repeat(100_000)}1\n^\n`)).message).toBe(
      `Line 3: the amount "1.${"0".repeat(38)}…" has more than 2 decimals`,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("more than 100,000 transactions are refused at the first one past the limit", async () => {
    const e = await error(`!Type:Bank\n${"D1/2/13\nT1.00\n^\n".repeat(100_001)}`);
    expect(e).toMatchObject({ line: 300_002, message: "Line 300002: the file holds more than 100,000 transactions" });
  });
});
