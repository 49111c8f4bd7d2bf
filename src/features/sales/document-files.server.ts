import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict } from "~/server/http/app-error.ts";
import { openFileStream, receiveFile, writeFileChunks, type ChunkTable, type FileRules } from "~/server/files/stored-files.server.ts";
import { notFound, sqlState } from "~/features/ledger/index.server.ts";
import { assertBooks } from "~/features/tenancy/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { DocumentKind } from "./sales.schema.ts";
import type { DocumentFile } from "./sales.types.ts";

/*
 * The files kept with a bill or a supplier credit (decision 116): the supplier's PDF it was entered from. The upload is
 * read whole to a temporary file before any database work, its type read from its first bytes (PDF only), its size
 * capped at 10 MB while it arrives; then its row and its bytes (256 KB a row) in one transaction (~/server/files). A
 * file is downloaded as an attachment, never shown inline; it is removed only while its document is a draft (the
 * database refuses it too, migration 0052): an approved document keeps its files.
 */

/** PDF only, up to 10 MB. */
export const DOCUMENT_FILE_RULES: FileRules<"application/pdf"> = {
  maxBytes: 10 * 1024 * 1024,
  types: ["application/pdf"],
  wrongTypeText: "A document's file must be a PDF",
  tooLargeText: "A document's file is at most 10 MB",
};
/** Where a file's bytes are. */
export const DOCUMENT_FILE_CHUNKS: ChunkTable = { table: "sales_document_file_chunks", key: "file_id" };
/** Most files kept with one document. */
export const MAX_FILES_PER_DOCUMENT = 20;
/** The kinds of document a file is kept with: the purchases, entered from the supplier's own document. */
export const FILE_KINDS: readonly DocumentKind[] = ["bill", "supplier_credit"];

interface DocumentFacts {
  kind: DocumentKind;
  status: string;
  number: string | null;
}

async function documentOf(db: Db, m: Membership, documentId: number, lock = false): Promise<DocumentFacts> {
  const [d] = await queryRows<DocumentFacts>(
    db,
    lock
      ? sql`select kind, status, number from sales_documents where organization_id = ${m.organizationId} and id = ${documentId} for update`
      : sql`select kind, status, number from sales_documents where organization_id = ${m.organizationId} and id = ${documentId}`,
  );
  if (!d) throw notFound("Document");
  return d;
}

const label = (d: DocumentFacts, id: number) => d.number ?? `draft ${id}`;
const columns = sql`f.id, f.file_name, f.size_bytes, f.content_type`;
const toFile = (f: DocumentFile): DocumentFile => ({ ...f, id: Number(f.id), size_bytes: Number(f.size_bytes) });

/** The files of a document, oldest first. */
export async function listDocumentFiles(db: Db, m: Membership, documentId: number): Promise<DocumentFile[]> {
  await documentOf(db, m, documentId);
  const rows = await queryRows<DocumentFile>(
    db,
    sql`select ${columns} from sales_document_files f where f.organization_id = ${m.organizationId} and f.document_id = ${documentId} order by f.id`,
  );
  return rows.map(toFile);
}

/**
 * Keeps the request body with a bill or supplier credit: 403 without "books.sales.write", 404 for a document not of
 * these books and 409 for an invoice or credit note (both before anything is read), 415 unless a PDF, 413 past 10 MB.
 * Audited in the transaction that stores it.
 */
export async function storeDocumentFile(
  db: Db,
  m: Membership,
  documentId: number,
  fileName: string,
  body: ReadableStream<Uint8Array> | null,
  actor: AuditActor,
): Promise<DocumentFile> {
  assertBooks(m, "books.sales.write");
  const assertKind = (d: DocumentFacts) => {
    if (!FILE_KINDS.includes(d.kind)) throw conflict("Files are kept with bills and supplier credits");
  };
  assertKind(await documentOf(db, m, documentId));
  return receiveFile(body, DOCUMENT_FILE_RULES, fileName, (file) =>
    db.transaction(async (tx) => {
      const d = await documentOf(tx, m, documentId, true);
      assertKind(d);
      const [{ n }] = (await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::integer as n from sales_document_files where document_id = ${documentId}`,
      )) as [{ n: number }];
      if (Number(n) >= MAX_FILES_PER_DOCUMENT) throw conflict(`A document keeps at most ${MAX_FILES_PER_DOCUMENT} files`);
      const [row] = await queryRows<DocumentFile>(
        tx,
        sql`insert into sales_document_files (organization_id, document_id, file_name, content_type, size_bytes, sha256, storage_key, uploaded_by)
            values (${m.organizationId}, ${documentId}, ${file.name}, ${file.contentType}, ${file.size}, ${file.sha256},
                    ${`${DOCUMENT_FILE_CHUNKS.table}/${randomUUID()}`}, ${m.userId})
            returning id, file_name, size_bytes, content_type`,
      );
      const stored = toFile(row!);
      await writeFileChunks(tx, DOCUMENT_FILE_CHUNKS, stored.id, file);
      await recordAudit(tx, actor, {
        action: "sales_document.file_added",
        targetType: "organization",
        targetId: m.organizationId,
        after: { document_id: documentId, document: label(d, documentId), file_name: file.name, size_bytes: file.size },
      });
      return stored;
    }),
  );
}

/** A file's name, type, size and its bytes as a stream (one chunk a query), for any member; the download is audited. */
export async function openDocumentFile(
  db: Db,
  m: Membership,
  documentId: number,
  fileId: number,
  actor: AuditActor,
): Promise<{ file: DocumentFile; stream: ReadableStream<Uint8Array> }> {
  const d = await documentOf(db, m, documentId);
  const [row] = await queryRows<DocumentFile>(
    db,
    sql`select ${columns} from sales_document_files f
         where f.id = ${fileId} and f.document_id = ${documentId} and f.organization_id = ${m.organizationId}`,
  );
  if (!row) throw notFound("File");
  const file = toFile(row);
  await recordAudit(db, actor, {
    action: "sales_document.file_downloaded",
    targetType: "organization",
    targetId: m.organizationId,
    after: { document_id: documentId, document: label(d, documentId), file_name: file.file_name },
  });
  return { file, stream: await openFileStream(db, DOCUMENT_FILE_CHUNKS, fileId) };
}

/** Removes a file of a draft (audited); an approved or void document's files stay (409). */
export async function deleteDocumentFile(db: Db, m: Membership, documentId: number, fileId: number, actor: AuditActor): Promise<void> {
  assertBooks(m, "books.sales.write");
  const kept = () => conflict("An approved document's files stay with it");
  await db.transaction(async (tx) => {
    const d = await documentOf(tx, m, documentId, true);
    if (d.status !== "draft" && d.status !== "awaiting_approval") throw kept();
    let rows: { file_name: string }[];
    try {
      rows = await queryRows<{ file_name: string }>(
        tx,
        sql`delete from sales_document_files where id = ${fileId} and document_id = ${documentId} and organization_id = ${m.organizationId}
            returning file_name`,
      );
    } catch (err) {
      if (sqlState(err) === "23001") throw kept();
      throw err;
    }
    if (!rows[0]) throw notFound("File");
    await recordAudit(tx, actor, {
      action: "sales_document.file_removed",
      targetType: "organization",
      targetId: m.organizationId,
      before: { document_id: documentId, document: label(d, documentId), file_name: rows[0].file_name },
    });
  });
}
