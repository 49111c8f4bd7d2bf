import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { parseParams } from "~/server/http/parse.ts";
import { attachmentHeaders, cleanFileName } from "~/server/files/stored-files.server.ts";
import { deleteDocument, listDocuments, openDocument, storeDocument } from "./entry-documents.server.ts";
import { booksMember, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import type { EntryDocumentAdded, EntryDocumentRemoved, EntryDocumentsAnswer } from "./ledger-answers.types.ts";

type DocumentsEnv = BooksMemberEnv;

const entryParams = z.object({ orgId: idParam(), entryId: idParam() });
const documentParams = entryParams.extend({ documentId: idParam() });

/**
 * Documents on a journal entry, under /api/entry-documents/:orgId/:entryId. Members list and download them (as
 * attachments, never shown inline by the browser); owners and accountants add them (the file is the request body, its
 * name in `?name=`); a draft's documents can be removed. A viewer's write is refused by the service (403, whoever calls
 * it: the requests' "attach to entry" too); a caller who is not a member gets 404.
 */
export function entryDocumentsRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<DocumentsEnv>();
  r.use("/:orgId/:entryId/*", booksMember(db));
  const actor = (c: Context<DocumentsEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/:orgId/:entryId/documents", async (c) => {
    const { entryId } = parseParams(c, entryParams);
    return c.json({ documents: await listDocuments(db, c.get("membership"), entryId) } satisfies EntryDocumentsAnswer);
  });
  r.post("/:orgId/:entryId/documents", async (c) => {
    const { entryId } = parseParams(c, entryParams);
    const name = cleanFileName(c.req.query("name"));
    const document = await storeDocument(db, c.get("membership"), entryId, name, c.req.raw.body, actor(c));
    return c.json({ document } satisfies EntryDocumentAdded, 201);
  });
  r.get("/:orgId/:entryId/documents/:documentId", async (c) => {
    const { entryId, documentId } = parseParams(c, documentParams);
    const { document, stream } = await openDocument(db, c.get("membership"), entryId, documentId, actor(c));
    return c.body(stream, 200, attachmentHeaders(document));
  });
  r.delete("/:orgId/:entryId/documents/:documentId", async (c) => {
    const { entryId, documentId } = parseParams(c, documentParams);
    await deleteDocument(db, c.get("membership"), entryId, documentId, actor(c));
    return c.json({ deleted: true } satisfies EntryDocumentRemoved);
  });
  return r;
}
