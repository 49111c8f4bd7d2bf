/**
 * API: `receiveFile(body, rules, name, handle)` reads an upload to a temporary file and hands it to `handle` (then deletes
 * it); `writeFileChunks(tx, chunks, id, file)` copies it into a feature's chunk table; `openFileStream(db, chunks, id)`
 * streams it back; `attachmentHeaders(file)` for the response; `cleanFileName(raw)` for the name a request gives.
 *
 * User files (decision 089): kept in the database, in 256 KB chunks, their type read from their content (file-type),
 * their size capped while they arrive, never held whole in memory; downloaded as attachments. Each feature keeps its
 * own table of files (name, type, size, digest, who) and a chunk table `(<key> integer, seq integer, data bytea)`; this
 * module does the bytes. An upload is read whole before any database work (decision 105): a slow sender holds a
 * temporary file, never a connection or a transaction.
 */
import { createHash, randomUUID } from "node:crypto";
import { open, rm, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, invalidInput } from "~/server/http/app-error.ts";

/** Bytes per stored chunk: what is held in memory at a time, going in or out. */
export const CHUNK_BYTES = 256 * 1024;
/** What file-type reads to tell a file's type. */
const SNIFF_BYTES = 4100;

/** What a feature accepts: the largest file, the types read from the content, and how both are told to a person. */
export interface FileRules<T extends string = string> {
  maxBytes: number;
  types: readonly T[];
  /** "A document must be a PDF, PNG, JPEG or HEIC file" */
  wrongTypeText: string;
  /** "A document is at most 10 MB" */
  tooLargeText: string;
}

/** A chunk table: its name and the column naming the file (`entry_document_chunks`, `document_id`). */
export interface ChunkTable {
  table: string;
  key: string;
}

/** The documents of the books: PDF, PNG, JPEG or HEIC up to 10 MB. */
export const DOCUMENT_RULES: FileRules<"application/pdf" | "image/png" | "image/jpeg" | "image/heic"> = {
  maxBytes: 10 * 1024 * 1024,
  types: ["application/pdf", "image/png", "image/jpeg", "image/heic"],
  wrongTypeText: "A document must be a PDF, PNG, JPEG or HEIC file",
  tooLargeText: "A document is at most 10 MB",
};

/** The extensions that name each type, the first the one given to a name that has none of them. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/heic": [".heic", ".heif"],
};
/** The longest name kept, in characters (code points, as the database counts them). */
const MAX_NAME = 200;

/**
 * A file name kept for the download: one line, no path, no invisible format characters (a right-to-left override
 * would show `exe.pdf` for `fdp.exe`; zero-width joiners stay, emoji and scripts need them), at most 200 characters,
 * never cut inside one.
 */
export function cleanFileName(raw: string | undefined, fallback = "document"): string {
  const name = (raw ?? "")
    // Control characters, quotes, slashes, lone surrogates, format characters but ZWNJ/ZWJ, line and paragraph separators.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\/]|\p{Cs}|(?![\u200c\u200d])\p{Cf}|[\u2028\u2029]/gu, "")
    .trim();
  return Array.from(name).slice(0, MAX_NAME).join("").trim() || fallback;
}

/**
 * The name with an extension of the type read from the content: kept when it has one, else the type's added (cut to
 * stay within 200 characters). A PDF named `invoice.html` downloads as `invoice.html.pdf`, never as a page.
 */
export function nameForType(name: string, type: string): string {
  const extensions = EXTENSIONS[type];
  if (!extensions || extensions.some((ext) => name.toLowerCase().endsWith(ext))) return name;
  const ext = extensions[0]!;
  return Array.from(name)
    .slice(0, MAX_NAME - ext.length)
    .join("")
    .concat(ext);
}

/** An upload read to a temporary file: its name (given the type's extension), type, size and digest. */
export interface ReceivedFile<T extends string = string> {
  path: string;
  name: string;
  contentType: T;
  size: number;
  sha256: string;
}

const chunkInsert = (chunks: ChunkTable, id: number, seq: number, data: Buffer): SQL =>
  sql`insert into ${sql.identifier(chunks.table)} (${sql.identifier(chunks.key)}, seq, data) values (${id}, ${seq}, ${data})`;

async function writeAll(out: FileHandle, data: Uint8Array): Promise<void> {
  for (let done = 0; done < data.byteLength;) done += (await out.write(data, done, data.byteLength - done)).bytesWritten;
}

