import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementReadError, sumCents } from "./statement.ts";
import { parseQif, parseQifDate, qifDateOrderGuess } from "./statement-qif.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/bank/qif");
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const bytes = (text: string) => new TextEncoder().encode(text);

describe("the QIF fixtures read as their README says", () => {
  it("OCA: US m/d/yy dates, a thousands comma, not in date order", () => {
    const file = fixture("oca-test_qif.qif");
    expect(qifDateOrderGuess(file)).toBe("mdy");
    const { format, statements } = parseQif(file, "mdy");
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

  it("Targobank: dd.mm.yy, UTF-8, CRLF, packed payee, an empty line inside a record", () => {
    const file = fixture("rechnungspilot-targobank-duesseldorf.qif");
    expect(qifDateOrderGuess(file)).toBe("dmy");
    const [s] = parseQif(file, "dmy").statements;
    expect(s!.lines).toHaveLength(10);
    expect(sumCents(s!.lines)).toBe(-61123n);
    expect(s!.lines[0]).toMatchObject({ date: "2025-11-03", amountCents: -500n, payee: "CHRISTIAN MUSTERMANN" });
    expect(s!.lines[0]!.description).toMatch(/^Echtzeitüberweisung ; CHRISTIAN MUSTERMANN ; .* Bitte bei Rückfragen angeben\.$/);
    expect(s!.lines[5]).toMatchObject({ line: 22, date: "2025-11-04", amountCents: -35761n, payee: "TARGOBANK VISA SERVICE" });
    expect(s!.lines[9]).toMatchObject({ date: "2025-11-10", amountCents: 8316n, payee: "TEAG" });
  });

  it("the wrong date order is named at the first date it cannot read", () => {
    expect(() => parseQif(fixture("oca-test_qif.qif"), "dmy")).toThrow(/^Line 6: the date "8\/15\/13" is not a real date \(day first\)$/);
  });
});

describe("QIF details", () => {
  it("reads Quicken's apostrophe years, four-digit years and dashes", () => {
    expect(parseQifDate("8/12'13", "mdy")).toEqual({ ok: true, value: "2013-08-12" });
    expect(parseQifDate("12/31' 9", "mdy")).toEqual({ ok: true, value: "2009-12-31" });
    expect(parseQifDate("1/5/99", "mdy")).toEqual({ ok: true, value: "1999-01-05" });
    expect(parseQifDate("31.12.2024", "dmy")).toEqual({ ok: true, value: "2024-12-31" });
    expect(parseQifDate("05-01-2024", "dmy")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseQifDate("2024-01-05", "dmy").ok).toBe(false);
  });

  it("guesses the order only when the dates tell", () => {
    expect(qifDateOrderGuess(bytes("!Type:Bank\nD1/2/13\nT1.00\n^\n"))).toBeNull();
    expect(qifDateOrderGuess(bytes("!Type:Bank\nD25/2/13\nT1.00\n^\nD2/25/13\nT1.00\n^\n"))).toBeNull();
    expect(qifDateOrderGuess(bytes("!Type:Bank\nD25/2/13\nT1.00\n^\n"))).toBe("dmy");
  });

  it("reads card and cash sections, U amounts, decimal commas, memo and number, an unterminated last record", () => {
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
    const { statements } = parseQif(bytes(text), "dmy");
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatchObject({ account: "Visa" });
    expect(statements[0]!.lines).toEqual([
      { line: 6, date: "2025-11-03", amountCents: -123450n, description: "Shop — Gifts", payee: "Shop", reference: "1042" },
    ]);
    expect(statements[1]!.lines).toMatchObject([{ date: "2025-11-04", amountCents: -250n }]);
  });
});

describe("QIF that cannot be read", () => {
  const error = (text: string) => {
    try {
      parseQif(bytes(text), "mdy");
    } catch (e) {
      expect(e).toBeInstanceOf(StatementReadError);
      return e as StatementReadError;
    }
    throw new Error("read without an error");
  };

  it("names the line of a bad date, an amount with 3 decimals, a missing amount", () => {
    expect(error("!Type:Bank\nD13/45/13\nT1.00\n^\n")).toMatchObject({
      line: 2,
      message: 'Line 2: the date "13/45/13" is not a real date (month first)',
    });
    // With 2.50 beside it the file writes a decimal point: 1.005 has 3 decimals (alone it would read as 1005 in 1.234,56).
    expect(error("!Type:Bank\nD1/2/13\nT2.50\n^\nD1/3/13\nT1.005\n^\n")).toMatchObject({
      line: 6,
      message: 'Line 6: the amount "1.005" has more than 2 decimals',
    });
    expect(error("!Type:Bank\nD1/2/13\nPNobody\n^\n")).toMatchObject({ line: 2, message: "Line 2: the transaction has no amount (T)" });
  });

  it("refuses a file without a bank section", () => {
    expect(error("!Type:Invst\nD1/2/13\nT1.00\n^\n").line).toBe(0);
  });
});
