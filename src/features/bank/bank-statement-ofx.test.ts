import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementReadError, sumCents, type ParsedStatement } from "./bank-statement.ts";
import { parseOfx } from "./bank-statement-ofx.ts";
import { descendants, find, type XmlNode } from "./bank-statement-xml.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/bank/ofx");
const read = (file: string) => parseOfx(readFileSync(path.join(fixtures, file)));
const bytes = (text: string) => new TextEncoder().encode(text);

/** The error a read throws: always a StatementReadError. */
async function refused(text: string | Uint8Array): Promise<StatementReadError> {
  try {
    await parseOfx(typeof text === "string" ? bytes(text) : text);
  } catch (e) {
    expect(e).toBeInstanceOf(StatementReadError);
    return e as StatementReadError;
  }
  throw new Error("the file was read");
}

interface Expected {
  currency: string;
  account: string;
  count: number;
  sum: bigint;
  closing: bigint;
}

/** The README's figures, per file and statement: transactions, signed sum and LEDGERBAL, in cents. */
const EXPECTED: Record<string, Expected[]> = {
  "ofxparse-bank_medium.ofx": [{ currency: "CAD", account: "12300 000012345678", count: 3, sum: -34527n, closing: 38234n }],
  "ledger-autosync-accented_characters_latin1.ofx": [{ currency: "USD", account: "1452687~7", count: 1, sum: -5873n, closing: 10099n }],
  "ofxtools-br_nubank_cc.ofx": [
    { currency: "BRL", account: "11111111-UUID-UUID-UUID-111111111111", count: 6, sum: -128091n, closing: -128091n },
  ],
  "ofxparse-chase_cc.qfx": [{ currency: "USD", account: "0123012301230123", count: 1, sum: -1000n, closing: -1000n }],
  "gnucash-cibc_checking.qfx": [{ currency: "CAD", account: "99999 99-99999", count: 7, sum: -5440n, closing: 9321n }],
  "ofxtools-stmtrs.ofx": [{ currency: "USD", account: "999988", count: 2, sum: -50000n, closing: 20029n }],
  "ofxtools-stmtrs_euro.ofx": [{ currency: "USD", account: "999988", count: 2, sum: -50000n, closing: 20029n }],
  "ofxparse-suncorp.ofx": [{ currency: "AUD", account: "123456789", count: 1, sum: -1685n, closing: 123412n }],
  "oca-test_ofx.ofx": [
    { currency: "USD", account: "123456", count: 4, sum: -36000n, closing: 215656n },
    { currency: "USD", account: "123412341234", count: 0, sum: 0n, closing: -56200n },
  ],
};

const figures = (s: ParsedStatement) => ({
  currency: s.currency,
  account: s.account,
  count: s.lines.length,
  sum: sumCents(s.lines),
  closing: s.closing?.cents,
});

