import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { notFound } from "~/server/http/app-error.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import type { BooksEnv } from "./accounting.routes.server.ts";
import { reportQuerySchema, reportTypeSchema } from "./accounting.schema.ts";
import { assertCanWrite } from "./organizations.server.ts";
import { monthEndPackSchema } from "./month-end-packs.schema.ts";
import { generatePack, listPacks, readPack } from "./month-end-packs.server.ts";
import { cashFlowReport } from "./cash-flow.server.ts";
import { generalLedgerQuerySchema } from "./general-ledger.schema.ts";
import { generalLedgerAll } from "./general-ledger.server.ts";
import { cashFlowPrint } from "./report-print-cash-flow.ts";
import { generalLedgerPrint } from "./report-print-ledger.ts";
import { reportPdf } from "./report-pdf.server.ts";
import { printableReport, printFileName } from "./report-print.ts";
import { generateReport } from "./reports.server.ts";
import type { PackPrepared } from "./accounting-answers.types.ts";

const packParams = z.object({ orgId: idParam(), id: idParam() });

/** A PDF to save (never shown inline), its name made of safe characters only. */
function pdfAttachment(c: Context, bytes: Uint8Array, fileName: string): Response {
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": "application/pdf",
    "Content-Length": String(bytes.byteLength),
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * Printed reports and month-end packs, under /orgs/:orgId (membership already checked). Every member downloads a
 * report as a PDF (`/reports/:type/pdf`, the same query as the report: a period, and an account for the general
 * ledger) and the kept packs; owners and accountants
 * prepare a month's pack (POST /packs), which is audited.
 */
export function reportPrintRoutes(ctx: AppContext) {
  const r = new Hono<BooksEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/reports/general_ledger/pdf", async (c) => {
    const q = parseQuery(c, generalLedgerQuerySchema);
    const m = c.get("membership");
    const { ledger, lines } = await generalLedgerAll(db, m, q);
    const pdf = await reportPdf(generalLedgerPrint(ledger, lines, m.organizationName));
    return pdfAttachment(c, pdf, printFileName(`general_ledger_${ledger.account.account_code}`, q.start, q.end));
  });
  r.get("/reports/cash_flows/pdf", async (c) => {
    const q = parseQuery(c, reportQuerySchema);
    const m = c.get("membership");
    const pdf = await reportPdf(cashFlowPrint(await cashFlowReport(db, m, q.start, q.end), m.organizationName));
    return pdfAttachment(c, pdf, printFileName("cash_flows", q.start, q.end));
  });
  r.get("/reports/:type/pdf", async (c) => {
    const type = reportTypeSchema.safeParse(c.req.param("type"));
    if (!type.success) throw notFound("Unknown report type");
    const q = parseQuery(c, reportQuerySchema);
    const m = c.get("membership");
    const report = await generateReport(db, m, type.data, q.start, q.end, { compare: q.compare });
    const pdf = await reportPdf(printableReport(report, m.organizationName));
    return pdfAttachment(c, pdf, printFileName(type.data, q.start, q.end));
  });

  r.get("/packs", async (c) => c.json({ packs: await listPacks(db, c.get("membership")) }));
  r.post("/packs", async (c) => {
    assertCanWrite(c.get("membership"));
    const { month } = await parseJson(c, monthEndPackSchema);
    return c.json({ pack: await generatePack(db, c.get("membership"), month, actor(c)) } satisfies PackPrepared, 201);
  });
  r.get("/packs/:id/pdf", async (c) => {
    const { id } = parseParams(c, packParams);
    const { pack, pdf } = await readPack(db, c.get("membership"), id);
    return pdfAttachment(c, pdf, pack.file_name);
  });
  return r;
}
