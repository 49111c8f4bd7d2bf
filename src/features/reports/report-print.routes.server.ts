import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam } from "~/lib/schema-fields.ts";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { invalidInput, notFound } from "~/server/http/app-error.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import { reportQuerySchema, reportTypeSchema } from "./reports.schema.ts";
import { requireBooks } from "~/features/tenancy/index.server.ts";
import { monthEndPackSchema } from "./month-end-packs.schema.ts";
import { generatePack, listPacks, readPack } from "./month-end-packs.server.ts";
import { cashFlowReport } from "./cash-flow.server.ts";
import { generalLedgerPeriodSchema, generalLedgerQuerySchema } from "./general-ledger.schema.ts";
import { generalLedgerAll, generalLedgerEveryAccount, generalLedgerLineCount } from "./general-ledger.server.ts";
import { cashFlowPrint } from "./report-print-cash-flow.ts";
import { generalLedgerPrint, generalLedgersPrint } from "./report-print-ledger.ts";
import { reportPdf } from "./report-pdf.server.ts";
import { MAX_PRINTED_LINES, printableReport, printBooks, printedLinesMessage, printFileName } from "./report-print.ts";
import { generateReport } from "./reports.server.ts";
import type { PackPrepared } from "./reports.types.ts";

const packParams = z.object({ orgId: idParam(), id: idParam() });

/** A PDF to save (never shown inline), streamed as it is drawn or sent from its kept bytes; its name made of safe characters only. */
function pdfAttachment(c: Context, pdf: ReadableStream<Uint8Array> | Uint8Array, fileName: string): Response {
  const length = pdf instanceof Uint8Array ? { "Content-Length": String(pdf.byteLength) } : {};
  return c.body(pdf instanceof Uint8Array ? new Uint8Array(pdf) : pdf, 200, {
    ...length,
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * Printed reports and month-end packs, under /orgs/:orgId (membership already checked). Every member downloads a
 * report as a PDF (`/reports/:type/pdf`, the same query as the report: a period, and an account for the general
 * ledger; `/reports/general_ledger/all/pdf`, every account's ledger of a period) and the kept packs; owners and accountants
 * prepare a month's pack (POST /packs), which is audited.
 */
export function reportPrintRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/reports/general_ledger/pdf", async (c) => {
    const q = parseQuery(c, generalLedgerQuerySchema);
    const m = c.get("membership");
    // Counted first: a ledger too long to print is refused before its lines are read.
    const { ledger, lines } = await withStatementTimeout(db, async (tx) => {
      const count = await generalLedgerLineCount(tx, m, q);
      if (count > MAX_PRINTED_LINES) throw invalidInput({ start: printedLinesMessage(count) }, printedLinesMessage(count));
      return generalLedgerAll(tx, m, q);
    });
    const pdf = reportPdf(generalLedgerPrint(ledger, lines, printBooks(m)));
    return pdfAttachment(c, pdf, printFileName(`general_ledger_${ledger.account.account_code}`, q.start, q.end));
  });
  r.get("/reports/general_ledger/all/pdf", async (c) => {
    const q = parseQuery(c, generalLedgerPeriodSchema);
    const m = c.get("membership");
    const ledgers = await withStatementTimeout(db, (tx) => generalLedgerEveryAccount(tx, m, q));
    return pdfAttachment(c, reportPdf(generalLedgersPrint(ledgers, q, printBooks(m))), printFileName("general_ledger_all", q.start, q.end));
  });
  r.get("/reports/cash_flows/pdf", async (c) => {
    const q = parseQuery(c, reportQuerySchema);
    const m = c.get("membership");
    const report = await withStatementTimeout(db, (tx) => cashFlowReport(tx, m, q.start, q.end));
    return pdfAttachment(c, reportPdf(cashFlowPrint(report, printBooks(m))), printFileName("cash_flows", q.start, q.end));
  });
  r.get("/reports/:type/pdf", async (c) => {
    const type = reportTypeSchema.safeParse(c.req.param("type"));
    if (!type.success) throw notFound("Unknown report type");
    const q = parseQuery(c, reportQuerySchema);
    const m = c.get("membership");
    const report = await withStatementTimeout(db, (tx) => generateReport(tx, m, type.data, q.start, q.end, { compare: q.compare }));
    return pdfAttachment(c, reportPdf(printableReport(report, printBooks(m))), printFileName(type.data, q.start, q.end));
  });

  r.get("/packs", async (c) => c.json({ packs: await listPacks(db, c.get("membership")) }));
  r.post("/packs", requireBooks("books.write"), async (c) => {
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
