import Papa from "papaparse";
import type { Readable } from "node:stream";
import { DELIMITERS, ENCODINGS, type Delimiter, type Encoding } from "./import.schema.ts";

/**
 * Reads a CSV upload as it arrives: the bytes are decoded chunk by chunk and fed to papaparse's streaming parser,
 * so the file itself is never held whole (only its rows are). The encoding and the delimiter are taken from the
 * caller or detected on the first 64 KB.
 */

const SAMPLE_BYTES = 64 * 1024;

export interface CsvRows {
  rows: string[][];
  encoding: Encoding;
  delimiter: Delimiter;
}

export class CsvReadError extends Error {
  constructor(
    readonly field: "encoding" | "file",
    message: string,
  ) {
    super(message);
  }
}

const hasBom = (b: Uint8Array) => b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

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

/** Every row of the CSV (empty lines left out), with the encoding and delimiter used. */
export async function readCsv(chunks: AsyncIterable<Uint8Array>, opts: ReadOptions): Promise<CsvRows> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  const sample = Buffer.concat(head);
  const encoding = opts.encoding ?? detectEncoding(sample);
  const decode = decoder(encoding);
  const firstText = decode(sample);
  const delimiter = opts.delimiter ?? detectDelimiter(firstText);

  const rows: string[][] = [];
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: "greedy" }) as unknown as Readable & {
    write(text: string): boolean;
    end(): void;
  };
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("data", (row: string[]) => {
      if (rows.length >= opts.maxRows) return reject(new CsvReadError("file", `The file has more than ${opts.maxRows} rows`));
      rows.push(row);
    });
    parser.on("end", resolve);
    parser.on("error", reject);
  });
  const write = async (text: string) => {
    if (text && !parser.write(text)) await new Promise((r) => parser.once("drain", r));
  };
  await write(firstText.replace(/^\uFEFF/, ""));
  while (!done) {
    const next = await iterator.next();
    if (next.done) break;
    await write(decode(next.value));
  }
  await write(decode(null));
  parser.end();
  await finished;
  return { rows, encoding, delimiter };
}

/** The request body (a web stream) as chunks. */
export async function* bodyChunks(body: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

export { ENCODINGS };
