/**
 * API: `storeFileStream(tx, { body, rules, chunks, create })` → `{ id, contentType, size, sha256 }` stores an upload in a
 * feature's chunk table; `openFileStream(db, chunks, id)` streams it back; `attachmentHeaders(file)` for the response.
 *
 * User files (decision 089): kept in the database, in 256 KB chunks, their type read from their content (file-type),
 * their size capped while they arrive, never held whole in memory; downloaded as attachments. Each feature keeps its
 * own table of files (name, type, size, who) and a chunk table `(<key> integer, seq integer, data bytea)`; this module
 * does the bytes.
 */
import { createHash } from "node:crypto";
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

/** A file name kept for the download: one line, no path, at most 200 characters. */
export function cleanFileName(raw: string | undefined, fallback = "document"): string {
  const name = (raw ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\/]/g, "")
    .trim()
    .slice(0, 200);
  return name || fallback;
}

export interface StoredFile<T extends string = string> {
  id: number;
  contentType: T;
  size: number;
  sha256: string;
}

const chunkInsert = (chunks: ChunkTable, id: number, seq: number, data: Buffer): SQL =>
  sql`insert into ${sql.identifier(chunks.table)} (${sql.identifier(chunks.key)}, seq, data) values (${id}, ${seq}, ${data})`;

/**
 * Reads `body` as it arrives, inside the caller's transaction: its type from its first bytes (415 unless one of
 * `rules.types`; `image/heif` counts as `image/heic`), its size counted (413 past `rules.maxBytes`, the reading
 * stopped), an empty body 400 on `file`. `create(type)` inserts the feature's row and returns its id, once the type is
 * known; the bytes go to `chunks` 256 KB at a time. The caller then records size and hash on its row.
 */
export async function storeFileStream<T extends string>(
  tx: Db,
  opts: { body: ReadableStream<Uint8Array> | null; rules: FileRules<T>; chunks: ChunkTable; create: (type: T) => Promise<number> },
): Promise<StoredFile<T>> {
  const { body, rules, chunks, create } = opts;
  if (!body) throw invalidInput({ file: "Choose a file" }, "Choose a file");
  const hash = createHash("sha256");
  let size = 0;
  let seq = 0;
  let id: number | null = null;
  let type: T | null = null;
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const begin = async () => {
    const head = Buffer.concat(pending);
    const found = (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.mime;
    const mime = found === "image/heif" ? "image/heic" : found;
    if (!mime || !(rules.types as readonly string[]).includes(mime)) {
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", rules.wrongTypeText);
    }
    type = mime as T;
    id = await create(type);
  };
  const write = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const chunk = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(chunk.length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
      await tx.execute(chunkInsert(chunks, id!, seq++, chunk));
    }
  };

  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > rules.maxBytes) {
      await reader.cancel();
      throw new AppError(413, "PAYLOAD_TOO_LARGE", rules.tooLargeText);
    }
    hash.update(value);
    pending.push(Buffer.from(value));
    pendingBytes += value.byteLength;
    if (id === null && pendingBytes >= SNIFF_BYTES) await begin();
    if (id !== null) await write(false);
  }
  if (size === 0) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  if (id === null) await begin();
  await write(true);
  return { id: id!, contentType: type!, size, sha256: hash.digest("hex") };
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
 * The headers of a download: the stored type, its length, `attachment` with the name as RFC 6266 `filename*`, and
 * nothing the browser would show as a page of the site.
 */
export function attachmentHeaders(file: { file_name: string; content_type: string; size_bytes: number }): Record<string, string> {
  return {
    "Content-Type": file.content_type,
    "Content-Length": String(file.size_bytes),
    "Content-Disposition": `attachment; filename="document"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}
