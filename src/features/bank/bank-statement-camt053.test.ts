import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementReadError, sumCents, type ParsedStatement } from "./bank-statement.ts";
import { parseCamt053 } from "./bank-statement-camt053.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/bank/camt");
const read = (file: string) => parseCamt053(readFileSync(path.join(fixtures, file)));
const bytes = (text: string) => new TextEncoder().encode(text);

/** The error a read throws: always a StatementReadError. */
async function refused(input: string | Uint8Array | (() => unknown)): Promise<StatementReadError> {
  try {
    if (typeof input === "function") await input();
    else await parseCamt053(typeof input === "string" ? bytes(input) : input);
  } catch (e) {
    expect(e).toBeInstanceOf(StatementReadError);
    return e as StatementReadError;
  }
  throw new Error("the file was read");
}

interface Expected {
  account: string;
  count: number;
  sum: bigint;
  opening: bigint;
  closing: bigint;
}

/** The README's figures, per file and statement, in cents; every statement is in EUR but PostFinance's (CHF). */
const EXPECTED: Record<string, Expected[]> = {
  "oca-test-camt053.xml": [{ account: "NL77ABNA0574908765", count: 3, sum: -1299n, opening: 1556827n, closing: 1512112n }],
  "fffs-FI_camt_053_sample.xml": [{ account: "FI7433010001222090", count: 10, sum: 1364483n, opening: 1000000n, closing: 2364483n }],
  "postfinance-camt.053.001.04.xml": [{ account: "CH2909000000250094239", count: 5, sum: 465602n, opening: 21199319n, closing: 21511221n }],
  "subite-LT-2024-04-11.camt053.001.08.xml": [
    { account: "LT625883379695428516", count: 15, sum: -426917976n, opening: 2146383035n, closing: 1719465059n },
    { account: "LT414319056143772570", count: 0, sum: 0n, opening: 280155n, closing: 280155n },
  ],
  "subite-account_statement.xml": [{ account: "BE86463768548050", count: 3, sum: 0n, opening: 0n, closing: 0n }],
  "subite-BE68793230773034-202411.xml": [{ account: "BE68793230773034", count: 268, sum: 2816875n, opening: 5937037n, closing: 8753912n }],
};
/** What the README says of the balances: closing - (opening + sum), 0 where they reconcile. */
const GAP: Record<string, bigint> = { "oca-test-camt053.xml": -43416n, "postfinance-camt.053.001.04.xml": -153700n };

const figures = (s: ParsedStatement) => ({
  account: s.account,
  count: s.lines.length,
  sum: sumCents(s.lines),
  opening: s.opening?.cents,
  closing: s.closing?.cents,
});

