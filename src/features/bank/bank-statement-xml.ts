import { SaxesParser } from "saxes";
import { timeSlices } from "~/server/time-slices.ts";
import { quoted, StatementReadError } from "./bank-statement.ts";
import { decodeText, oneLine } from "./bank-statement-values.ts";
import { formatCount } from "~/lib/format.ts";

/**
 * What the OFX and camt.053 readers share: the bytes decoded to text, a small element tree (read from XML by saxes,
 * or from OFX 1.x SGML by the OFX reader) with the line each element starts on, and amounts and dates read exactly.
 */

/** One element: its local name (no namespace prefix), the 1-based line of its `<`, its attributes, text and children. */
export interface XmlNode {
  name: string;
  line: number;
  attrs: Record<string, string>;
  /** The element's own text (character data and CDATA, not its children's), as written. */
  text: string;
  children: XmlNode[];
}

/** A StatementReadError whose message starts with the line, when there is one. */
export const readError = (line: number, message: string) => new StatementReadError(line, line > 0 ? `Line ${line}: ${message}` : message);

export { decodeText, oneLine };

/** Elements nested deeper are refused: camt.053 nests 13 deep, OFX 7 (decision 106). */
const MAX_XML_DEPTH = 64;
/** Elements in one file: a 20 MB camt.053 or OFX holds some 600,000 (decision 106). */
const MAX_XML_ELEMENTS = 1_000_000;
/** Characters of the text handed to the XML parser at a time, between which other requests may run. */
const PIECE = 4 * 1024;

const count = formatCount;
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

/** Refuses an element nested past MAX_XML_DEPTH, or one past MAX_XML_ELEMENTS in the file. */
export function checkElement(line: number, depth: number, elements: number) {
  if (depth > MAX_XML_DEPTH) throw readError(line, `elements are nested more than ${MAX_XML_DEPTH} deep`);
  if (elements > MAX_XML_ELEMENTS) throw readError(line, `the file holds more than ${count(MAX_XML_ELEMENTS)} elements`);
}

/**
 * What a reader may do as each element ends: `ancestors` are the elements it is in, the root first. A reader can
 * read an element there and empty it, so that a large file is not held whole.
 */
export type OnClose = (node: XmlNode, ancestors: readonly XmlNode[]) => void;

/**
 * The root element of an XML document. Any DOCTYPE is refused (neither OFX 2 nor camt.053 has one, and a DOCTYPE is
 * where entity bombs and external entities live); saxes itself never reads a DTD, expands only the five predefined
 * entities and never loads anything. A file that is not well-formed (truncated, say) is refused with the line, as is
 * one past MAX_XML_DEPTH or MAX_XML_ELEMENTS. The text is parsed a piece at a time, other requests running between.
 */
