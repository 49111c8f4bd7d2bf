import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { json, parseParams } from "~/server/http/parse.ts";
import { attachmentHeaders, cleanFileName } from "~/server/files/stored-files.server.ts";
import { booksMember, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { deleteDocumentFile, listDocumentFiles, openDocumentFile, storeDocumentFile } from "./document-files.server.ts";

const documentParams = z.object({ orgId: idParam(), documentId: idParam() });
const fileParams = documentParams.extend({ fileId: idParam() });

/**
 * The files kept with a bill or supplier credit, under /api/sales-documents/:orgId/:documentId/files: a mount of its
 * own, for its 10 MB body (the books' API takes 1 MB). Members list and download them (as attachments, never inline);
 * a member holding "books.sales.write" adds a PDF (the file is the request body, its name in `?name=`) and removes a
 * draft's. A caller who is not a member gets 404.
 */
export function documentFilesRoutes(ctx: AppContext) {
  const { db } = ctx;
  const r = new Hono<BooksMemberEnv>();
  r.use("/:orgId/:documentId/*", booksMember(db));
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/:orgId/:documentId/files", async (c) => {
    const { documentId } = parseParams(c, documentParams);
    return json(c, { files: await listDocumentFiles(db, c.get("membership"), documentId) });
  });
  r.post("/:orgId/:documentId/files", async (c) => {
    const { documentId } = parseParams(c, documentParams);
    const name = cleanFileName(c.req.query("name"));
    const file = await storeDocumentFile(db, c.get("membership"), documentId, name, c.req.raw.body, actor(c));
    return json(c, { file }, 201);
  });
  r.get("/:orgId/:documentId/files/:fileId", async (c) => {
    const { documentId, fileId } = parseParams(c, fileParams);
    const { file, stream } = await openDocumentFile(db, c.get("membership"), documentId, fileId, actor(c));
    return c.body(stream, 200, attachmentHeaders(file));
  });
  r.delete("/:orgId/:documentId/files/:fileId", async (c) => {
    const { documentId, fileId } = parseParams(c, fileParams);
    await deleteDocumentFile(db, c.get("membership"), documentId, fileId, actor(c));
    return c.body(null, 204);
  });
  return r;
}
