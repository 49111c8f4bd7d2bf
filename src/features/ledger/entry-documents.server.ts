import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict } from "~/server/http/app-error.ts";
import {
  copyFileChunks,
  DOCUMENT_RULES,
  openFileStream,
  receiveFile,
  writeFileChunks,
  type ChunkTable,
} from "~/server/files/stored-files.server.ts";
import { notFound, sqlState } from "./ledger-errors.server.ts";
import type { EntryDocument } from "./ledger.types.ts";
import { assertBooks } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/** Largest document: 10 MB. */
export const MAX_DOCUMENT_BYTES = DOCUMENT_RULES.maxBytes;
/** Where a document's bytes are (through ~/server/files). */
export const ENTRY_DOCUMENT_CHUNKS: ChunkTable = { table: "entry_document_chunks", key: "document_id" };

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

/** The one insert of entry_documents (decision 101): a document of an entry, uploaded by the member; returns its id. */
async function insertDocument(
  tx: Db,
  m: Membership,
  entryId: number,
  doc: { file_name: string; content_type: string; size_bytes: number; sha256: string | null },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into entry_documents (organization_id, journal_entry_id, file_name, content_type, size_bytes, sha256, uploaded_by)
        values (${m.organizationId}, ${entryId}, ${doc.file_name}, ${doc.content_type}, ${doc.size_bytes}, ${doc.sha256}, ${m.userId})
        returning id`,
  );
  return Number(row!.id);
}

/**
 * Stores the request body as a document of the entry: read whole to a temporary file first (no transaction held while
 * it arrives, decision 105), its type from its first bytes (415 unless PDF, PNG, JPEG or HEIC), its size counted (413
 * past 10 MB); then in one transaction its row and its bytes, 256 KB a row. A viewer is refused (403) and an unknown
 * entry is 404 before anything is read. The upload is in the firm's audit log.
 */
export async function storeDocument(
  db: Db,
  m: Membership,
  entryId: number,
  fileName: string,
  body: ReadableStream<Uint8Array> | null,
  actor: AuditActor,
): Promise<EntryDocument> {
  assertBooks(m, "books.write");
  await entryOf(db, m, entryId);
  return receiveFile(body, DOCUMENT_RULES, fileName, (file) =>
    db.transaction(async (tx) => {
      const entry = await entryOf(tx, m, entryId);
      const { name, contentType, size, sha256 } = file;
      const id = await insertDocument(tx, m, entryId, { file_name: name, content_type: contentType, size_bytes: size, sha256 });
      await writeFileChunks(tx, ENTRY_DOCUMENT_CHUNKS, id, file);
      const [doc] = await queryRows<EntryDocument>(
        tx,
        sql`select ${documentColumns} from entry_documents d left join users u on u.id = d.uploaded_by where d.id = ${id}`,
      );
      await recordAudit(tx, actor, {
        action: "journal_entry.document_added",
        targetType: "organization",
        targetId: m.organizationId,
        after: { entry_number: entry.entry_number, file_name: name, content_type: contentType, size_bytes: size },
      });
      return doc!;
    }),
  );
}

/**
 * A file stored by another feature (a client's answer to a document request) kept with an entry too: its row and its
 * chunks copied in the caller's transaction, audited as an added document. 403 for a viewer (whichever feature
 * calls), 404 when the entry is not of these books.
 */
export async function attachStoredFile(
  tx: Db,
  m: Membership,
  entryId: number,
  file: { id: number; file_name: string; content_type: string; size_bytes: number; sha256: string; chunks: ChunkTable },
  actor: AuditActor,
): Promise<{ entry_number: string; document_id: number }> {
  assertBooks(m, "books.write");
  const entry = await entryOf(tx, m, entryId);
  const documentId = await insertDocument(tx, m, entryId, file);
  await copyFileChunks(tx, file.chunks, file.id, ENTRY_DOCUMENT_CHUNKS, documentId);
  await recordAudit(tx, actor, {
    action: "journal_entry.document_added",
    targetType: "organization",
    targetId: m.organizationId,
    after: { entry_number: entry.entry_number, file_name: file.file_name, content_type: file.content_type, size_bytes: file.size_bytes },
  });
  return { entry_number: entry.entry_number, document_id: documentId };
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
  const [document] = await queryRows<EntryDocument>(
    db,
    sql`select ${documentColumns}
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
  const stream = await openFileStream(db, ENTRY_DOCUMENT_CHUNKS, documentId);
  return { document, stream };
}

/**
 * Removes a document of a draft (audited); a posted entry's documents stay (409; the database refuses it too). 403 for
 * a viewer.
 */
export async function deleteDocument(db: Db, m: Membership, entryId: number, documentId: number, actor: AuditActor): Promise<void> {
  assertBooks(m, "books.write");
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