describe("the camt.053 fixtures read as their README says", () => {
  it("covers every file of the folder", async () => {
    expect(readdirSync(fixtures).sort()).toEqual([...Object.keys(EXPECTED), "genkgo-camt053.v8.xml"].sort());
  });

  it.each(Object.entries(EXPECTED))("%s", async (file, expected) => {
    const parsed = await read(file);
    expect(parsed.format).toBe("camt053");
    expect(parsed.statements.map(figures)).toEqual(expected);
    for (const s of parsed.statements) {
      expect(s.currency).toBe(file.startsWith("postfinance") ? "CHF" : "EUR");
      expect(s.closing!.cents - s.opening!.cents - sumCents(s.lines)).toBe(GAP[file] ?? 0n);
      for (const l of s.lines) {
        expect(l.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(l.description).not.toBe("");
        expect(l.description).toBe(l.description.replace(/\s+/g, " ").trim());
      }
    }
  });

  it("OCA: the batch entry is one line of the booked amount, a DBIT reversal stays a debit", async () => {
    const { lines, opening, closing } = (await read("oca-test-camt053.xml")).statements[0]!;
    expect(opening).toEqual({ cents: 1556827n, date: "2014-01-05" });
    expect(closing).toEqual({ cents: 1512112n, date: "2014-01-05" });
    expect(lines.map((l) => [l.line, l.amountCents])).toEqual([
      [50, -75425n],
      [113, -66405n],
      [228, 140531n],
    ]);
    expect(lines[0]).toMatchObject({
      payee: "INSURANCE COMPANY TESTX",
      reference: "435005714488-ABNO33052620",
      description: "INSURANCE COMPANY TESTX / Insurance policy 857239PERIOD 01.01.2014 - 31.12.2014",
    });
    expect(lines[1]).toMatchObject({
      payee: "Test Customer",
      reference: "2018/125-20141229-NORM",
      description: "Reversal / Test Customer / Direct Debit S14 0410 / batch of 2 transactions",
    });
    expect(lines[2]).toMatchObject({ payee: "3rd party Media", reference: "115" });
  });

  it("FFFS: the batch entries as one line each, value date when it differs, structured reference", async () => {
    const { lines } = (await read("fffs-FI_camt_053_sample.xml")).statements[0]!;
    expect(lines.map((l) => l.amountCents)).toEqual([
      -100012n,
      -400000n,
      -423005n,
      200000n,
      50000n,
      300000n,
      212000n,
      545500n,
      1000000n,
      -20000n,
    ]);
    // Six entries with a <Btch> (NbOfTxs 16 in all), and the last one, whose charges come as two TxDtls.
    const batches = lines.map((l) => Number(/batch of (\d+) transactions/.exec(l.description)?.[1] ?? 0));
    expect(batches).toEqual([4, 3, 3, 2, 2, 2, 0, 0, 0, 2]);
    expect(lines[0]).toMatchObject({ line: 208, bankId: "091029ACCTSTMTARCH01", reference: "CustRefForSalaBatch" });
    expect(lines[6]).toMatchObject({ date: "2009-10-29", valueDate: "2009-10-30", payee: "DEBTOR NAME", amountCents: 212000n });
    expect(lines[7]).toMatchObject({ reference: "RF98123456789012", amountCents: 545500n });
    expect(lines[0]!.valueDate).toBeUndefined();
  });

  it("PostFinance: the Ntry's DBIT wins over its TxDtls, umlauts, next-day value date", async () => {
    const { lines } = (await read("postfinance-camt.053.001.04.xml")).statements[0]!;
    expect(lines.map((l) => l.amountCents)).toEqual([450n, -7770n, 150000n, 153700n, 169222n]);
    expect(lines[0]).toMatchObject({ line: 77, date: "2020-11-24", bankId: "0758103031480900" });
    expect(lines[0]!.description).toContain("ZAHLUNGSEMPFÄNGERS");
    expect(lines[2]!.description).toMatch(/^SAMMELGUTSCHRIFT FÜR KONTO/);
    expect(lines[3]).toMatchObject({ date: "2020-11-24", valueDate: "2020-11-25" });
  });

  it("Subite LT (.001.08, one line): two statements, entries dated by the statement, amounts without decimals", async () => {
    const [first, second] = (await read("subite-LT-2024-04-11.camt053.001.08.xml")).statements;
    expect(first!.lines.every((l) => l.line === 2 && l.date === "2024-04-11" && l.valueDate === undefined)).toBe(true);
    expect(first!.lines[0]).toMatchObject({
      amountCents: -38864500n,
      bankId: "REF000003643800",
      description: "ATSISK / batch of 3 transactions",
    });
    expect(first!.lines[4]).toMatchObject({ amountCents: -8866780n, description: "ATSISK" });
    expect(first!.opening).toEqual({ cents: 2146383035n, date: "2024-04-11" });
    expect(second).toEqual({
      account: "LT414319056143772570",
      currency: "EUR",
      opening: { cents: 280155n, date: "2024-04-11" },
      closing: { cents: 280155n, date: "2024-04-11" },
      lines: [],
    });
  });

  it("Subite BE: the other party by direction, NOTPROVIDED left out", async () => {
    const { lines } = (await read("subite-account_statement.xml")).statements[0]!;
    expect(lines).toEqual([
      {
        line: 56,
        date: "2024-05-23",
        amountCents: -78990341n,
        description: "Sigma Solutions",
        payee: "Sigma Solutions",
        reference: "E2EXRUHYXKX58020423",
      },
      { line: 122, date: "2024-05-23", amountCents: -99n, description: "Nova Ltd", payee: "Nova Ltd", reference: "E2EPPXJNWYI50546873" },
      {
        line: 188,
        date: "2024-05-23",
        amountCents: 78990440n,
        description: "Theta Solutions",
        payee: "Theta Solutions",
        reference: "E2EAIQSQMYP21018099",
      },
    ]);
  });

  it("Subite's 480 KB month reads quickly", async () => {
    const started = performance.now();
    const { lines } = (await read("subite-BE68793230773034-202411.xml")).statements[0]!;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(lines[0]).toMatchObject({ amountCents: 5000000n, payee: "Stellar Ltd", description: "Stellar Ltd / Transfer ref HBAVHC9717" });
  });

  it("genkgo: balances in four currencies are refused", async () => {
    const e = await refused(() => read("genkgo-camt053.v8.xml"));
    expect(e.line).toBe(30);
    expect(e.message).toBe("Line 30: the statement mixes currencies (balances in EUR, SEK, CHF, JPY): its amounts cannot be added up");
  });
});

/** A one-entry statement; the <Ntry> starts on line 6. */
const camt = (amount = "12.30", booked = "2026-03-02", ccy = "EUR") =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>\n` +
  `<GrpHdr><MsgId>1</MsgId><CreDtTm>2026-03-02T18:00:00+01:00</CreDtTm></GrpHdr><Stmt><Id>1</Id>\n` +
  `<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>\n` +
  `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-03-02</Dt></Dt></Bal>\n` +
  `<Ntry><Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd>\n<BookgDt><DtTm>${booked}T09:30:00+01:00</DtTm></BookgDt>\n` +
  `<NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>Bakery</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>Bread</Ustrd></RmtInf></TxDtls></NtryDtls>\n` +
  `</Ntry></Stmt></BkToCstmrStmt></Document>\n`;
const BOMB =
  '<?xml version="1.0"?>\n<!DOCTYPE Document [\n <!ENTITY a "aaaaaaaaaa">\n <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n' +
  ' <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\n' +
  ' <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">\n <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">\n' +
  ' <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">\n <!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">\n]>\n' +
  "<Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>&h;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>\n";

describe("bad camt.053 input is refused with the line, never half read", () => {
  it("reads the inline file the other tests spoil", async () => {
    expect((await parseCamt053(bytes(camt()))).statements).toEqual([
      {
        account: "DE02120300000000202051",
        currency: "EUR",
        closing: { cents: -500n, date: "2026-03-02" },
        lines: [{ line: 6, date: "2026-03-02", amountCents: -1230n, description: "Bakery / Bread", payee: "Bakery" }],
      },
    ]);
  });

  it("a batch of many: the first names and texts, the count, no single payee", async () => {
    const tx = (i: number) =>
      `<TxDtls><Refs><EndToEndId>E${i}</EndToEndId></Refs><RltdPties><Cdtr><Nm>Payee ${i}</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Salary ${i}</Ustrd></RmtInf></TxDtls>`;
    const text = camt().replace(/<NtryDtls>.*<\/NtryDtls>/, `<NtryDtls>${[1, 2, 3, 4, 5].map(tx).join("")}</NtryDtls>`);
    const [line] = (await parseCamt053(bytes(text))).statements[0]!.lines;
    expect(line).toEqual({
      line: 6,
      date: "2026-03-02",
      amountCents: -1230n,
      description: "Payee 1, Payee 2, Payee 3, … / Salary 1, Salary 2, Salary 3, … / batch of 5 transactions",
      reference: "E1, E2, E3, …",
    });
  });

  it("an amount with 3 decimals, named with its line", async () => {
    const e = await refused(camt("12.345"));
    expect(e.line).toBe(6);
    expect(e.message).toBe('Line 6: "12.345" has more than 2 decimals');
  });

  it("a day that does not exist", async () => {
    expect((await refused(camt("1.00", "2026-02-30"))).message).toBe('Line 7: "2026-02-30T09:30:00+01:00" is not a real date');
  });

  it("an entry in another currency than the statement", async () => {
    expect((await refused(camt("1.00", "2026-03-02", "USD"))).message).toBe(
      "Line 6: the entry is in USD and the statement in EUR: the statement mixes currencies",
    );
  });

  it("a truncated file", async () => {
    const whole = readFileSync(path.join(fixtures, "subite-BE68793230773034-202411.xml"));
    const e = await refused(whole.subarray(0, 200_000));
    expect(e.message).toMatch(/^Line \d+: the file ends early \(unclosed tag: .*\): is it truncated\?$/);
    expect((await refused(camt().slice(0, 300))).message).toMatch(/is it truncated/);
  });

  it("an empty file, another format, no statement", async () => {
    expect((await refused(new Uint8Array())).message).toBe("The file is empty");
    expect((await refused(readFileSync(path.resolve(fixtures, "../ofx/ofxparse-bank_medium.ofx")))).message).toBe(
      "This is not a camt.053 statement: it is not XML",
    );
    expect((await refused('<?xml version="1.0"?><OFX></OFX>')).message).toMatch(/the root element is <OFX>/);
    expect((await refused("<Document><BkToCstmrAcctRpt/></Document>")).message).toMatch(/<Document> holds <BkToCstmrAcctRpt>/);
    expect((await refused("<Document>\n<BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>")).message).toBe(
      "Line 2: the message holds no statement (Stmt)",
    );
  });

  it("an XML bomb (billion laughs), quickly and without expanding it", async () => {
    const started = performance.now();
    expect((await refused(BOMB)).message).toBe("Line 11: the file has a DOCTYPE (which may declare entities): refused");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("an external entity, declared or not", async () => {
    const external = '<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document>&x;</Document>';
    expect((await refused(external)).message).toBe("Line 2: the file has a DOCTYPE (which may declare entities): refused");
    expect((await refused("<Document>\n<BkToCstmrStmt>&x;</BkToCstmrStmt></Document>")).message).toMatch(
      /^Line 2: the file is not well-formed XML \(undefined entity/,
    );
  });
});

/** A statement of `n` entries as banks write them (parties, references, remittance: some 360 bytes each). */
function statementOf(n: number, entry = largeEntry): string {
  const entries = Array.from({ length: n }, (_, i) => entry(i)).join("");
  return camt().replace(/<Ntry>[\s\S]*<\/Ntry>/, entries);
}
const largeEntry = (i: number) =>
  `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt><ValDt><Dt>2026-03-02</Dt></ValDt>` +
  `<AcctSvcrRef>REF${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E${i}</EndToEndId></Refs><RltdPties><Dbtr><Nm>Payer ${i}</Nm>` +
  `</Dbtr></RltdPties><RmtInf><Ustrd>Invoice ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;

/** The longest the event loop went without running a timer while `work` ran, in milliseconds. */
async function longestBlock(work: () => Promise<unknown>): Promise<number> {
  let [last, longest] = [performance.now(), 0];
  let ticked: (() => void) | undefined;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    ticked?.();
  }, 5);
  try {
    await work();
    await new Promise<void>((resolve) => (ticked = resolve)); // the probe's first turn after the work counts too
  } finally {
    clearInterval(probe);
  }
  return longest;
}

