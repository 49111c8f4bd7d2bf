import { timeSlices } from "~/server/time-slices.ts";
import { MAX_STATEMENT_LINES } from "./bank.schema.ts";
import type { ParsedFile, ParsedStatement, StatedBalance, StatementLine } from "./bank-statement.ts";
import { formatCount } from "~/lib/format.ts";
import {
  at,
  checkElement,
  decodeText,
  descendants,
  find,
  oneLine,
  parseCents,
  parseDate,
  parseXml,
  readError,
  type XmlNode,
} from "./bank-statement-xml.ts";

/**
 * Reads OFX files: OFX 1.x (SGML, leaf tags left open), QFX (the same with Intuit's extra tags) and OFX 2.x (XML),
 * bank (STMTRS) and credit-card (CCSTMTRS) statements, as many as the file holds. OFX states no opening balance:
 * LEDGERBAL is the closing one.
 */

/** A start or end tag at a given place (`<NAME>`, `</NAME>`, `<NAME >`). */
const TAG_AT = /<(\/?)([A-Za-z][\w.]*)\s*>/y;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Character references and the usual named entities decoded; an `&` that starts none (`9TH & VICTORIA`) is kept. */
const unescape = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = /^#x/i.test(ref) ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const newlines = (s: string) => {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
};

/**
 * Where `needle` next occurs at or after a place, for places that only move forward: each part of the text is searched
 * once, however many unterminated `<?` or `<!--` there are.
 */
function finder(text: string, needle: string) {
  let found = -2; // not searched yet
  return (from: number) => {
    if (found === -1 || found >= from) return found;
    found = text.indexOf(needle, from);
    return found;
  };
}

type Token = { end: number } & ({ tag: string; closing: boolean } | { cdata: string } | { skip: true } | { declaration: true });

/** The tokenizer of OFX 1.x SGML: the token that starts at a `<`, if one does (else the `<` is text). */
function sgmlTokens(text: string) {
  const [cdataEnd, commentEnd, piEnd] = [finder(text, "]]>"), finder(text, "-->"), finder(text, "?>")];
  return (at: number): Token | undefined => {
    const next = text[at + 1] ?? "";
    if (next === "/" || /[A-Za-z]/.test(next)) {
      TAG_AT.lastIndex = at;
      const m = TAG_AT.exec(text);
      return m ? { end: TAG_AT.lastIndex, tag: m[2]!.toUpperCase(), closing: m[1] === "/" } : undefined;
    }
    if (text.startsWith("<![CDATA[", at)) {
      const end = cdataEnd(at + 9);
      return end < 0 ? undefined : { end: end + 3, cdata: text.slice(at + 9, end) };
    }
    if (text.startsWith("<!--", at)) {
      const end = commentEnd(at + 4);
      return end < 0 ? undefined : { end: end + 3, skip: true };
    }
    if (next === "!" && /[A-Za-z]/.test(text[at + 2] ?? "")) return { end: at + 3, declaration: true };
    if (next === "?") {
      const end = piEnd(at + 2);
      return end < 0 ? undefined : { end: end + 2, skip: true };
    }
    return undefined;
  };
}

/**
 * The element tree of OFX 1.x SGML. An element followed by text is a leaf (its end tag is optional); one followed by
 * another tag is an aggregate, closed by its end tag, which also closes whatever was left open inside it (banks forget
 * some: `</BANKTRANLIST>`). The nesting is therefore approximate, and the reader looks elements up among all
 * descendants. Declarations (`<!DOCTYPE`, `<!ENTITY`) are refused and no entity beyond the usual ones is known.
 * One pass over the text, a slice at a time; aggregates left open past MAX_XML_DEPTH are refused.
 */
async function readSgml(text: string): Promise<XmlNode> {
  const root: XmlNode = { name: "", line: 0, attrs: {}, text: "", children: [] };
  const stack = [root];
  let pending: XmlNode | undefined; // the last element opened: a leaf or an aggregate, told by what follows it
  let buffer = ""; // the text since the last tag
  let line = 1;
  let last = 0;
  let elements = 0;
  const settle = (closing?: string) => {
    if (pending && buffer.trim() !== "") pending.text = buffer;
    else if (pending && pending.name !== closing) {
      stack.push(pending);
      checkElement(pending.line, stack.length - 1, elements);
    }
    pending = undefined;
    buffer = "";
  };
  const close = (name: string) => {
    const i = stack.findLastIndex((n) => n.name === name);
    if (i > 0) stack.length = i; // else the optional end tag of a leaf
  };
  const tokenAt = sgmlTokens(text);
  const slices = timeSlices();
  for (let at = text.indexOf("<"); at >= 0; at = text.indexOf("<", at + 1)) {
    const token = tokenAt(at);
    if (!token) continue;
    const between = text.slice(last, at);
    line += newlines(between);
    buffer += unescape(between);
    last = token.end;
    if ("cdata" in token) buffer += token.cdata;
    else if ("declaration" in token) throw readError(line, "the file has a DOCTYPE or declarations, which OFX never has: refused");
    else if ("tag" in token) {
      settle(token.closing ? token.tag : undefined);
      if (token.closing) close(token.tag);
      else {
        pending = { name: token.tag, line, attrs: {}, text: "", children: [] };
        checkElement(line, stack.length, ++elements);
        stack.at(-1)!.children.push(pending);
      }
    }
    line += newlines(text.slice(at, token.end));
    at = token.end - 1;
    if (slices.due()) await slices.next();
  }
  buffer += unescape(text.slice(last));
  settle(pending?.name); // the last element opened is not an aggregate: nothing follows it
  const open = stack.at(-1)!;
  if (open !== root) throw readError(line, `the file ends inside <${open.name}> (line ${open.line}): is it truncated?`);
  return root;
}

