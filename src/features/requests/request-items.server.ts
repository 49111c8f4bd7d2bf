import { sql } from "drizzle-orm";
import { recordClientActivity } from "~/features/activity/index.server.ts";
import { attachStoredFile } from "~/features/ledger/index.server.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import { DOCUMENT_RULES, openFileStream, receiveFile, writeFileChunks, type ChunkTable } from "~/server/files/stored-files.server.ts";
import type { RequestParty } from "./request-access.server.ts";
import { mailItemReturned } from "./request-mail.server.ts";
import { refreshRequest } from "./requests.server.ts";
import type { ItemStatus, RequestFile, RequestStatus } from "./requests.types.ts";

/** Where a request file's bytes are (through ~/server/files). */
export const REQUEST_FILE_CHUNKS: ChunkTable = { table: "document_request_file_chunks", key: "file_id" };

interface ItemRow {
  id: number;
  label: string;
  due_on: string;
  status: ItemStatus;
  title: string;
}

/** The item of the request of the organization, locked for the change; 404 otherwise. */
async function lockItem(tx: Db, p: RequestParty, requestId: number, itemId: number): Promise<ItemRow> {
  const [item] = await queryRows<ItemRow>(
    tx,
    sql`select i.id, i.label, i.due_on::text as due_on, i.status, r.title
          from document_request_items i join document_requests r on r.id = i.request_id
         where i.id = ${itemId} and i.request_id = ${requestId} and r.organization_id = ${p.organizationId}
           for update of i`,
  );
  if (!item) throw notFound("Item not found");
  return item;
}

const audit = (tx: Db, actor: AuditActor, action: string, requestId: number, after: Record<string, unknown>) =>
  recordAudit(tx, actor, { action: `document_request.${action}`, targetType: "document_request", targetId: requestId, after });

/** The firm hears of a client's upload or answer (decision 115). */
const told = (tx: Db, p: RequestParty, requestId: number, kind: "request_file_uploaded" | "request_item_answered", subject: string) =>
  recordClientActivity(tx, {
    organizationId: p.organizationId,
    actorId: p.userId,
    kind,
    subject,
    link: `/accounting/${p.organizationId}/requests/${requestId}`,
  });

/**
 * A file the client uploads against an item (the request body, its name given), with the documents' rules (PDF, PNG,
 * JPEG or HEIC, 10 MB, the type read from the content): read whole to a temporary file before the transaction (decision
 * 105), then stored. The item is then uploaded (waiting on the firm). An accepted item takes no more files (409, told
 * before the body is read and checked again in the transaction).
 */
export async function uploadItemFile(
  db: Db,
  p: RequestParty,
  requestId: number,
  itemId: number,
  fileName: string,
  body: ReadableStream<Uint8Array> | null,
  actor: AuditActor,
): Promise<{ file: RequestFile; status: RequestStatus }> {
  const accepted = () => conflict("This item was accepted: it takes no more files");
  if ((await lockItem(db, p, requestId, itemId)).status === "accepted") throw accepted();
  return receiveFile(body, DOCUMENT_RULES, fileName, (received) =>
    db.transaction(async (tx) => {
      const item = await lockItem(tx, p, requestId, itemId);
      if (item.status === "accepted") throw accepted();
      const { name, contentType, size, sha256 } = received;
      const [file] = await queryRows<RequestFile>(
        tx,
        sql`insert into document_request_files (organization_id, item_id, file_name, content_type, uploaded_by, size_bytes, sha256)
            values (${p.organizationId}, ${itemId}, ${name}, ${contentType}, ${p.userId}, ${size}, ${sha256})
            returning id, item_id, file_name, content_type, size_bytes, null as uploaded_by_name, uploaded_at`,
      );
      await writeFileChunks(tx, REQUEST_FILE_CHUNKS, Number(file!.id), received);
      await tx.execute(
        sql`update document_request_items set status = 'uploaded', answered_by = ${p.userId}, answered_at = now(), client_note = null
             where id = ${itemId}`,
      );
      const status = await refreshRequest(tx, requestId);
      await audit(tx, actor, "file_uploaded", requestId, {
        item: item.label,
        file_name: name,
        content_type: contentType,
        size_bytes: size,
      });
      await told(tx, p, requestId, "request_file_uploaded", `${item.label}: ${name}`);
      return {
        file: { ...file!, id: Number(file!.id), item_id: itemId, size_bytes: size, uploaded_at: new Date(file!.uploaded_at).toISOString() },
        status,
      };
    }),
  );
}

