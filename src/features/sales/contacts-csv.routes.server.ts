import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { AppError } from "~/server/http/app-error.ts";
import { FIRST_FIELD, json, parseQuery } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { contactsCsv, importContacts, previewContactsImport } from "./contacts-csv.server.ts";

const importQuery = z.object({
  preview: z.enum(["true", "false"], { error: "preview must be true or false" }).optional(),
});

/**
 * Contacts as CSV under `/api/accounting/orgs/:orgId/` (decision 116): GET /contacts.csv for every member; POST
 * /contacts/import (the CSV itself as the body, text/csv) for those holding "books.sales.write": `?preview=true` answers
 * each row's action and error by line and writes nothing; otherwise all rows or none (400 naming the line).
 */
export function contactsCsvRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/contacts.csv", async (c) =>
    c.body(await contactsCsv(db, c.get("membership")), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="contacts.csv"',
    }),
  );
  r.post("/contacts/import", requireBooks("books.sales.write"), async (c) => {
    const { preview } = parseQuery(c, importQuery, FIRST_FIELD);
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/json" || type.startsWith("multipart/"))
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the CSV file itself as the body (text/csv)");
    const text = await c.req.text();
    const m = c.get("membership");
    return json(c, preview === "true" ? await previewContactsImport(db, m, text) : await importContacts(db, m, actor(c), text));
  });
  return r;
}