describe("the OFX fixtures read as their README says", () => {
  it("covers every file of the folder", async () => {
    expect(readdirSync(fixtures).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))("%s", async (file, expected) => {
    const parsed = await read(file);
    expect(parsed.format).toBe("ofx");
    expect(parsed.statements.map(figures)).toEqual(expected);
    for (const s of parsed.statements) {
      expect(s.opening).toBeUndefined(); // OFX states no opening balance
      for (const l of s.lines) {
        expect(l.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(l.description).toBe(l.description.replace(/\s+/g, " ").trim());
        expect(l.description).not.toBe("");
      }
    }
  });

  it("bank_medium: date part of DTPOSTED, line of each STMTTRN, name and memo, CHECKNUM 0 ignored", async () => {
    const [s] = (await read("ofxparse-bank_medium.ofx")).statements;
    expect(s!.closing).toEqual({ cents: 38234n, date: "2009-05-23" });
    expect(s!.lines.map((l) => [l.line, l.date, l.amountCents])).toEqual([
      [15, "2009-04-01", -660n],
      [16, "2009-04-02", -31667n],
      [17, "2009-04-03", -2200n],
    ]);
    expect(s!.lines[1]).toEqual({
      line: 16,
      date: "2009-04-02",
      amountCents: -31667n,
      description: "MISCELLANEOUS PAYMENTS;Joe's Bald Hairstyles",
      payee: "Joe's Bald Hairstyles",
      bankId: "0000123456782009040200004",
    });
  });

  it("latin1: the byte 0xE0 is à, and the transaction is a correction", async () => {
    const [line] = (await read("ledger-autosync-accented_characters_latin1.ofx")).statements[0]!.lines;
    expect(line).toMatchObject({
      line: 46,
      date: "2014-09-20",
      amountCents: -5873n,
      payee: "Virement Interac à: Jean",
      bankId: "201409206",
    });
    expect(line!.correction).toEqual({ action: "replace", bankId: "201409206" });
  });

  it("chase QFX: a blank line before the header, UTF-8 bytes under CHARSET:1252", async () => {
    const [line] = (await read("ofxparse-chase_cc.qfx")).statements[0]!.lines;
    expect(line).toMatchObject({ date: "2020-01-01", payee: "SQ *ECCO UN POCO ¦ NATURA" });
  });

  it("CIBC QFX: an unescaped & in a memo, transactions not in date order", async () => {
    const { lines } = (await read("gnucash-cibc_checking.qfx")).statements[0]!;
    expect(lines[1]!.description).toBe("INSTANT TELLER DEPOSIT;9TH & VICTORIA 01A05;Automated Bank Machine");
    expect(lines[4]).toMatchObject({
      payee: "STUDNT LOA",
      description: "STUDNT LOA / PREAUTHORIZED DEBIT;STUDENT LOANS;Electronic Funds Transfer",
    });
    expect(lines.map((l) => l.date)).toContain("2001-03-31");
  });

  it("nubank: blank lines between aggregates, MEMO only, a BANKTRANLIST never closed", async () => {
    const { lines } = (await read("ofxtools-br_nubank_cc.ofx")).statements[0]!;
    expect(lines.map((l) => l.amountCents)).toEqual([-1300n, -16290n, -3346n, -902n, -10353n, -95900n]);
    expect(lines[0]).toMatchObject({ date: "2024-03-23", description: "-memo-message-", bankId: "11111111-UUID-4747-8883-111111111111" });
    expect(lines[0]!.payee).toBeUndefined();
  });

  it("OFX 2 XML: CHECKNUM as reference, the type when there is no name, decimal commas read alike", async () => {
    const plain = await read("ofxtools-stmtrs.ofx");
    expect(plain.statements[0]!.lines).toEqual([
      { line: 38, date: "2005-10-04", amountCents: -20000n, description: "CHECK", reference: "1000", bankId: "00002" },
      { line: 45, date: "2005-10-20", amountCents: -30000n, description: "ATM", bankId: "00003" },
    ]);
    expect(await read("ofxtools-stmtrs_euro.ofx")).toEqual(plain);
  });

  it("suncorp: CRLF, the CDATA trimmed, CHECKNUM 0 ignored", async () => {
    const [line] = (await read("ofxparse-suncorp.ofx")).statements[0]!.lines;
    expect(line).toEqual({
      line: 35,
      date: "2013-12-15",
      amountCents: -1685n,
      payee: "EFTPOS WDL HANDYWAY ALDI STORE",
      description: "EFTPOS WDL HANDYWAY ALDI STORE GEELONG WEST VICAU",
      bankId: "1",
    });
  });

  it("OCA: four BANKTRANLIST blocks in one statement, amounts without decimals, then a card statement", async () => {
    const [bank, card] = (await read("oca-test_ofx.ofx")).statements;
    expect(bank!.lines.map((l) => [l.line, l.amountCents, l.payee])).toEqual([
      [31, -8000n, "Agrolait"],
      [42, -9000n, "China Export"],
      [53, -10000n, "Axelor Scuba"],
      [64, -9000n, "China Scuba"],
    ]);
    expect(card).toEqual({ account: "123412341234", currency: "USD", closing: { cents: -56200n, date: "2013-08-31" }, lines: [] });
  });
});

const HEADER = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n\n";
/** A one-transaction SGML file; the STMTTRN starts on line 11. */
const sgml = (trn: string) =>
  `${HEADER}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKACCTFROM><ACCTID>1</BANKACCTFROM>\n<BANKTRANLIST>\n` +
  `<STMTTRN>\n${trn}\n</STMTTRN>\n</BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20260301</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
const trn = (amount: string, date = "20260301") => `<TRNTYPE>DEBIT\n<DTPOSTED>${date}\n<TRNAMT>${amount}\n<FITID>9\n<NAME>Shop`;
const BOMB =
  '<?xml version="1.0"?>\n<!DOCTYPE OFX [\n <!ENTITY a "aaaaaaaaaa">\n <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n' +
  ' <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\n' +
  ' <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">\n <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">\n' +
  ' <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">\n <!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">\n]>\n<OFX><NAME>&h;</NAME></OFX>\n';

describe("bad OFX input is refused with the line, never half read", () => {
  it("reads the inline file the other tests spoil", async () => {
    const [s] = (await parseOfx(bytes(sgml(trn("-12.30"))))).statements;
    expect(s).toEqual({
      account: "1",
      currency: "EUR",
      closing: { cents: 100n, date: "2026-03-01" },
      lines: [{ line: 11, date: "2026-03-01", amountCents: -1230n, description: "Shop", payee: "Shop", bankId: "9" }],
    });
    expect((await parseOfx(bytes(sgml(trn("-12.300"))))).statements[0]!.lines[0]!.amountCents).toBe(-1230n);
  });

  it("entities decoded, a lone & kept, an empty leaf without end tag, a payee aggregate", async () => {
    const text = `<TRNTYPE>DEBIT\n<DTPOSTED>20260301\n<TRNAMT>-1\n<MEMO>\n<PAYEE><NAME>A &amp; B & C&#233;<ADDR1>x</PAYEE>\n<REFNUM>R1`;
    const [line] = (await parseOfx(bytes(sgml(text)))).statements[0]!.lines;
    expect(line).toEqual({
      line: 11,
      date: "2026-03-01",
      amountCents: -100n,
      description: "A & B & Cé",
      payee: "A & B & Cé",
      reference: "R1",
    });
  });

  it("an amount with 3 decimals, named with its line", async () => {
    const e = await refused(sgml(trn("-12.345")));
    expect(e.line).toBe(14);
    expect(e.message).toBe('Line 14: "-12.345" has more than 2 decimals');
  });

  it("a day that does not exist", async () => {
    const e = await refused(sgml(trn("-1.00", "20260230")));
    expect(e.message).toBe('Line 13: "20260230" is not a real date');
  });

  it("an amount that is not one, a correction without action", async () => {
    expect((await refused(sgml(trn("12,345.67")))).message).toBe('Line 14: "12,345.67" is not an amount');
    expect((await refused(sgml(`${trn("1")}\n<CORRECTFITID>8`))).message).toMatch(/CORRECTACTION must be REPLACE or DELETE/);
  });

  it("a truncated file", async () => {
    const whole = readFileSync(path.join(fixtures, "ofxparse-bank_medium.ofx"), "latin1");
    expect((await refused(whole.slice(0, whole.indexOf("CONNIE")))).message).toMatch(
      /^Line 17: the file ends inside <STMTTRN> \(line 17\)/,
    );
    const xml = readFileSync(path.join(fixtures, "ofxtools-stmtrs.ofx"), "utf8");
    expect((await refused(xml.slice(0, 1500))).message).toMatch(/the file ends early .*truncated/);
  });

  it("an empty file, another format, no statement, no transaction list", async () => {
    expect((await refused(new Uint8Array())).message).toBe("The file is empty");
    expect((await refused(" \n\n")).line).toBe(0);
    expect((await refused("Date,Amount\n2026-03-01,12.00\n")).message).toMatch(/^This is not an OFX file/);
    expect((await refused(`${HEADER}<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>`)).message).toMatch(/no bank or card statement/);
    expect((await refused(`${HEADER}<OFX><STMTRS><CURDEF>EUR</STMTRS></OFX>`)).message).toBe(
      "Line 8: the statement <STMTRS> has no transaction list (BANKTRANLIST)",
    );
  });

  it("an XML bomb (billion laughs), quickly and without expanding it", async () => {
    const started = performance.now();
    expect((await refused(BOMB)).message).toBe("Line 11: the file has a DOCTYPE (which may declare entities): refused");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("an external entity, in XML or in SGML", async () => {
    const external = '<?xml version="1.0"?>\n<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<OFX><NAME>&x;</NAME></OFX>';
    expect((await refused(external)).message).toMatch(/DOCTYPE .*refused/);
    const inSgml = `${HEADER}<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<OFX><NAME>&x;</OFX>`;
    expect((await refused(inSgml)).message).toBe("Line 8: the file has a DOCTYPE or declarations, which OFX never has: refused");
    expect((await refused('<?xml version="1.0"?>\n<OFX><NAME>&x;</NAME></OFX>')).message).toMatch(
      /^Line 2: the file is not well-formed XML \(undefined entity/,
    );
  });
});

describe("OFX nested or shaped to exhaust the reader is refused quickly", () => {
  it("100,000 aggregates left open: refused at the 65th level, naming its line", async () => {
    const text = `${HEADER}<OFX>\n${"<AGG>\n".repeat(100_000)}</OFX>\n`;
    const started = performance.now();
    expect((await refused(text)).message).toBe("Line 72: elements are nested more than 64 deep");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("OFX 2 XML nested 100,000 deep: refused the same way", async () => {
    const text = `<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="200"?>\n<OFX>${"<A>".repeat(100_000)}${"</A>".repeat(100_000)}</OFX>\n`;
    expect((await refused(text)).message).toBe("Line 3: elements are nested more than 64 deep");
  });

  it("looks elements up in a loop, whatever the depth of the tree", () => {
    const leaf = (name: string, line: number, children: XmlNode[] = []): XmlNode => ({ name, line, attrs: {}, text: "", children });
    let root = leaf("STMTTRN", 2);
    for (let i = 0; i < 100_000; i++) root = leaf("AGG", 1, [root]);
    expect(find(root, "STMTTRN")?.line).toBe(2);
    expect(descendants(root, ["STMTTRN"]).map((n) => n.line)).toEqual([2]);
  });

  it("200,000 unterminated `<?` are one pass over the text, not one each", async () => {
    const started = performance.now();
    expect((await refused(`${HEADER}<OFX>${"<?".repeat(200_000)}</OFX>`)).message).toMatch(/no bank or card statement/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
