import type { Db } from "~/server/db/client.ts";
import { printBooks, type PrintableReport } from "~/features/reports/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { taxSummaryPrint } from "./tax-return-print.ts";
import { taxReturn } from "./tax-return.server.ts";

/** The month-end pack's "Tax summary" page (the boxes with base and tax, and the net), or null when the month has no tax-coded line. */
export async function taxSummaryPage(db: Db, m: Membership, start: string, end: string): Promise<PrintableReport | null> {
  const report = await taxReturn(db, m, start, end);
  return report.line_count > 0 ? taxSummaryPrint(report, printBooks(m)) : null;
}
