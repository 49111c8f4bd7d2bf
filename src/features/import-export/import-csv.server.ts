import Papa from "papaparse";
import { timeSlices } from "~/server/time-slices.ts";
import { DELIMITERS, ENCODINGS, type Delimiter, type Encoding } from "./import.schema.ts";
import { formatCount } from "~/lib/format.ts";

/**
 * Reads a CSV upload as it arrives: the bytes are decoded and parsed in pieces of 64 KB, so the file itself is never
 * held whole (only its rows are) and other requests are served between pieces. The encoding and the delimiter are
 * taken from the caller or detected on the first 64 KB. The caps (decision 108) are checked as the rows come: the
 * first row over one refuses the file at once, and nothing more is read from the upload.
 */

/** The encoding and delimiter are detected on the first piece; the text is parsed a piece at a time. */
const SAMPLE_BYTES = 64 * 1024;
/** Longest row (its fields and their separators), in characters: a quote left open would otherwise run to the end. */
export const MAX_ROW_CHARS = 65_536;
/** Most fields in one row. */
export const MAX_ROW_FIELDS = 1_000;

export interface CsvRows {
  rows: string[][];
  /** The file's line each row starts on (blank lines and line breaks inside quotes counted). */
  lines: number[];
  encoding: Encoding;
  delimiter: Delimiter;
}

export class CsvReadError extends Error {
  constructor(
    readonly field: "encoding" | "file",
    message: string,
    /** Set when the file has more rows than the caller takes. */
    readonly tooManyRows = false,
  ) {
    super(message);
  }
}

const hasBom = (b: Uint8Array) => b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
const count = formatCount;

