import type { StatementFormat } from "./bank-statement.ts";

/**
 * The format of a statement file, read from its first bytes (never from its name): OFX and QFX (an `OFXHEADER` or an
 * `<OFX>` element), camt.053 (an XML document whose namespace or root names it), MT940 (SWIFT blocks or `:20:` tags),
 * QIF (`!Type:`), else CSV.
 */
export function detectStatementFormat(bytes: Uint8Array): StatementFormat {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096))
    .toString("latin1")
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, "")
    .trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\s/i.test(head) || /^(<\?xml[^>]*>\s*)?<OFX>/i.test(head)) return "ofx";
  if (/camt\.053|<BkToCstmrStmt[\s>]/.test(head)) return "camt053";
  if (/^!(Type|Account|Option)/i.test(head)) return "qif";
  if (/^\{1:/.test(head) || /^:20:/m.test(head.slice(0, 400)) || /^[A-Z0-9]{8,11}\s*\r?\n940\s*\r?\n/.test(head)) return "mt940";
  return "csv";
}
