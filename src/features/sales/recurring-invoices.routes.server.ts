import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { FIRST_FIELD, json, parseJson, parseParams } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { recurringInvoiceSchema } from "./recurring-invoices.schema.ts";
import { getRecurringInvoice, listRecurringInvoices } from "./recurring-invoice-queries.server.ts";
import {
  changeRecurringInvoiceStatus,
  createRecurringInvoice,
  deleteRecurringInvoice,
  updateRecurringInvoice,
} from "./recurring-invoice-templates.server.ts";
import type { RecurringInvoiceAnswer, RecurringInvoicesAnswer } from "./recurring-invoices.types.ts";

type C = Context<BooksMemberEnv>;
const idParams = z.object({ id: idParam() });

/**
 * Recurring invoices under `/api/accounting/orgs/:orgId/` (decision 116): every member reads them; creating, changing,
 * pausing, resuming and deleting ask "books.sales.write" (and "books.sales.approve" for a schedule that approves each
 * invoice it makes). A save makes the runs already due before it answers.
 */
export function recurringInvoicesRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const id = (c: C) => parseParams(c, idParams).id;
  const write = requireBooks("books.sales.write");

  r.get("/recurring-invoices", async (c) =>
    json(c, { recurring_invoices: await listRecurringInvoices(db, c.get("membership")) } satisfies RecurringInvoicesAnswer),
  );
  r.post("/recurring-invoices", write, async (c) => {
    const input = await parseJson(c, recurringInvoiceSchema, FIRST_FIELD);
    return json(
      c,
      { recurring_invoice: await createRecurringInvoice(db, c.get("membership"), input, actor(c)) } satisfies RecurringInvoiceAnswer,
      201,
    );
  });
  r.get("/recurring-invoices/:id", async (c) =>
    json(c, { recurring_invoice: await getRecurringInvoice(db, c.get("membership"), id(c)) } satisfies RecurringInvoiceAnswer),
  );
  r.put("/recurring-invoices/:id", write, async (c) => {
    const recurringId = id(c);
    const input = await parseJson(c, recurringInvoiceSchema, FIRST_FIELD);
    return json(c, {
      recurring_invoice: await updateRecurringInvoice(db, c.get("membership"), recurringId, input, actor(c)),
    } satisfies RecurringInvoiceAnswer);
  });
  for (const action of ["pause", "resume"] as const)
    r.post(`/recurring-invoices/:id/${action}`, write, async (c) =>
      json(c, {
        recurring_invoice: await changeRecurringInvoiceStatus(db, c.get("membership"), id(c), action, actor(c)),
      } satisfies RecurringInvoiceAnswer),
    );
  r.delete("/recurring-invoices/:id", write, async (c) => {
    await deleteRecurringInvoice(db, c.get("membership"), id(c), actor(c));
    return c.body(null, 204);
  });
  return r;
}
