import type { ParsedFile, ParsedStatement, StatedBalance, StatementLine } from "./bank-statement.ts";
import { formatCount } from "~/lib/format.ts";
import {
  at,
  childrenNamed,
  decodeText,
  oneLine,
  parseCents,
  parseDate,
  parseXml,
  readError,
  textAt,
  type XmlNode,
} from "./bank-statement-xml.ts";

/**
 * Reads ISO 20022 camt.053 bank-to-customer statements, versions .001.02 to .001.08: elements are matched on their
 * local names, whatever the namespace. Each <Stmt> is a statement and each <Ntry> one line, batches included: the
 * line is the amount the bank booked, which is what the balances move by; the batch's transactions (TxDtls) only
 * feed its description and reference.
 */

const amountOf = (node: XmlNode) => parseCents(node.text, node.line, { comma: false, signed: false });

/** The date of a date-time element, its time and zone left out. */
const dateOf = (node: XmlNode | undefined) => (node && node.text.trim() !== "" ? parseDate(node.text, node.line, "iso") : undefined);

/** The date of a date choice: its <Dt>, else its <DtTm>. */
const dateIn = (choice: XmlNode | undefined) => dateOf(at(choice, "Dt")) ?? dateOf(at(choice, "DtTm"));

/** Distinct non-empty texts, in order (case aside). */
function unique(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((t) => t !== "" && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/** The first few texts of a batch as one, an ellipsis for the others: a batch of salaries would make a page. */
const few = (texts: string[], n = 3) => [...texts.slice(0, n), ...(texts.length > n ? ["…"] : [])].join(", ");

interface Signed {
  cents: bigint;
  currency: string;
  debit: boolean;
}

/** The amount of a balance or an entry, negative when debited (CdtDbtInd DBIT); a balance without indicator is a credit. */
function signedAmount(parent: XmlNode, what: "balance" | "entry"): Signed {
  const amt = at(parent, "Amt");
  if (!amt || amt.text.trim() === "") throw readError(parent.line, `the ${what} has no amount (Amt)`);
  const indicator = textAt(parent, "CdtDbtInd");
  if (indicator === "" && what === "entry")
    throw readError(parent.line, "the entry does not say whether it is a credit or a debit (CdtDbtInd)");
  if (indicator !== "" && indicator !== "CRDT" && indicator !== "DBIT") {
    throw readError(at(parent, "CdtDbtInd")!.line, `CdtDbtInd must be CRDT or DBIT, not "${indicator}"`);
  }
  const cents = amountOf(amt);
  const debit = indicator === "DBIT";
  return { cents: debit ? -cents : cents, currency: (amt.attrs.Ccy ?? "").trim().toUpperCase(), debit };
}

/** A related party's name, as .02 to .07 write it (`Cdtr/Nm`) or as .08 does (`Cdtr/Pty/Nm`). */
const partyName = (tx: XmlNode, role: "Dbtr" | "Cdtr") => textAt(tx, "RltdPties", role, "Nm") || textAt(tx, "RltdPties", role, "Pty", "Nm");

/** The bank transaction code: the proprietary one, else domain/family/sub-family. */
function transactionCode(ntry: XmlNode): string {
  const code = at(ntry, "BkTxCd");
  const domain = [textAt(code, "Domn", "Cd"), textAt(code, "Domn", "Fmly", "Cd"), textAt(code, "Domn", "Fmly", "SubFmlyCd")];
  return textAt(code, "Prtry", "Cd") || unique(domain).join("/");
}

/** An entry read as far as it can be without its statement: the currency and the statement's date settle it. */
interface EntryRead {
  line: StatementLine;
  currency: string;
  dated: boolean;
}

/**
 * One line of an entry. A reversal (RvslInd true) keeps the direction its CdtDbtInd says: a DBIT reversal is the
 * reversal of a credit and takes money out, as the balances count it; its description starts with "Reversal".
 */
function readEntry(ntry: XmlNode): EntryRead {
  const { cents, currency, debit } = signedAmount(ntry, "entry");
  const valueDate = dateIn(at(ntry, "ValDt"));
  const date = dateIn(at(ntry, "BookgDt")) ?? valueDate;
  const line: StatementLine = { line: ntry.line, date: date ?? "", amountCents: cents, description: "" };
  if (valueDate && valueDate !== date) line.valueDate = valueDate;
  const details = childrenNamed(ntry, "NtryDtls").flatMap((d) => childrenNamed(d, "TxDtls"));
  const batches = childrenNamed(ntry, "NtryDtls").flatMap((d) => childrenNamed(d, "Btch"));
  const reversal = /^(true|1)$/i.test(textAt(ntry, "RvslInd"));
  // The other party: the creditor when money goes out (a debit, or the reversal of a credit), else the debtor.
  const [party, otherwise] = debit !== reversal ? (["Cdtr", "Dbtr"] as const) : (["Dbtr", "Cdtr"] as const);
  const names = unique(details.map((tx) => partyName(tx, party) || partyName(tx, otherwise)));
  if (names.length === 1) line.payee = names[0];
  const remittance = details.flatMap((tx) => childrenNamed(at(tx, "RmtInf"), "Ustrd").map((u) => oneLine(u.text)));
  const told = unique(remittance.filter((t) => t.toUpperCase() !== "NOTPROVIDED"));
  const parts = unique([few(names), few(told), textAt(ntry, "AddtlNtryInf")]);
  if (parts.length === 0) parts.push(few(unique(details.map((tx) => textAt(tx, "AddtlTxInf")))) || transactionCode(ntry));
  const count = batches.reduce((n, b) => n + Number(textAt(b, "NbOfTxs") || 0), 0) || details.length;
  if (count > 1) parts.push(`batch of ${count} transactions`);
  if (reversal) parts.unshift("Reversal");
  line.description = unique(parts).join(" / ");

  const endToEnd = unique(details.map((tx) => textAt(tx, "Refs", "EndToEndId")).filter((t) => t.toUpperCase() !== "NOTPROVIDED"));
  const creditorRefs = unique(details.map((tx) => textAt(tx, "RmtInf", "Strd", "CdtrRefInf", "Ref")));
  const batchId = unique(batches.map((b) => textAt(b, "PmtInfId"))).join(", ");
  const reference = endToEnd.length === 1 ? endToEnd[0] : batchId || few(endToEnd) || few(creditorRefs);
  if (reference) line.reference = reference;
  const bankId = textAt(ntry, "AcctSvcrRef") || (details.length === 1 ? textAt(details[0], "Refs", "AcctSvcrRef") : "");
  if (bankId) line.bankId = bankId;
  return { line, currency, dated: date !== undefined };
}

/** The entry's line in its statement: in the statement's currency, on the statement's day when it states none. */
function settle(entry: EntryRead, currency: string, statementDate: string | undefined): StatementLine {
  const { line } = entry;
  if (currency && entry.currency && entry.currency !== currency) {
    throw readError(line.line, `the entry is in ${entry.currency} and the statement in ${currency}: the statement mixes currencies`);
  }
  if (!entry.dated) {
    if (!statementDate) throw readError(line.line, "the entry has no booking date (BookgDt) and the statement no date");
    line.date = statementDate;
  }
  return line;
}

interface Balance extends StatedBalance {
  code: string;
  currency: string;
}

/** Entries already read while the file was parsed, and emptied (their elements were let go). */
type Reads = WeakMap<XmlNode, EntryRead>;

function readStatement(stmt: XmlNode, messageDate: string | undefined, reads: Reads): ParsedStatement {
  const acct = at(stmt, "Acct");
  const balances: Balance[] = childrenNamed(stmt, "Bal").map((bal) => {
    const { cents, currency } = signedAmount(bal, "balance");
    const balance: Balance = { code: textAt(bal, "Tp", "CdOrPrtry", "Cd").toUpperCase(), currency, cents };
    const date = dateIn(at(bal, "Dt"));
    if (date) balance.date = date;
    return balance;
  });
  const accountCurrency = textAt(acct, "Ccy").toUpperCase();
  const currencies = unique([accountCurrency, ...balances.map((b) => b.currency)]);
  if (currencies.length > 1) {
    const stated = `${accountCurrency ? `account in ${accountCurrency}, ` : ""}balances in ${unique(balances.map((b) => b.currency)).join(", ")}`;
    throw readError(stmt.line, `the statement mixes currencies (${stated}): its amounts cannot be added up`);
  }
  const currency = currencies[0] ?? "";
  const opening = balances.find((b) => b.code === "OPBD") ?? balances.find((b) => b.code === "PRCD");
  const closing = balances.find((b) => b.code === "CLBD");
  // Entries without any date (some banks leave them out) are booked on the statement's day.
  const statementDate = closing?.date ?? dateOf(at(stmt, "FrToDt", "ToDtTm")) ?? dateOf(at(stmt, "CreDtTm")) ?? messageDate;
  const lines = childrenNamed(stmt, "Ntry").map((n) => settle(reads.get(n) ?? readEntry(n), currency, statementDate));
  const statement: ParsedStatement = { lines };
  const account = textAt(acct, "Id", "IBAN") || textAt(acct, "Id", "Othr", "Id");
  if (account) statement.account = account;
  if (currency) statement.currency = currency;
  const stated = (b: Balance): StatedBalance => (b.date ? { cents: b.cents, date: b.date } : { cents: b.cents });
  if (opening) statement.opening = stated(opening);
  if (closing) statement.closing = stated(closing);
  return statement;
}

/** Entries in one file (decision 106): 20 MB of entries as banks write them is some 11,000. */
const MAX_CAMT_ENTRIES = 20_000;

/**
 * Reads each entry of a statement (Document/BkToCstmrStmt/Stmt/Ntry) as soon as it ends and lets its elements go, so
 * that only the entries' lines are kept; past MAX_CAMT_ENTRIES the file is refused. An entry that cannot be read is
 * kept whole and read again in its turn, where its error is told in the order the file gives.
 */
function entryReader(reads: Reads) {
  let entries = 0;
  return (node: XmlNode, ancestors: readonly XmlNode[]) => {
    if (node.name !== "Ntry" || ancestors.length !== 3 || ancestors[2]!.name !== "Stmt" || ancestors[1]!.name !== "BkToCstmrStmt") return;
    if (++entries > MAX_CAMT_ENTRIES) {
      throw readError(node.line, `the file holds more than ${formatCount(MAX_CAMT_ENTRIES)} entries (Ntry): split it by period`);
    }
    let read: EntryRead;
    try {
      read = readEntry(node);
    } catch {
      return;
    }
    reads.set(node, read);
    node.children = [];
    node.text = "";
  };
}

/**
 * The statements of a camt.053 file. Amounts are exact cents (more than 2 decimals are refused); balances are signed
 * by their CdtDbtInd (none means credit): OPBD (else PRCD) is the opening, CLBD the closing. An entry's date is its
 * booking date, else its value date, else the statement's. A DOCTYPE, a file that is not well-formed, nested too
 * deep or too large, balances or entries in different currencies, a day that does not exist: a StatementReadError
 * naming the line, nothing returned.
 */
export async function parseCamt053(bytes: Uint8Array): Promise<ParsedFile> {
  const text = decodeText(bytes);
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start === "") throw readError(0, "The file is empty");
  if (!start.startsWith("<")) throw readError(0, "This is not a camt.053 statement: it is not XML");
  const reads: Reads = new WeakMap();
  const root = await parseXml(text, entryReader(reads));
  const message = root.name === "Document" ? at(root, "BkToCstmrStmt") : undefined;
  if (!message) {
    const found = root.name === "Document" ? `<Document> holds <${root.children[0]?.name ?? ""}>` : `the root element is <${root.name}>`;
    throw readError(0, `This is not a camt.053 statement: ${found}, not <BkToCstmrStmt>`);
  }
  const statements = childrenNamed(message, "Stmt");
  if (statements.length === 0) throw readError(message.line, "the message holds no statement (Stmt)");
  const messageDate = dateOf(at(message, "GrpHdr", "CreDtTm"));
  return { format: "camt053", statements: statements.map((s) => readStatement(s, messageDate, reads)) };
}
