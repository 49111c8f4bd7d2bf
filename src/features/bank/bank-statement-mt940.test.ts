import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementReadError, sumCents } from "./bank-statement.ts";
import { parseMt940, readInformation } from "./bank-statement-mt940.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/bank/mt940");
const file = (name: string) => parseMt940(readFileSync(path.join(fixtures, name)));
const bytes = (text: string) => new TextEncoder().encode(text);

describe("the MT940 fixtures read as their README says", () => {
  it("ING: blocks, lines wrapped inside tokens, structured :86:", async () => {
    const { format, statements } = await file("oca-test-ing.940");
    expect(format).toBe("mt940");
    expect(statements).toHaveLength(1);
    const [s] = statements;
    expect(s).toMatchObject({ account: "NL77INGB0574908765", currency: "EUR" });
    expect(s!.opening).toEqual({ cents: 66223n, date: "2014-02-19" });
    expect(s!.closing).toEqual({ cents: 56435n, date: "2014-02-20" });
    expect(s!.lines).toHaveLength(8);
    expect(sumCents(s!.lines)).toBe(-9788n);
    expect(s!.opening!.cents + sumCents(s!.lines)).toBe(s!.closing!.cents);
    // `…//00000000001` + `005` + `/TRCD/00100/`: the bank reference joined across the break.
    expect(s!.lines[0]).toMatchObject({
      line: 9,
      date: "2014-02-20",
      amountCents: 156n,
      bankId: "00000000001005",
      reference: "EV12341REP1231456T1234",
      payee: "ING BANK NV INZAKE WEB",
      description: "EV10001REP1000000T1000",
    });
    // `/REM` + `I/USTD//CO` + `NTRIBUTIE FEB 2014/`
    expect(s!.lines[5]).toMatchObject({ amountCents: -1275n, description: "Return MS03 — CONTRIBUTIE FEB 2014", payee: "J.Janssen" });
    expect(s!.lines[7]).toMatchObject({ amountCents: -11900n, bankId: "00000000001012", reference: "15614016000384600" });
    expect(s!.lines.map((l) => l.bankId)).toEqual([1005, 1006, 1007, 1009, 1008, 1010, 1011, 1012].map((n) => `0000000000${n}`));
  });

  it("ABN AMRO: header lines, :28: and :28C:, :60M:/:62M:, amounts `9,` and `107,`, a blank line", async () => {
    const { statements } = await file("mt940-jejik-abnamro.sta");
    expect(statements).toHaveLength(2);
    const [a, b] = statements;
    expect(a).toMatchObject({ account: "517852257", currency: "EUR" });
    expect(a!.lines).toHaveLength(8);
    expect(sumCents(a!.lines)).toBe(-32144n);
    expect(a!.opening).toEqual({ cents: 323628n, date: "2011-05-22" });
    expect(a!.closing).toEqual({ cents: 87684n, date: "2011-05-23" });
    expect(a!.lines[0]).toMatchObject({ amountCents: -900n, date: "2011-05-24" });
    expect(a!.lines[0]!.description).toBe(
      "GIRO 428428 KPN - DIGITENNE BETALINGSKENM. 000000042188659 5314606715 BETREFT FACTUUR D.D. 20-05-2011 INCL. 1,44 BTW",
    );
    expect(a!.lines[6]).toMatchObject({ amountCents: -10700n, date: "2011-05-23", valueDate: "2011-05-21" });
    expect(b!.lines).toHaveLength(2);
    expect(sumCents(b!.lines)).toBe(-2449n);
    expect(b!.opening).toEqual({ cents: 287684n, date: "2011-05-23" });
    expect(b!.closing).toEqual({ cents: 184975n, date: "2011-05-24" });
  });

  it("VR-Teilhaberbank: three daily statements, `DR` is a debit with funds code R, ?-sub-fields", async () => {
    const { statements } = await file("rechnungspilot-vr-teilhaberbank.mta");
    expect(statements.map((s) => s.lines.length)).toEqual([1, 1, 3]);
    expect(statements.map((s) => [s.opening!.cents, s.closing!.cents])).toEqual([
      [1518885n, 1517095n],
      [1517095n, 1516495n],
      [1516495n, 1484694n],
    ]);
    for (const s of statements) expect(s.opening!.cents + sumCents(s.lines)).toBe(s.closing!.cents);
    const lines = statements.flatMap((s) => s.lines);
    expect(lines.map((l) => l.amountCents)).toEqual([-1790n, -600n, -3990n, -45311n, 17500n]);
    expect(sumCents(lines)).toBe(-34191n);
    expect(statements[0]).toMatchObject({ account: "76069559/0003267288", currency: "EUR" });
    expect(lines[0]).toMatchObject({ payee: "PayPal Europe S.a.r.l. et Cie S.C.A", reference: "1046450041914" });
    expect(lines[0]!.description).toMatch(/^Basislastschrift — 1046450041914\/\. eBay S\.a r\.l\., Ihr Einkauf bei eBay/);
    // Booked 28.11 (entry date 1128), value date 30.11; the purpose wrapped mid-number: "30.11.20" + "25".
    expect(lines[1]).toMatchObject({ date: "2025-11-28", valueDate: "2025-11-30", description: "Abschluss — Abschluss per 30.11.2025" });
    expect(lines[4]).toMatchObject({ description: "Gutschrift — Rate", payee: "Max Mustermann" });
  });
});