/** UTF-8 when the sample (a BOM aside) is valid UTF-8, else Windows-1252. */
export function detectEncoding(sample: Uint8Array): Encoding {
  if (hasBom(sample)) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** The delimiter under which most of the first lines split into the same number (above one) of fields, weighed by that number. */
export function detectDelimiter(sample: string): Delimiter {
  let chosen: Delimiter = ",";
  let score = 0;
  for (const delimiter of DELIMITERS) {
    const { data } = Papa.parse<string[]>(sample, { delimiter, preview: 30 });
    const rows = data.length > 1 ? data.slice(0, -1) : data; // the last row of a sample may be cut
    const counts = new Map<number, number>();
    for (const r of rows) if (r.length > 1) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    for (const [fields, n] of counts) {
      // Rows that split alike, weighed by their fields: decimal commas inside a ";" file split each row in two, not in seven.
      const s = n * fields;
      if (s > score) [chosen, score] = [delimiter, s];
    }
  }
  return chosen;
}

/** The line break of a sample (as papaparse guesses it): "\r" or "\r\n" when most breaks outside quotes are, else "\n". */
function detectNewline(sample: string): "\n" | "\r" | "\r\n" {
  const text = sample.replace(/"[\s\S]*?"/g, "");
  const r = text.split("\r");
  const n = text.split("\n");
  if (r.length === 1 || (n.length > 1 && n[0]!.length < r[0]!.length)) return "\n";
  const withN = r.filter((part) => part[0] === "\n").length;
  return withN >= r.length / 2 ? "\r\n" : "\r";
}

/** A decoder of one encoding, chunk by chunk (a character split across chunks is kept for the next one). */
function decoder(encoding: Encoding): (chunk: Uint8Array | null) => string {
  if (encoding === "iso-8859-1")
    return (chunk) => (chunk ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1") : "");
  const d = new TextDecoder(encoding, { fatal: encoding === "utf-8", ignoreBOM: false });
  return (chunk) => {
    try {
      return chunk ? d.decode(chunk, { stream: true }) : d.decode();
    } catch {
      throw new CsvReadError("encoding", "The file is not valid UTF-8: choose its encoding (Windows-1252 or ISO-8859-1)");
    }
  };
}

export interface ReadOptions {
  encoding?: Encoding;
  delimiter?: Delimiter;
  maxRows: number;
}

/** A row (empty ones left out) checked against the caps, or the error that refuses the file; `at` is the next row's line. */
function rowTaker(rows: string[][], lines: number[], maxRows: number, newline: string) {
  const at = { line: 1 };
  const take = (row: string[]) => {
    const line = at.line;
    let chars = row.length - 1;
    let blank = true;
    for (const cell of row) {
      chars += cell.length;
      if (blank && cell.trim() !== "") blank = false;
      // A line break inside quotes: the next row starts that many lines further.
      for (let i = cell.indexOf(newline); i >= 0; i = cell.indexOf(newline, i + newline.length)) at.line++;
    }
    at.line++;
    if (blank) return;
    if (row.length > MAX_ROW_FIELDS)
      throw new CsvReadError("file", `Line ${line} has more than ${count(MAX_ROW_FIELDS)} fields: is the delimiter right?`);
    if (chars > MAX_ROW_CHARS) throw tooLong(line);
    if (rows.length >= maxRows)
      throw new CsvReadError("file", `The file has more than ${count(maxRows)} rows: split it into smaller files`, true);
    rows.push(row);
    lines.push(line);
  };
  return { take, at };
}

const tooLong = (line: number) =>
  new CsvReadError("file", `Line ${line} is longer than ${count(MAX_ROW_CHARS)} characters: is a quote left open?`);

/** Every row of the CSV (empty lines left out) and the line it starts on, with the encoding and delimiter used. */
export async function readCsv(chunks: AsyncIterable<Uint8Array>, opts: ReadOptions): Promise<CsvRows> {
  const iterator = chunks[Symbol.asyncIterator]();
  try {
    return await readRows(iterator, opts);
  } finally {
    // Read to its end, or refused: either way the upload is read no further.
    await iterator.return?.();
  }
}

/** The chunks in pieces of at most SAMPLE_BYTES (an upload may come as one chunk of 20 MB). */
async function* pieces(iterator: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const chunk = next.value;
    for (let at = 0; at < chunk.byteLength; at += SAMPLE_BYTES) yield chunk.subarray(at, at + SAMPLE_BYTES);
  }
}

async function readRows(iterator: AsyncIterator<Uint8Array>, opts: ReadOptions): Promise<CsvRows> {
  const input = pieces(iterator);
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < SAMPLE_BYTES) {
    const next = await input.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.byteLength;
  }
  const sample = Buffer.concat(head);
  const encoding = opts.encoding ?? detectEncoding(sample);
  const decode = decoder(encoding);
  const firstText = decode(sample).replace(/^\uFEFF/, "");
  const delimiter = opts.delimiter ?? detectDelimiter(firstText);

  const rows: string[][] = [];
  const lines: number[] = [];
  const newline = detectNewline(firstText);
  const { take, at } = rowTaker(rows, lines, opts.maxRows, newline === "\r" ? "\r" : "\n");
  const parser = new Papa.Parser({ delimiter, newline });
  const slices = timeSlices();
  // The start of a row the text read so far has not finished: parsed again with the next piece.
  let rest = "";
  const parse = async (text: string) => {
    if (slices.due()) await slices.next();
    const joined = rest + text;
    const { data, meta } = parser.parse(joined, 0, true) as Papa.ParseResult<string[]>;
    for (const row of data) take(row);
    rest = joined.slice(meta.cursor);
    if (rest.length > MAX_ROW_CHARS) throw tooLong(at.line);
  };
  await parse(firstText);
  for await (const piece of input) await parse(decode(piece));
  await parse(decode(null));
  for (const row of (parser.parse(rest, 0, false) as Papa.ParseResult<string[]>).data) take(row);
  return { rows, lines, encoding, delimiter };
}

/** The request body (a web stream) as chunks; left unread from where the reader stops. */
export async function* bodyChunks(body: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Not cancelled: cancelling a request's body closes its connection before the answer is sent.
    reader.releaseLock();
  }
}

export { ENCODINGS };
