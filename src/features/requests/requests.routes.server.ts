import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { attachmentHeaders, cleanFileName } from "~/server/files/stored-files.server.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { assertBooks } from "~/features/tenancy/index.server.ts";
import { mailClientActivityNow } from "~/features/activity/index.server.ts";
import { requestMember, type RequestsEnv } from "./request-access.server.ts";
import { acceptItem, attachToEntry, markUnavailable, openItemFile, returnItem, uploadItemFile } from "./request-items.server.ts";
import { snoozeReminders } from "./request-reminders.server.ts";
import { createRequest, getRequest, listRequests } from "./requests.server.ts";
import {
  attachSchema,
  newRequestSchema,
  requestListQuerySchema,
  returnItemSchema,
  snoozeSchema,
  unavailableSchema,
} from "./requests.schema.ts";
import type { RequestDetail, RequestFileAttached, RequestFileUploaded } from "./requests.types.ts";

const requestParams = z.object({ orgId: idParam(), requestId: idParam() });
const itemParams = requestParams.extend({ itemId: idParam() });
const fileParams = requestParams.extend({ fileId: idParam() });

/**
 * Document requests of a client's books, under /api/requests/:orgId (decision 099). Members read them; the firm's staff
 * on the client send them, accept and send back items, attach accepted files to entries; the client's owners and
 * accountants upload files (the body, its name in `?name=`), say they do not have an item, snooze the reminders.
 * Anyone who is not a member gets 404.
 */
export function requestsRoutes(ctx: AppContext) {
  const { db } = ctx;
  const publicUrl = ctx.config.publicUrl;
  const r = new Hono<RequestsEnv>();
  r.use("/:orgId", requestMember(db));
  r.use("/:orgId/*", requestMember(db));
  const actor = (c: Context<RequestsEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const detail = async (c: Context<RequestsEnv>, id: number): Promise<RequestDetail> => ({
    request: await getRequest(db, c.get("party"), id),
  });

  r.get("/:orgId", async (c) => {
    const { show } = parseQuery(c, requestListQuerySchema);
    return c.json({ requests: await listRequests(db, c.get("party"), show ?? "all") });
  });
  r.post("/:orgId", async (c) => {
    assertBooks(c.get("party"), "books.requests.send");
    const input = await parseJson(c, newRequestSchema);
    const { id, mailed } = await createRequest(db, c.get("party"), input, actor(c), publicUrl);
    if (mailed > 0) ctx.mail.kick();
    return c.json(await detail(c, id), 201);
  });
  r.get("/:orgId/:requestId", async (c) => {
    const { requestId } = parseParams(c, requestParams);
    return c.json(await detail(c, requestId));
  });
  r.post("/:orgId/:requestId/items/:itemId/files", async (c) => {
    assertBooks(c.get("party"), "books.requests.answer");
    const { requestId, itemId } = parseParams(c, itemParams);
    const name = cleanFileName(c.req.query("name"));
    const { file } = await uploadItemFile(db, c.get("party"), requestId, itemId, name, c.req.raw.body, actor(c));
    await mailClientActivityNow(ctx, c.get("party").organizationId);
    return c.json({ file, ...(await detail(c, requestId)) } satisfies RequestFileUploaded, 201);
  });
  r.post("/:orgId/:requestId/items/:itemId/unavailable", async (c) => {
    assertBooks(c.get("party"), "books.requests.answer");
    const { requestId, itemId } = parseParams(c, itemParams);
    const { note } = await parseJson(c, unavailableSchema);
    await markUnavailable(db, c.get("party"), requestId, itemId, note, actor(c));
    await mailClientActivityNow(ctx, c.get("party").organizationId);
    return c.json(await detail(c, requestId));
  });
  r.post("/:orgId/:requestId/items/:itemId/accept", async (c) => {
    assertBooks(c.get("party"), "books.requests.send");
    const { requestId, itemId } = parseParams(c, itemParams);
    await acceptItem(db, c.get("party"), requestId, itemId, actor(c));
    return c.json(await detail(c, requestId));
  });
  r.post("/:orgId/:requestId/items/:itemId/return", async (c) => {
    assertBooks(c.get("party"), "books.requests.send");
    const { requestId, itemId } = parseParams(c, itemParams);
    const { reason } = await parseJson(c, returnItemSchema);
    await returnItem(db, c.get("party"), requestId, itemId, reason, actor(c), publicUrl);
    ctx.mail.kick();
    return c.json(await detail(c, requestId));
  });
  r.put("/:orgId/:requestId/snooze", async (c) => {
    assertBooks(c.get("party"), "books.requests.answer");
    const { requestId } = parseParams(c, requestParams);
    const { until } = await parseJson(c, snoozeSchema);
    await snoozeReminders(db, c.get("party"), requestId, until, actor(c));
    return c.json(await detail(c, requestId));
  });
  r.get("/:orgId/:requestId/files/:fileId", async (c) => {
    const { requestId, fileId } = parseParams(c, fileParams);
    const { file, stream } = await openItemFile(db, c.get("party"), requestId, fileId, actor(c));
    return c.body(stream, 200, attachmentHeaders(file));
  });
  r.post("/:orgId/:requestId/files/:fileId/attach", async (c) => {
    assertBooks(c.get("party"), "books.requests.send");
    const { requestId, fileId } = parseParams(c, fileParams);
    const { entry_id } = await parseJson(c, attachSchema);
    const { entry_number } = await attachToEntry(db, c.get("party"), requestId, fileId, entry_id, actor(c));
    return c.json({ attached: true, entry_number } satisfies RequestFileAttached);
  });
  return r;
}
