import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { AppError, conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound, sqlState } from "./accounting-errors.server.ts";
import type { EntryDocument } from "./accounting.types.ts";
import type { Membership } from "./organizations.server.ts";

/** Largest document: 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Bytes per stored chunk: what is held in memory at a time, going in or out. */
const CHUNK_BYTES = 256 * 1024;
/** What file-type reads to tell a file's type. */
const SNIFF_BYTES = 4100;
const ALLOWED = new Set<EntryDocument["content_type"]>(["application/pdf", "image/png", "image/jpeg", "image/heic"]);
const ALLOWED_TEXT = "a PDF, PNG, JPEG or HEIC file";

const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", "A document is at most 10 MB");
const wrongType = () => new AppError(415, "UNSUPPORTED_MEDIA_TYPE", `A document must be ${ALLOWED_TEXT}`);

/** A file name kept for the download: one line, no path, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const name = (raw ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\/]/g, "")
    .trim()
    .slice(0, 200);
  return name || "document";
}

async function entryOf(db: Db, m: Membership, entryId: number): Promise<{ entry_number: string; status: string }> {
  const [entry] = await queryRows<{ entry_number: string; status: string }>(
    db,
    sql`select entry_number, status from journal_entries where id = ${entryId} and organization_id = ${m.organizationId}`,
  );
  if (!entry) throw notFound("Journal entry");
  return entry;
}

const documentColumns = sql`d.id, d.file_name, d.content_type, d.size_bytes, d.uploaded_at, u.name as uploaded_by_name`;

export async function listDocuments(db: Db, m: Membership, entryId: number): Promise<EntryDocument[]> {
  await entryOf(db, m, entryId);
  return queryRows<EntryDocument>(
    db,
    sql`select ${documentColumns} from entry_documents d left join users u on u.id = d.uploaded_by
         where d.journal_entry_id = ${entryId} and d.organization_id = ${m.organizationId} order by d.id`,
  );
}

/**
 * Stores the request body as a document of the entry, in one transaction, as it arrives: its type is read from its
 * first bytes (415 unless PDF, PNG, JPEG or HEIC), its size counted (413 past 10 MB), its bytes written 256 KB at a
 * time. The upload is in the firm's audit log.
 */
export async function storeDocument(
  db: Db,
  m: Membership,
  entryId: number,
  fileName: string,
  body: ReadableStream<Uint8Array> | null,
  actor: AuditActor,
): Promise<EntryDocument> {
  if (!body) throw invalidInput({ file: "Choose a file" }, "Choose a file");
  return db.transaction(async (tx) => {
    const entry = await entryOf(tx, m, entryId);
    const hash = createHash("sha256");
    let size = 0;
    let seq = 0;
    let id: number | null = null;
    let type: EntryDocument["content_type"] | null = null;
    let pending: Buffer[] = [];
    let pendingBytes = 0;

    const begin = async () => {
      const head = Buffer.concat(pending);
      const found = (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.mime;
      const mime = found === "image/heif" ? "image/heic" : found;
      if (!mime || !ALLOWED.has(mime as EntryDocument["content_type"])) throw wrongType();
      type = mime as EntryDocument["content_type"];
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into entry_documents (organization_id, journal_entry_id, file_name, content_type, uploaded_by)
            values (${m.organizationId}, ${entryId}, ${fileName}, ${type}, ${m.userId}) returning id`,
      );
      id = Number(row!.id);
    };
    const write = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const chunk = joined.subarray(0, CHUNK_BYTES);
        const rest = joined.subarray(chunk.length);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
        await tx.execute(sql`insert into entry_document_chunks (document_id, seq, data) values (${id}, ${seq++}, ${chunk})`);
      }
    };

    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_DOCUMENT_BYTES) {
        await reader.cancel();
        throw tooLarge();
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
    const [doc] = await queryRows<EntryDocument>(
      tx,
      sql`with d as (
            update entry_documents set size_bytes = ${size}, sha256 = ${hash.digest("hex")} where id = ${id} returning *
          )
          select ${documentColumns} from d left join users u on u.id = d.uploaded_by`,
    );
    await recordAudit(tx, actor, {
      action: "journal_entry.document_added",
      targetType: "organization",
      targetId: m.organizationId,
      after: { entry_number: entry.entry_number, file_name: fileName, content_type: type, size_bytes: size },
    });
    return doc!;
  });
}

/**
 * A document's name, type, size and its bytes as a stream read 256 KB at a time (each chunk one query); the
 * download is in the firm's audit log.
 */
export async function openDocument(
  db: Db,
  m: Membership,
  entryId: number,
  documentId: number,
  actor: AuditActor,
): Promise<{ document: EntryDocument; stream: ReadableStream<Uint8Array> }> {
  const entry = await entryOf(db, m, entryId);
  const [document] = await queryRows<EntryDocument & { chunks: number }>(
    db,
    sql`select ${documentColumns}, (select count(*)::int from entry_document_chunks c where c.document_id = d.id) as chunks
          from entry_documents d left join users u on u.id = d.uploaded_by
         where d.id = ${documentId} and d.journal_entry_id = ${entryId} and d.organization_id = ${m.organizationId}`,
  );
  if (!document) throw notFound("Document");
  await recordAudit(db, actor, {
    action: "journal_entry.document_downloaded",
    targetType: "organization",
    targetId: m.organizationId,
    after: { entry_number: entry.entry_number, file_name: document.file_name },
  });
  const chunks = Number(document.chunks);
  let seq = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (seq >= chunks) return controller.close();
      const [row] = await queryRows<{ data: Uint8Array }>(
        db,
        sql`select data from entry_document_chunks where document_id = ${documentId} and seq = ${seq++}`,
      );
      if (row) controller.enqueue(new Uint8Array(row.data));
      else controller.close();
    },
  });
  const { chunks: _, ...doc } = document;
  return { document: doc, stream };
}

/** Removes a document of a draft (audited); a posted entry's documents stay (409; the database refuses it too). */
export async function deleteDocument(db: Db, m: Membership, entryId: number, documentId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await entryOf(tx, m, entryId);
    if (entry.status !== "draft") throw conflict("A posted entry's documents stay with it");
    let rows: { file_name: string }[];
    try {
      rows = await queryRows<{ file_name: string }>(
        tx,
        sql`delete from entry_documents where id = ${documentId} and journal_entry_id = ${entryId}
              and organization_id = ${m.organizationId} returning file_name`,
      );
    } catch (err) {
      if (sqlState(err) === "23001" || sqlState(err) === "P0001") throw conflict("A posted entry's documents stay with it");
      throw err;
    }
    if (!rows[0]) throw notFound("Document");
    await recordAudit(tx, actor, {
      action: "journal_entry.document_removed",
      targetType: "organization",
      targetId: m.organizationId,
      before: { entry_number: entry.entry_number, file_name: rows[0].file_name },
    });
  });
}