export async function parseXml(text: string, onClose?: OnClose): Promise<XmlNode> {
  // Blank lines before the XML declaration are tolerated: they are cut and their count added back to the lines.
  const lead = /^\uFEFF?\s*/.exec(text)![0];
  const offset = lead.split("\n").length - 1;
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let tagLine = 0;
  let elements = 0;
  let closing = false;
  const line = () => parser.line + offset;
  parser.on("doctype", () => {
    throw readError(line(), "the file has a DOCTYPE (which may declare entities): refused");
  });
  parser.on("error", (e) => {
    const why = e.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    throw readError(line(), closing ? `the file ends early (${why}): is it truncated?` : `the file is not well-formed XML (${why})`);
  });
  parser.on("opentagstart", () => {
    tagLine = line();
    checkElement(tagLine, stack.length + 1, ++elements);
  });
  parser.on("opentag", (tag) => {
    const attrs = Object.keys(tag.attributes).length > 0 ? tag.attributes : NO_ATTRIBUTES; // saxes' empty one is large
    const node: XmlNode = { name: tag.name.slice(tag.name.indexOf(":") + 1), line: tagLine, attrs, text: "", children: [] };
    const parent = stack.at(-1);
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on("closetag", () => {
    const node = stack.pop();
    if (node && onClose) onClose(node, stack);
  });
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  const slices = timeSlices();
  for (let at = lead.length; at < text.length; at += PIECE) {
    parser.write(text.slice(at, at + PIECE));
    if (slices.due()) await slices.next();
  }
  closing = true;
  parser.close();
  if (!root) throw readError(0, "The file holds no XML element");
  return root;
}

/** The element at the end of a path of child names (the first of each name), if any. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let n = node;
  for (const name of path) n = n?.children.find((c) => c.name === name);
  return n;
}

/** The first element of the name below the node, at any depth, in document order (a loop: trees may be deep). */
export function find(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const todo = [...(node?.children ?? [])].reverse();
  for (let n = todo.pop(); n; n = todo.pop()) {
    if (n.name === name) return n;
    for (let i = n.children.length - 1; i >= 0; i--) todo.push(n.children[i]!);
  }
  return undefined;
}

/** The one-line text of the element at the end of the path, "" when there is none. */
export const textAt = (node: XmlNode | undefined, ...path: string[]) => oneLine(at(node, ...path)?.text ?? "");

/** The children of the given name. */
export const childrenNamed = (node: XmlNode | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];

/** Every element of one of the names below the node, in document order (not looking inside those found). */
export function descendants(node: XmlNode, names: readonly string[]): XmlNode[] {
  const found: XmlNode[] = [];
  const todo = [...node.children].reverse();
  for (let n = todo.pop(); n; n = todo.pop()) {
    if (names.includes(n.name)) found.push(n);
    else for (let i = n.children.length - 1; i >= 0; i--) todo.push(n.children[i]!);
  }
  return found;
}

/** Digits kept before the decimal point: numeric(14,2) holds 12. */
const MAX_WHOLE_DIGITS = 12;

/**
 * Exact cents of a decimal written with a point (or, where `comma` is set, a decimal comma), an optional sign where
 * `signed` is set and no grouping: `-80`, `200,29`, `88667.8`. More than 2 decimals are refused unless zeros.
 */
export function parseCents(text: string, line: number, opts: { comma: boolean; signed: boolean }): bigint {
  const s = text.trim();
  const m = (opts.comma ? /^([+-]?)(\d*)(?:[.,](\d*))?$/ : /^([+-]?)(\d*)(?:\.(\d*))?$/).exec(s);
  if (!m || (m[1] && !opts.signed) || (m[2] === "" && !m[3])) throw readError(line, `${quoted(s)} is not an amount`);
  const whole = m[2]!.replace(/^0+(?=\d)/, "");
  const decimals = m[3] ?? "";
  let end = decimals.length;
  while (decimals[end - 1] === "0") end--; // not `/0+$/`: it goes back over every run of zeros
  if (end > 2) throw readError(line, `${quoted(s)} has more than 2 decimals`);
  if (whole.length > MAX_WHOLE_DIGITS) throw readError(line, `${quoted(s)} is too large`);
  const kept = decimals.slice(0, end);
  const cents = BigInt(whole || "0") * 100n + BigInt(kept.padEnd(2, "0"));
  return m[1] === "-" ? -cents : cents;
}

/**
 * YYYY-MM-DD of the date at the start of the text, in the given layout (`20090401122017.000[-5:EST]` for OFX,
 * `2014-12-31T13:15:00+01:00` for ISO); the time and zone are left out. A day that does not exist is refused.
 */
export function parseDate(text: string, line: number, layout: "ofx" | "iso"): string {
  const s = text.trim();
  const m = (
    layout === "ofx"
      ? /^(\d{4})(\d{2})(\d{2})(?:\d{2}){0,3}(?:\.\d+)?\s*(?:\[[^\]]*\])?$/
      : /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+)?(?:Z|[+-]\d{2}:?\d{2})?$/
  ).exec(s);
  if (!m) throw readError(line, `${quoted(s)} is not a date`);
  const [y, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  if (y < 1 || month < 1 || month > 12 || d < 1 || d > days) throw readError(line, `"${s}" is not a real date`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}