/** The <OFX> element, read as XML (OFX 2.x) or SGML (OFX 1.x) as the file's start says. */
async function readOfx(text: string): Promise<XmlNode> {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start === "") throw readError(0, "The file is empty");
  let ofx: XmlNode | undefined;
  if (/^<\?(xml|OFX)\b/i.test(start)) {
    const root = await parseXml(text);
    ofx = root.name === "OFX" ? root : undefined;
  } else if (/^(OFXHEADER\s*:|<OFX>)/i.test(start)) ofx = at(await readSgml(text), "OFX");
  else throw readError(0, "This is not an OFX file: it starts with neither an OFX header (OFXHEADER:100, <?OFX ...?>) nor <OFX>");
  if (!ofx) throw readError(0, "This is not an OFX file: it has no <OFX> element");
  return ofx;
}

/** The one-line text of the first element of the name below the node, "" when there is none. */
const field = (node: XmlNode | undefined, name: string) => oneLine(find(node, name)?.text ?? "");

const required = (parent: XmlNode, name: string, what: string) => {
  const node = find(parent, name);
  if (!node || node.text.trim() === "") throw readError(parent.line, `the ${what} has no ${name}`);
  return node;
};

const amountOf = (node: XmlNode) => parseCents(node.text, node.line, { comma: true, signed: true });

/** NAME and MEMO as one text: one of them when it holds the other (banks often repeat the name in the memo). */
function describe(name: string, memo: string): string {
  const [n, m] = [name.toLowerCase(), memo.toLowerCase()];
  if (m.includes(n)) return memo;
  if (n.includes(m)) return name;
  return `${name} / ${memo}`;
}

function readTransaction(trn: XmlNode): StatementLine {
  const posted = required(trn, "DTPOSTED", "transaction");
  const line: StatementLine = {
    line: trn.line,
    date: parseDate(posted.text, posted.line, "ofx"),
    amountCents: amountOf(required(trn, "TRNAMT", "transaction")),
    description: "",
  };
  const name = field(trn, "NAME"); // the transaction's own NAME, or the one inside its PAYEE aggregate
  const memo = field(trn, "MEMO");
  // A transaction with neither (a cheque, an ATM withdrawal) is described by its type: CHECK, ATM.
  line.description = (name || memo ? describe(name, memo) : "") || field(trn, "TRNTYPE");
  if (name) line.payee = name;
  const check = field(trn, "CHECKNUM");
  const reference = (/^0*$/.test(check) ? "" : check) || field(trn, "REFNUM");
  if (reference) line.reference = reference;
  const bankId = field(trn, "FITID");
  if (bankId) line.bankId = bankId;
  const corrected = field(trn, "CORRECTFITID");
  if (corrected) {
    const action = field(trn, "CORRECTACTION").toUpperCase();
    if (action !== "REPLACE" && action !== "DELETE") {
      throw readError(find(trn, "CORRECTACTION")?.line ?? trn.line, `CORRECTACTION must be REPLACE or DELETE, not "${action}"`);
    }
    line.correction = { action: action === "REPLACE" ? "replace" : "delete", bankId: corrected };
  }
  return line;
}

function readBalance(node: XmlNode | undefined): StatedBalance | undefined {
  if (!node) return undefined;
  const balance: StatedBalance = { cents: amountOf(required(node, "BALAMT", "balance")) };
  const asOf = find(node, "DTASOF");
  if (asOf && asOf.text.trim() !== "") balance.date = parseDate(asOf.text, asOf.line, "ofx");
  return balance;
}

/** Counts the transactions of the file as they are read: more than MAX_STATEMENT_LINES are refused. */
type Counter = { transactions: number };

async function readStatement(stmt: XmlNode, counter: Counter): Promise<ParsedStatement> {
  if (!find(stmt, "BANKTRANLIST")) throw readError(stmt.line, `the statement <${stmt.name}> has no transaction list (BANKTRANLIST)`);
  const statement: ParsedStatement = { lines: [] };
  const slices = timeSlices();
  for (const trn of descendants(stmt, ["STMTTRN"])) {
    if (++counter.transactions > MAX_STATEMENT_LINES) {
      throw readError(trn.line, `the file holds more than ${formatCount(MAX_STATEMENT_LINES)} transactions`);
    }
    statement.lines.push(readTransaction(trn));
    if (slices.due()) await slices.next();
  }
  const account = field(find(stmt, "BANKACCTFROM") ?? find(stmt, "CCACCTFROM"), "ACCTID");
  if (account) statement.account = account;
  const currency = field(stmt, "CURDEF").toUpperCase();
  if (currency) statement.currency = currency;
  const closing = readBalance(find(stmt, "LEDGERBAL"));
  if (closing) statement.closing = closing;
  return statement;
}

/**
 * The statements of an OFX or QFX file. The text is UTF-8 when the bytes are valid UTF-8, else Windows-1252,
 * whatever the header declares. Dates are the date part of DTPOSTED as written (time and zone left out).
 * Anything wrong (not OFX, truncated, an amount with 3 decimals, a day that does not exist, nested too deep, too
 * many elements or transactions) throws a StatementReadError naming the line; nothing is returned then.
 */
export async function parseOfx(bytes: Uint8Array): Promise<ParsedFile> {
  const ofx = await readOfx(decodeText(bytes));
  const counter = { transactions: 0 };
  const statements: ParsedStatement[] = [];
  for (const stmt of descendants(ofx, ["STMTRS", "CCSTMTRS"])) statements.push(await readStatement(stmt, counter));
  if (statements.length === 0) throw readError(0, "The file holds no bank or card statement (STMTRS or CCSTMTRS)");
  return { format: "ofx", statements };
}
