import { Hono } from "hono";
import type { AppContext } from "~/server/context.ts";
import { withStatementTimeout } from "~/server/db/client.ts";
import { parseQuery } from "~/server/http/parse.ts";
import { csvRows } from "~/lib/csv.ts";
import type { BooksMemberEnv } from "~/features/tenancy/index.server.ts";
import {
  GL_ALL_CSV_COLUMNS,
  GL_CSV_COLUMNS,
  generalLedgerCsvRecords,
  generalLedgerFileName,
  generalLedgersCsvRecords,
} from "./general-ledger.ts";
import { generalLedgerPeriodSchema, generalLedgerQuerySchema } from "./general-ledger.schema.ts";
import { generalLedger, generalLedgerAll, generalLedgerEveryAccount } from "./general-ledger.server.ts";
import type { GeneralLedgerAnswer } from "./reports.types.ts";

/**
 * The general ledger, under /orgs/:orgId/reports/general_ledger (membership already checked; every member reads it):
 * `GET ?account=&start=&end=[&after=]` a page of one account's lines, `GET /csv?account=&start=&end=` all of them,
 * `GET /all/csv?start=&end=` every account's (at most MAX_PRINTED_LINES lines, counted first); their statements
 * bounded by the reports' statement timeout.
 */
export function generalLedgerRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  r.get("/", async (c) => {
    const q = parseQuery(c, generalLedgerQuerySchema, { message: "first" });
    const ledger = await withStatementTimeout(db, (tx) => generalLedger(tx, c.get("membership"), q));
    return c.json({ ledger } satisfies GeneralLedgerAnswer);
  });
  r.get("/csv", async (c) => {
    const q = parseQuery(c, generalLedgerQuerySchema, { message: "first" });
    const { ledger, lines } = await withStatementTimeout(db, (tx) => generalLedgerAll(tx, c.get("membership"), q));
    const csv = csvRows(GL_CSV_COLUMNS, generalLedgerCsvRecords(ledger, lines));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${generalLedgerFileName(ledger.account.account_code, q.start, q.end)}"`,
    });
  });
  r.get("/all/csv", async (c) => {
    const q = parseQuery(c, generalLedgerPeriodSchema, { message: "first" });
    const ledgers = await withStatementTimeout(db, (tx) => generalLedgerEveryAccount(tx, c.get("membership"), q));
    return c.body(csvRows(GL_ALL_CSV_COLUMNS, generalLedgersCsvRecords(ledgers)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${generalLedgerFileName("all", q.start, q.end)}"`,
    });
  });
  return r;
}
