import { Hono, type Context } from "hono";
import { z } from "zod";
import { csvRows } from "~/lib/csv.ts";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { FIRST_FIELD, json, parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { requireBooks, type BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { filedTaxReturnsQuerySchema, taxReturnFileSchema, taxReturnLinesQuerySchema, taxReturnQuerySchema } from "./tax-return.schema.ts";
import { fileTaxReturn, listTaxReturns, readTaxReturnPdf, taxReturnPdf } from "./tax-return-filing.server.ts";
import { taxReturnCsv } from "./tax-return-print.ts";
import { taxReturn } from "./tax-return.server.ts";
import { taxReturnLines } from "./tax-return-lines.server.ts";
import type { FiledTaxReturnsAnswer, TaxReturnAnswer, TaxReturnFiled, TaxReturnLinesAnswer } from "./tax-return.types.ts";

type C = Context<BooksMemberEnv>;

const returnParams = z.object({ id: idParam() });

/** A file to save, never shown inline; its name made of safe characters only. */
function attachment(c: C, body: Uint8Array | string, type: string, fileName: string): Response {
  return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * Tax returns under `/api/accounting/orgs/:orgId/` (decision 112): every member reads a period's return, the lines
 * behind a box, its CSV and PDF, the filed returns and their kept PDFs; those who hold "books.tax" file a return.
 */
export function taxReturnRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: C) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const period = (c: C) => parseQuery(c, taxReturnQuerySchema, FIRST_FIELD);

  r.get("/tax-return", async (c) => {
    const q = period(c);
    const report = await withStatementTimeout(db, (tx) => taxReturn(tx, c.get("membership"), q.from, q.to));
    return json(c, { tax_return: report } satisfies TaxReturnAnswer);
  });
  r.get("/tax-return/lines", async (c) => {
    const q = parseQuery(c, taxReturnLinesQuerySchema, FIRST_FIELD);
    const page = await withStatementTimeout(db, (tx) => taxReturnLines(tx, c.get("membership"), q));
    return json(c, page satisfies TaxReturnLinesAnswer);
  });
  r.get("/tax-return.csv", async (c) => {
    const q = period(c);
    const report = await withStatementTimeout(db, (tx) => taxReturn(tx, c.get("membership"), q.from, q.to));
    const { header, records } = taxReturnCsv(report);
    return attachment(c, csvRows(header, records), "text/csv; charset=utf-8", `tax_return_${q.from}_${q.to}.csv`);
  });
  r.get("/tax-return.pdf", async (c) => {
    const q = period(c);
    const m = c.get("membership");
    const report = await withStatementTimeout(db, (tx) => taxReturn(tx, m, q.from, q.to));
    return attachment(c, await taxReturnPdf(report, m), "application/pdf", `tax_return_${q.from}_${q.to}.pdf`);
  });
  r.get("/tax-returns", async (c) => {
    const { page } = parseQuery(c, filedTaxReturnsQuerySchema, FIRST_FIELD);
    return json(c, (await listTaxReturns(db, c.get("membership"), page)) satisfies FiledTaxReturnsAnswer);
  });
  r.post("/tax-returns", requireBooks("books.tax"), async (c) => {
    const input = await parseJson(c, taxReturnFileSchema, FIRST_FIELD);
    return json(c, { tax_return: await fileTaxReturn(db, c.get("membership"), input, actor(c)) } satisfies TaxReturnFiled, 201);
  });
  r.get("/tax-returns/:id/pdf", async (c) => {
    const { id } = parseParams(c, returnParams);
    const { tax_return, pdf } = await readTaxReturnPdf(db, c.get("membership"), id);
    return attachment(c, pdf, "application/pdf", tax_return.file_name);
  });
  return r;
}
