/**
 * The statement readers on hostile and large files (issue 37, decision 106; see bench/README.md). Each file is made in
 * memory and read in a process of its own; for each: how long the read took, the longest the event loop was held
 * (a 5 ms timer's longest gap) and the process's peak memory above what it held before the read.
 *
 *   npx tsx bench/statement-read-bench.ts                 every case
 *   npx tsx bench/statement-read-bench.ts mt940-dashes-7m  one case
 */
import { execFileSync } from "node:child_process";
import { parseCamt053 } from "~/features/bank/bank-statement-camt053.ts";
import { parseMt940 } from "~/features/bank/bank-statement-mt940.ts";
import { parseOfx } from "~/features/bank/bank-statement-ofx.ts";
import { parseQif } from "~/features/bank/bank-statement-qif.ts";
import type { ParsedFile } from "~/features/bank/bank-statement.ts";

const text = (s: string) => new TextEncoder().encode(s);
const mt940Head = ":20:STARTUMS\n:25:12345678/0000000001\n:28C:0\n:60F:C251201EUR0,00\n";
const camtHead =
  `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>` +
  `<GrpHdr><MsgId>1</MsgId><CreDtTm>2025-12-01T00:00:00</CreDtTm></GrpHdr><Stmt><Id>1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN>` +
  `</Id><Ccy>EUR</Ccy></Acct>\n<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><Dt><Dt>2025-12-01</Dt></Dt></Bal>\n`;
const camtTail = "</Stmt></BkToCstmrStmt></Document>\n";
const fullEntry = (i: number) =>
  `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2025-12-01</Dt></BookgDt><ValDt><Dt>2025-12-01</Dt></ValDt>` +
  `<AcctSvcrRef>REF${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E${i}</EndToEndId></Refs><RltdPties><Dbtr><Nm>Payer ${i}</Nm>` +
  `</Dbtr></RltdPties><RmtInf><Ustrd>Invoice ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
const smallEntry = () => `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2025-12-01</Dt></BookgDt></Ntry>\n`;
const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("");
const wrapped = "?20ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstu\n";

const CASES: Record<string, [read: (bytes: Uint8Array) => Promise<ParsedFile>, file: () => string]> = {
  "mt940-continuation-352k": [parseMt940, () => `${mt940Head}:61:2512011201C1,00NTRFNONREF\n:86:?00Text\n${wrapped.repeat(5_800)}`],
  "mt940-continuation-7m": [parseMt940, () => `${mt940Head}:61:2512011201C1,00NTRFNONREF\n:86:?00Text\n${wrapped.repeat(115_000)}`],
  "mt940-dashes-352k": [parseMt940, () => `${mt940Head}:61:2512011201C1,00NTRFNONREF\n:86:Text\n${"-\n".repeat(176_000)}`],
  "mt940-dashes-7m": [parseMt940, () => `${mt940Head}:61:2512011201C1,00NTRFNONREF\n:86:Text\n${"-\n".repeat(3_500_000)}`],
  "mt940-90k-transactions": [
    parseMt940,
    () =>
      `${mt940Head}${many(90_000, (i) => `:61:2512011201C1,00NTRFNONREF//B${i}\n:86:Payment ${i}\nof December\n-\nwrapped\n`)}:62F:C251201EUR90000,00\n-\n`,
  ],
  "ofx-100k-unclosed": [parseOfx, () => `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>\n${"<AGG>\n".repeat(100_000)}</OFX>\n`],
  "ofx-200k-pi": [parseOfx, () => `OFXHEADER:100\n\n<OFX>${"<?".repeat(100_000)}</OFX>\n`],
  "camt-100k-entries": [parseCamt053, () => `${camtHead}${many(100_000, smallEntry)}${camtTail}`],
  "camt-20k-entries": [parseCamt053, () => `${camtHead}${many(20_000, fullEntry)}${camtTail}`],
  "camt-2.5m-nested": [parseCamt053, () => `${camtHead}<Ntry>${"<a>".repeat(2_500_000)}${"</a>".repeat(2_500_000)}</Ntry>${camtTail}`],
  "camt-2.5m-wide": [parseCamt053, () => `${camtHead}<AddtlStmtInf>${"<a/>".repeat(2_500_000)}</AddtlStmtInf>${camtTail}`],
  "qif-100k-spaces": [(b) => parseQif(b, "mdy"), () => `!Type:Bank\nD1/2/13\nT1${" ".repeat(100_000)}1\n^\n`],
};

async function run(name: string) {
  const [read, file] = CASES[name] ?? [];
  if (!read || !file) throw new Error(`No case ${name}: ${Object.keys(CASES).join(", ")}`);
  const bytes = text(file());
  const before = process.memoryUsage().rss;
  let [peak, last, longest] = [before, performance.now(), 0];
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  let outcome: string;
  try {
    outcome = `read: ${(await read(bytes)).statements.map((s) => s.lines.length).join(" + ")} lines`;
  } catch (err) {
    outcome = `refused: ${(err as Error).message.slice(0, 100)}`;
  }
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 10)); // the probe's turn after the read
  clearInterval(probe);
  const mb = (b: number) => `${Math.round(b / 1e6)} MB`;
  console.log(`${name}: ${took.toFixed(0)} ms, longest block ${longest.toFixed(0)} ms, memory +${mb(peak - before)} — ${outcome}`);
}

const [one] = process.argv.slice(2);
if (one) await run(one);
else {
  for (const name of Object.keys(CASES)) {
    process.stdout.write(execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, name], { encoding: "utf8" }));
  }
}
