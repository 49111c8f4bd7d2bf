import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/server/http/app-error.ts";
import { DOCUMENT_RULES, openFileStream, receiveFile, writeFileChunks, type ChunkTable } from "~/server/files/stored-files.server.ts";
import type { ConversationAccess } from "./conversation-access.server.ts";
import type { MessageAttachment } from "./messages.types.ts";

/** Where an attachment's bytes are (through ~/server/files, the rules of entry documents: decision 089). */
const CHUNKS: ChunkTable = { table: "message_attachment_chunks", key: "attachment_id" };

const columns = sql`id, file_name, content_type, size_bytes`;

/**
 * Stores the request body as a file the uploader may then send with a message: PDF, PNG, JPEG or HEIC read from the
 * content (415), at most 10 MB (413), read whole to a temporary file before the transaction (decision 105), then
 * stored in 256 KB chunks in one transaction. Audited.
 */
export async function uploadAttachment(
  db: Db,
  a: ConversationAccess,
  fileName: string,
  body: ReadableStream<Uint8Array> | null,
  actor: AuditActor,
): Promise<MessageAttachment> {
  return receiveFile(body, DOCUMENT_RULES, fileName, (received) =>
    db.transaction(async (tx) => {
      const { name, contentType, size, sha256 } = received;
      const [file] = await queryRows<MessageAttachment>(
        tx,
        sql`insert into message_attachments (organization_id, file_name, content_type, uploaded_by, size_bytes, sha256)
            values (${a.organizationId}, ${name}, ${contentType}, ${a.userId}, ${size}, ${sha256}) returning ${columns}`,
      );
      const id = Number(file!.id);
      await writeFileChunks(tx, CHUNKS, id, received);
      await recordAudit(tx, actor, {
        action: "message.attachment_uploaded",
        targetType: "organization",
        targetId: a.organizationId,
        after: { attachment_id: id, file_name: name, content_type: contentType, size_bytes: size },
      });
      return { ...file!, id, size_bytes: size };
    }),
  );
}

/**
 * A file of the conversation (sent with a message, or not sent yet by the reader themselves) and its bytes as a
 * stream; the download is audited.
 */
export async function openAttachment(
  db: Db,
  a: ConversationAccess,
  attachmentId: number,
  actor: AuditActor,
): Promise<{ file: MessageAttachment; stream: ReadableStream<Uint8Array> }> {
  const [file] = await queryRows<MessageAttachment & { message_id: number | null }>(
    db,
    sql`select ${columns}, message_id from message_attachments
         where id = ${attachmentId} and organization_id = ${a.organizationId} and size_bytes > 0
           and (message_id is not null or uploaded_by = ${a.userId})`,
  );
  if (!file) throw notFound("File not found");
  await recordAudit(db, actor, {
    action: "message.attachment_downloaded",
    targetType: "organization",
    targetId: a.organizationId,
    after: {
      attachment_id: Number(file.id),
      message_id: file.message_id === null ? null : Number(file.message_id),
      file_name: file.file_name,
    },
  });
  const { message_id: _, ...rest } = file;
  return {
    file: { ...rest, id: Number(rest.id), size_bytes: Number(rest.size_bytes) },
    stream: await openFileStream(db, CHUNKS, attachmentId),
  };
}