const statement = (...fields: string[]) => [":20:REF", ":25:DE89370400440532013000", ...fields, ""].join("\r\n");

describe("MT940 details", () => {
  it("infers the booking year across the new year and reads reversals", async () => {
    const { statements } = await parseMt940(
      bytes(
        statement(":60F:C251230EUR100,00", ":61:2601021231RD5,00NTRFNONREF", ":61:2512310102RC2,50NMSCNONREF", ":62F:C260102EUR102,50"),
      ),
    );
    expect(statements[0]!.lines).toMatchObject([
      { date: "2025-12-31", valueDate: "2026-01-02", amountCents: 500n },
      { date: "2026-01-02", valueDate: "2025-12-31", amountCents: -250n },
    ]);
  });

  it("reads :86: in sub-fields, in codes and as free text", async () => {
    expect(readInformation("166?00Gutschrift?20EREF+E2E-1?21SVWZ+Rechnung 12?32Erika Muster")).toEqual({
      description: "Gutschrift — Rechnung 12",
      payee: "Erika Muster",
      reference: "E2E-1",
    });
    expect(
      readInformation("/TRTP/SEPA OVERBOEKING/IBAN/NL02ABNA0123456789/BIC/ABNANL2A/NAME/J. Jansen/REMI/Huur mei/EREF/NOTPROVIDED"),
    ).toEqual({
      description: "Huur mei",
      payee: "J. Jansen",
    });
    expect(readInformation("  BEA   NR:XXX1234 ")).toEqual({ description: "BEA NR:XXX1234" });
  });

  it("reads a file with LF lines and no :86:", async () => {
    const { statements } = await parseMt940(
      bytes(statement(":60F:D251201EUR9,", ":61:251201C1,NTRFINV-7//B1", ":62F:D251201EUR8,").replace(/\r/g, "")),
    );
    expect(statements[0]).toMatchObject({ opening: { cents: -900n }, closing: { cents: -800n } });
    expect(statements[0]!.lines[0]).toMatchObject({ amountCents: 100n, reference: "INV-7", bankId: "B1", description: "NTRF — INV-7" });
  });

  it("reads Windows-1252 when the bytes are not UTF-8", async () => {
    const text = statement(
      ":60F:C251201EUR1,00",
      ":61:2512011201C1,00NTRFNONREF",
      ":86:?00Gutschrift?20Gr\u00fc\u00dfe",
      ":62F:C251201EUR2,00",
    );
    const latin = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect((await parseMt940(latin)).statements[0]!.lines[0]!.description).toBe("Gutschrift — Grüße");
  });
});

