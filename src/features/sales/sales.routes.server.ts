import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { todayIso } from "~/lib/format.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { FIRST_FIELD, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { agingItems, agingReport, statement } from "./aging.server.ts";
import { openItems } from "./open-items.server.ts";
import { allocate, recordPayment } from "./settlements.server.ts";
import { undoAllocation } from "./settlement-undo.server.ts";
import { createContact, deleteContact, getContact, listContacts, mergeContact, updateContact } from "./contacts.server.ts";
import { contactsCsvRoutes } from "./contacts-csv.routes.server.ts";
import { recurringInvoicesRoutes } from "./recurring-invoices.routes.server.ts";
import { approveDocument, approveDocuments, submitDocument } from "./document-approval.server.ts";
import { createDocument, deleteDocument, updateDocument } from "./document-drafts.server.ts";
import { getDocument, listDocuments } from "./document-queries.server.ts";
import { voidDocument } from "./document-void.server.ts";
import { readSalesSettings, saveSalesSettings } from "./sales-settings.server.ts";
import { salesSharingRoutes } from "./sales-sharing.routes.server.ts";
import {
  agingItemsQuerySchema,
  agingQuerySchema,
  allocationSchema,
  approveManySchema,
  contactSchema,
  contactsQuerySchema,
  documentSchema,
  documentsQuerySchema,
  mergeContactSchema,
  openItemsQuerySchema,
  paymentSchema,
  salesSettingsSchema,
  SIDES,
  statementQuerySchema,
  voidSchema,
} from "./sales.schema.ts";

type C = Context<BooksMemberEnv>;

const idParams = z.object({ id: idParam() });
const allocationParams = z.object({ id: idParam({ max: Number.MAX_SAFE_INTEGER }) });
const statementParams = z.object({ id: idParam() });
const sideQuery = z.object({ side: z.enum(SIDES, { error: "Side must be receivable or payable" }).default("receivable") });

/**
 * Customers and suppliers under `/api/accounting/orgs/:orgId/` (decision 116): contacts, documents, payments and
 * allocations, open items, aging and statements. Every member reads them; writing asks the books' permission table
 * ("books.sales.*"). The composition puts the books member guard in front.
 */
export function salesRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const body = <S extends z.ZodType>(c: C, schema: S) => parseJson(c, schema, FIRST_FIELD);
  const id = (c: C) => parseParams(c, idParams).id;
  const write = requireBooks("books.sales.write");

  r.get("/sales/settings", async (c) => json(c, { settings: await readSalesSettings(db, c.get("membership").organizationId) }));
  r.put("/sales/settings", requireBooks("books.sales.settings"), async (c) =>
    json(c, { settings: await saveSalesSettings(db, c.get("membership"), await body(c, salesSettingsSchema)) }),
  );

  r.get("/contacts", async (c) => json(c, await listContacts(db, c.get("membership"), parseQuery(c, contactsQuerySchema, FIRST_FIELD))));
  r.post("/contacts", write, async (c) => json(c, { contact: await createContact(db, c.get("membership"), await body(c, contactSchema)) }, 201));
  r.get("/contacts/:id", async (c) => json(c, { contact: await getContact(db, c.get("membership"), id(c)) }));
  r.put("/contacts/:id", write, async (c) => {
    const contactId = id(c);
    return json(c, { contact: await updateContact(db, c.get("membership"), contactId, await body(c, contactSchema)) });
  });
  r.delete("/contacts/:id", write, async (c) => {
    await deleteContact(db, c.get("membership"), id(c));
    return c.body(null, 204);
  });
  r.post("/contacts/:id/merge", write, async (c) => {
    const contactId = id(c);
    const { into_id } = await body(c, mergeContactSchema);
    return json(c, { contact: await mergeContact(db, c.get("membership"), actor(c), contactId, into_id) });
  });
  r.get("/contacts/:id/statement", async (c) => {
    const { id: contactId } = parseParams(c, statementParams);
    const q = parseQuery(c, statementQuerySchema.and(sideQuery), FIRST_FIELD);
    return json(c, { statement: await statement(db, c.get("membership"), contactId, q.side, q.from, q.to) });
  });

  r.get("/documents", async (c) => json(c, await listDocuments(db, c.get("membership"), parseQuery(c, documentsQuerySchema, FIRST_FIELD))));
  r.post("/documents", write, async (c) => json(c, { document: await createDocument(db, c.get("membership"), await body(c, documentSchema)) }, 201));
  r.post("/documents/approve", requireBooks("books.sales.approve"), async (c) => {
    const { ids } = await body(c, approveManySchema);
    return json(c, await approveDocuments(db, c.get("membership"), ids));
  });
  r.get("/documents/:id", async (c) => json(c, { document: await getDocument(db, c.get("membership"), id(c)) }));
  r.put("/documents/:id", write, async (c) => {
    const docId = id(c);
    return json(c, { document: await updateDocument(db, c.get("membership"), docId, await body(c, documentSchema)) });
  });
  r.delete("/documents/:id", write, async (c) => {
    await deleteDocument(db, c.get("membership"), id(c));
    return c.body(null, 204);
  });
  r.post("/documents/:id/submit", write, async (c) => json(c, { document: await submitDocument(db, c.get("membership"), id(c)) }));
  r.post("/documents/:id/approve", requireBooks("books.sales.approve"), async (c) =>
    json(c, { document: await approveDocument(db, c.get("membership"), id(c)) }),
  );
  r.post("/documents/:id/void", requireBooks("books.sales.void"), async (c) => {
    const docId = id(c);
    const { date } = await body(c, voidSchema);
    return json(c, { document: await voidDocument(db, c.get("membership"), actor(c), docId, date) });
  });

  r.get("/open-items", async (c) => json(c, { items: await openItems(db, c.get("membership"), parseQuery(c, openItemsQuerySchema, FIRST_FIELD)) }));
  r.post("/payments", requireBooks("books.sales.pay"), async (c) => json(c, { payment: await recordPayment(db, c.get("membership"), await body(c, paymentSchema)) }, 201));
  r.post("/allocations", requireBooks("books.sales.pay"), async (c) => json(c, await allocate(db, c.get("membership"), await body(c, allocationSchema)), 201));
  r.post("/allocations/:id/undo", requireBooks("books.sales.pay"), async (c) => {
    await undoAllocation(db, c.get("membership"), actor(c), parseParams(c, allocationParams).id);
    return c.body(null, 204);
  });

  r.get("/aging", async (c) => {
    const q = parseQuery(c, agingQuerySchema, FIRST_FIELD);
    return json(c, { aging: await agingReport(db, c.get("membership"), q.side, q.as_of ?? todayIso()) });
  });
  r.get("/aging/items", async (c) => json(c, { items: await agingItems(db, c.get("membership"), parseQuery(c, agingItemsQuerySchema, FIRST_FIELD)) }));
  r.route("/", contactsCsvRoutes(ctx));
  r.route("/", recurringInvoicesRoutes(ctx));
  r.route("/", salesSharingRoutes(ctx));
  return r;
}