describe("large camt.053 files: read without holding the server, within bounds", () => {
  it("10,000 entries (3.5 MB) are read in slices: the event loop is never held for long", async () => {
    const file = bytes(statementOf(10_000));
    let lines = 0;
    const started = performance.now();
    const longest = await longestBlock(async () => (lines = (await parseCamt053(file)).statements[0]!.lines.length));
    const took = performance.now() - started;
    expect(lines).toBe(10_000);
    // A reader that holds the loop holds it for the whole read (0.5 s on a quiet machine, 2 s on a busy one); in slices,
    // no block is a large part of it. A busy machine stretches the blocks too (the process waits for a core), hence
    // the quarter when that is more than 250 ms.
    expect(longest).toBeLessThan(Math.max(250, took / 4));
  });

  it("elements nested past 64 deep are refused at once, naming the line", async () => {
    const text = `<Document><BkToCstmrStmt><Stmt><Ntry>\n${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</Ntry></Stmt></BkToCstmrStmt></Document>`;
    const started = performance.now();
    expect((await refused(text)).message).toBe("Line 2: elements are nested more than 64 deep");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("more than 1,000,000 elements are refused", async () => {
    const text = `<Document><BkToCstmrStmt><Stmt>\n${"<a/>".repeat(1_000_000)}</Stmt></BkToCstmrStmt></Document>`;
    expect((await refused(text)).message).toBe("Line 2: the file holds more than 1,000,000 elements");
  });

  it("more than 20,000 entries are refused at the first one past the limit", async () => {
    const entry = () => `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>\n`;
    const e = await refused(statementOf(20_001, entry));
    expect(e.line).toBe(20_006);
    expect(e.message).toBe("Line 20006: the file holds more than 20,000 entries (Ntry): split it by period");
  });

  it("an amount of 100,000 digits is refused at once, and quoted short", async () => {
    const started = performance.now();
    const e = await refused(camt(`1.${"0".repeat(100_000)}1`));
    expect(e.message).toBe(`Line 6: "1.${"0".repeat(38)}…" has more than 2 decimals`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
