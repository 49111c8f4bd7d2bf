import { SaxesParser } from "saxes";
import { StatementReadError } from "./statement.ts";
import { decodeText, oneLine } from "./statement-values.ts";

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

/**
 * The root element of an XML document. Any DOCTYPE is refused (neither OFX 2 nor camt.053 has one, and a DOCTYPE is
 * where entity bombs and external entities live); saxes itself never reads a DTD, expands only the five predefined
 * entities and never loads anything. A file that is not well-formed (truncated, say) is refused with the line.
 */
export function parseXml(text: string): XmlNode {
  // Blank lines before the XML declaration are tolerated: they are cut and their count added back to the lines.
  const lead = /^\uFEFF?\s*/.exec(text)![0];
  const offset = lead.split("\n").length - 1;
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let tagLine = 0;
  let closing = false;
  const line = () => parser.line + offset;
  parser.on("doctype", () => {
    throw readError(line(), "the file has a DOCTYPE (which may declare entities): refused");
  });
  parser.on("error", (e) => {
    const why = e.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    throw readError(line(), closing ? `the file ends early (${why}): is it truncated?` : `the file is not well-formed XML (${why})`);
  });
  parser.on("opentagstart", () => (tagLine = line()));
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name.slice(tag.name.indexOf(":") + 1), line: tagLine, attrs: tag.attributes, text: "", children: [] };
    const parent = stack.at(-1);
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on("closetag", () => stack.pop());
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.write(text.slice(lead.length));
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

/** The first element of the name below the node, at any depth, in document order. */
export function find(node: XmlNode | undefined, name: string): XmlNode | undefined {
  for (const c of node?.children ?? []) {
    const found = c.name === name ? c : find(c, name);
    if (found) return found;
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
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (names.includes(c.name)) found.push(c);
      else walk(c);
    }
  };
  walk(node);
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
  if (!m || (m[1] && !opts.signed) || (m[2] === "" && !m[3])) throw readError(line, `"${s}" is not an amount`);
  const whole = m[2]!.replace(/^0+(?=\d)/, "");
  const kept = (m[3] ?? "").replace(/0+$/, "");
  if (kept.length > 2) throw readError(line, `"${s}" has more than 2 decimals`);
  if (whole.length > MAX_WHOLE_DIGITS) throw readError(line, `"${s}" is too large`);
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
  if (!m) throw readError(line, `"${s}" is not a date`);
  const [y, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  if (y < 1 || month < 1 || month > 12 || d < 1 || d > days) throw readError(line, `"${s}" is not a real date`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}