describe("MT940 that cannot be read", () => {
  const error = async (text: string) => {
    try {
      await parseMt940(bytes(text));
    } catch (e) {
      expect(e).toBeInstanceOf(StatementReadError);
      return e as StatementReadError;
    }
    throw new Error("read without an error");
  };

  it("a statement cut short: no closing balance", async () => {
    const e = await error(statement(":60F:C251201EUR10,00", ":61:2512011201D1,00NTRFNONREF", ":86:Kaffee"));
    expect(e.line).toBe(1);
    expect(e.message).toMatch(/no closing balance \(:62F:\)/);
  });

  it("a date that does not exist, named with its line", async () => {
    const e = await error(statement(":60F:C251201EUR10,00", ":61:2513011201D1,00NTRFNONREF", ":62F:C251201EUR9,00"));
    expect(e.line).toBe(4);
    expect(e.message).toMatch(/^Line 4: .*value date 251301 is not a real date/);
  });

  it("an amount with 3 decimals", async () => {
    const e = await error(statement(":60F:C251201EUR10,00", ":61:2512011201D1,005NTRFNONREF", ":62F:C251201EUR9,00"));
    expect(e.line).toBe(4);
    expect(e.message).toMatch(/amount 1,005 has more than 2 decimals/);
  });

  it("a file that is not MT940", async () => {
    expect((await error("Datum;Betrag\n01.12.2025;1,00\n")).line).toBe(0);
  });
});

describe("MT940 read in time linear in the file, with bounded lines and fields", () => {
  const header = ":20:STARTUMS\n:25:12345678/0000000001\n:28C:0\n:60F:C251201EUR0,00\n";
  /** Reads the file and the milliseconds it took. */
  const timed = async (text: string) => {
    const started = performance.now();
    const read = await parseMt940(bytes(text)).catch((e: unknown) => e);
    return { read, ms: performance.now() - started };
  };

  it("a `-` is text unless a :20: or a block follows it (ING wraps `-` inside text)", async () => {
    const text = `${header}:61:2512011201C1,00NTRFNONREF\n:86:Rent\n-\nDecember\n:62F:C251201EUR1,00\n-\n:20:NEXT\n:60F:C251201EUR1,00\n:62F:C251201EUR1,00\n`;
    const { statements } = await parseMt940(bytes(text));
    expect(statements).toHaveLength(2);
    expect(statements[0]!.lines[0]!.description).toBe("Rent - December");
  });

  it("2 MB of continuation lines are refused at once, naming the field", async () => {
    const text = `${header}:61:2512011201C1,00NTRFNONREF\n:86:?00Gutschrift\n${"?20ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\n".repeat(50_000)}`;
    const { read, ms } = await timed(text);
    expect(read).toBeInstanceOf(StatementReadError);
    expect((read as StatementReadError).line).toBe(6);
    expect((read as StatementReadError).message).toBe("Line 6: the field :86: runs on to line 263, past 10,000 characters");
    expect(ms).toBeLessThan(1000);
  });

  it("1 MB of lone `-` lines between two statements are read in one pass", async () => {
    const first = `${header}:61:2512011201C1,00NTRFNONREF\n:86:Rent\n:62F:C251201EUR1,00\n`;
    const text = `${first}${"-\n".repeat(500_000)}:20:NEXT\n:60F:C251201EUR1,00\n:62F:C251201EUR1,00\n`;
    const { read, ms } = await timed(text);
    expect((read as { statements: unknown[] }).statements).toHaveLength(2);
    expect(ms).toBeLessThan(2000);
  });

  it("20,000 transactions with ING's `-` inside their text are read in one pass", async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `:61:2512011201C1,00NTRFNONREF//B${i}\n:86:Invoice ${i}\n-\nDecember\n`);
    const { read, ms } = await timed(`${header}${lines.join("")}:62F:C251201EUR20000,00\n-\n`);
    const [s] = (read as { statements: { lines: { description: string }[] }[] }).statements;
    expect(s!.lines).toHaveLength(20_000);
    expect(s!.lines[19_999]!.description).toBe("Invoice 19999 - December");
    expect(ms).toBeLessThan(3000);
  });

  it("a line longer than 2,000 characters is refused with its line", async () => {
    const { read } = await timed(`${header}:61:2512011201C1,00NTRFNONREF\n:86:${"x".repeat(2000)}\n`);
    expect((read as StatementReadError).message).toBe("Line 6: the line is longer than 2,000 characters, which MT940 lines never are");
  });
});