/** "I don't have this", with a note: the item waits on the firm, which accepts the answer or sends it back. */
export async function markUnavailable(
  db: Db,
  p: RequestParty,
  requestId: number,
  itemId: number,
  note: string,
  actor: AuditActor,
): Promise<RequestStatus> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, requestId, itemId);
    if (item.status === "accepted") throw conflict("This item was accepted already");
    await tx.execute(
      sql`update document_request_items set status = 'unavailable', client_note = ${note}, answered_by = ${p.userId}, answered_at = now()
           where id = ${itemId}`,
    );
    const status = await refreshRequest(tx, requestId);
    await audit(tx, actor, "item_unavailable", requestId, { item: item.label, note });
    await told(tx, p, requestId, "request_item_answered", item.label);
    return status;
  });
}

/** The firm accepts an answered item (files or "I don't have this"). */
export async function acceptItem(db: Db, p: RequestParty, requestId: number, itemId: number, actor: AuditActor): Promise<RequestStatus> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, requestId, itemId);
    if (item.status !== "uploaded" && item.status !== "unavailable") throw conflict("Only an answered item can be accepted");
    await tx.execute(
      sql`update document_request_items set status = 'accepted', reviewed_by = ${p.userId}, reviewed_at = now() where id = ${itemId}`,
    );
    const status = await refreshRequest(tx, requestId);
    await audit(tx, actor, "item_accepted", requestId, { item: item.label });
    return status;
  });
}

/** The firm sends an answered item back with the reason; the client is mailed and answers again. */
export async function returnItem(
  db: Db,
  p: RequestParty,
  requestId: number,
  itemId: number,
  reason: string,
  actor: AuditActor,
  publicUrl: string,
): Promise<RequestStatus> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, requestId, itemId);
    if (item.status !== "uploaded" && item.status !== "unavailable") throw conflict("Only an answered item can be sent back");
    await tx.execute(
      sql`update document_request_items set status = 'returned', return_reason = ${reason}, reviewed_by = ${p.userId}, reviewed_at = now()
           where id = ${itemId}`,
    );
    const status = await refreshRequest(tx, requestId);
    const mailed = await mailItemReturned(tx, { organizationId: p.organizationId, requestId, title: item.title, item, reason }, publicUrl);
    await audit(tx, actor, "item_returned", requestId, { item: item.label, reason, mailed });
    return status;
  });
}

interface FileRow extends RequestFile {
  sha256: string;
  item_status: ItemStatus;
  item_label: string;
}

async function fileOf(db: Db, p: RequestParty, requestId: number, fileId: number): Promise<FileRow> {
  const [file] = await queryRows<FileRow>(
    db,
    sql`select f.id, f.item_id, f.file_name, f.content_type, f.size_bytes, f.uploaded_at, f.sha256, i.status as item_status, i.label as item_label
          from document_request_files f join document_request_items i on i.id = f.item_id
         where f.id = ${fileId} and i.request_id = ${requestId} and f.organization_id = ${p.organizationId} and f.size_bytes > 0`,
  );
  if (!file) throw notFound("File not found");
  return { ...file, size_bytes: Number(file.size_bytes) };
}

/** A file's bytes as a stream (downloaded as an attachment); the download is in the audit log. */
export async function openItemFile(
  db: Db,
  p: RequestParty,
  requestId: number,
  fileId: number,
  actor: AuditActor,
): Promise<{ file: RequestFile; stream: ReadableStream<Uint8Array> }> {
  const file = await fileOf(db, p, requestId, fileId);
  await audit(db, actor, "file_downloaded", requestId, { item: file.item_label, file_name: file.file_name });
  return { file, stream: await openFileStream(db, REQUEST_FILE_CHUNKS, fileId) };
}

/** An accepted item's file kept with a journal entry of the same books: copied as an entry document (decision 099). */
export async function attachToEntry(
  db: Db,
  p: RequestParty,
  requestId: number,
  fileId: number,
  entryId: number,
  actor: AuditActor,
): Promise<{ entry_number: string }> {
  return db.transaction(async (tx) => {
    const file = await fileOf(tx, p, requestId, fileId);
    if (file.item_status !== "accepted") throw conflict("Accept the item before attaching its file to an entry");
    const { entry_number } = await attachStoredFile(tx, p, entryId, { ...file, chunks: REQUEST_FILE_CHUNKS }, actor);
    await audit(tx, actor, "file_attached", requestId, { item: file.item_label, file_name: file.file_name, entry_number });
    return { entry_number };
  });
}