async function typeOf<T extends string>(head: Buffer, rules: FileRules<T>): Promise<T> {
  const found = (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.mime;
  const mime = found === "image/heif" ? "image/heic" : found;
  if (!mime || !(rules.types as readonly string[]).includes(mime)) throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", rules.wrongTypeText);
  return mime as T;
}

/** Reads `body` into `out`: the type from the first bytes (before any is written), the size counted, the digest. */
async function readInto<T extends string>(out: FileHandle, body: ReadableStream<Uint8Array>, rules: FileRules<T>) {
  const hash = createHash("sha256");
  let size = 0;
  let type: T | null = null;
  let head: Buffer[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > rules.maxBytes) throw new AppError(413, "PAYLOAD_TOO_LARGE", rules.tooLargeText);
      hash.update(value);
      if (type !== null) {
        await writeAll(out, value);
        continue;
      }
      head.push(Buffer.from(value));
      if (size >= SNIFF_BYTES) {
        type = await typeOf(Buffer.concat(head), rules);
        await writeAll(out, Buffer.concat(head));
        head = [];
      }
    }
  } catch (err) {
    // The rest of the body is not wanted (a refusal, or the body's own failure); the server still answers.
    reader.cancel().catch(() => {});
    throw err;
  }
  if (size === 0) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  if (type === null) {
    type = await typeOf(Buffer.concat(head), rules);
    await writeAll(out, Buffer.concat(head));
  }
  return { contentType: type, size, sha256: hash.digest("hex") };
}

/**
 * Reads `body` whole to a temporary file before any database work (a slow sender holds no connection): its type from
 * its first bytes (415 unless one of `rules.types`; `image/heif` counts as `image/heic`), its size counted (413 past
 * `rules.maxBytes`, the reading stopped), an empty or missing body 400 on `file`; then `handle(file)`, typically a
 * transaction that inserts the feature's row and `writeFileChunks`. The temporary file is deleted after, whatever
 * happens.
 */
export async function receiveFile<T extends string, R>(
  body: ReadableStream<Uint8Array> | null,
  rules: FileRules<T>,
  name: string,
  handle: (file: ReceivedFile<T>) => Promise<R>,
): Promise<R> {
  if (!body) throw invalidInput({ file: "Choose a file" }, "Choose a file");
  const path = join(tmpdir(), `upload-${randomUUID()}`);
  try {
    const out = await open(path, "wx", 0o600);
    let read: Awaited<ReturnType<typeof readInto<T>>>;
    try {
      read = await readInto(out, body, rules);
    } finally {
      await out.close();
    }
    return await handle({ path, name: nameForType(name, read.contentType), ...read });
  } finally {
    await rm(path, { force: true });
  }
}

/** Copies a received file into `chunks` under `id`, 256 KB per row, in the caller's transaction. */
export async function writeFileChunks(tx: Db, chunks: ChunkTable, id: number, file: ReceivedFile): Promise<void> {
  const input = await open(file.path, "r");
  try {
    for (let seq = 0, position = 0; position < file.size; seq++) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, file.size - position));
      for (let filled = 0; filled < chunk.length;) {
        const { bytesRead } = await input.read(chunk, filled, chunk.length - filled, position + filled);
        if (bytesRead === 0) throw new Error("the received file is shorter than it was");
        filled += bytesRead;
      }
      await tx.execute(chunkInsert(chunks, id, seq, chunk));
      position += chunk.length;
    }
  } finally {
    await input.close();
  }
}

/** A stored file's bytes as a stream that reads one chunk per pull (one query each). */
export async function openFileStream(db: Db, chunks: ChunkTable, id: number): Promise<ReadableStream<Uint8Array>> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(chunks.table)} where ${sql.identifier(chunks.key)} = ${id}`,
  );
  const count = Number(row?.n ?? 0);
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (seq >= count) return controller.close();
      const [chunk] = await queryRows<{ data: Uint8Array }>(
        db,
        sql`select data from ${sql.identifier(chunks.table)} where ${sql.identifier(chunks.key)} = ${id} and seq = ${seq++}`,
      );
      if (chunk) controller.enqueue(new Uint8Array(chunk.data));
      else controller.close();
    },
  });
}

/** Copies a stored file's chunks to another chunk table, in the caller's transaction, without reading them here. */
export async function copyFileChunks(tx: Db, from: ChunkTable, fromId: number, to: ChunkTable, toId: number): Promise<void> {
  await tx.execute(
    sql`insert into ${sql.identifier(to.table)} (${sql.identifier(to.key)}, seq, data)
        select ${toId}, seq, data from ${sql.identifier(from.table)} where ${sql.identifier(from.key)} = ${fromId}`,
  );
}

/**
 * The headers of a download: the stored type, its length, `attachment` with the name as RFC 6266 `filename*` (its
 * extension the type's, names stored before that rule cleaned again), and nothing the browser would show as a page of
 * the site: `sandbox` (the API's own policy keeps it, app.ts).
 */
export function attachmentHeaders(file: { file_name: string; content_type: string; size_bytes: number }): Record<string, string> {
  return {
    "Content-Type": file.content_type,
    "Content-Length": String(file.size_bytes),
    "Content-Disposition": `attachment; filename="document"; filename*=UTF-8''${encodeURIComponent(nameForType(cleanFileName(file.file_name), file.content_type))}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}
