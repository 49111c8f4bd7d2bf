import { sql } from "drizzle-orm";
import { csvRows } from "~/lib/csv.ts";
import { formatCount } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { GL_ALL_CSV_COLUMNS, generalLedgerAll, generalLedgersCsvRecords, generalLedgersPrint } from "~/features/reports/index.server.ts";
import { printBooks, type PrintableReport } from "~/features/reports/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { yearPeriod, type PackageYear } from "./year-end-parts.ts";

/**
 * The most general ledger lines the package's ZIP holds (about 30 MB of CSV before compression, read 5,000 lines at a
 * time): past it the ZIP says where to get the ledger instead (the General ledger section's CSV, a period at a time).
 */
export const GL_CSV_MAX_LINES = 250_000;

/** The general ledger of the year: printed when it fits the PDF's room left, and as CSV when within GL_CSV_MAX_LINES. */
export async function yearLedger(
  db: Db,
  m: Membership,
  year: PackageYear,
  printRoom: number,
): Promise<{ print: PrintableReport; csv: string; file: string; lines: number }> {
  const period = { start: year.start, end: year.end };
  const books = printBooks(m);
  // The year's lines joined by their entries alone (see year-end-parts.server.ts): counted up to past the cap, and
  // their accounts, by code.
  const inYear = sql`from journal_entries e join journal_entry_lines l on l.journal_entry_id = e.id
                      where e.organization_id = ${m.organizationId} and e.status = 'posted'
                        and e.entry_date between ${year.start}::date and ${year.end}::date`;
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${inYear} limit ${GL_CSV_MAX_LINES + 1}) x`);
  const lines = Number(counted?.n ?? 0);
  const note = (text: string): PrintableReport => ({
    title: "General ledger",
    organization: books.name,
    period: yearPeriod(year),
    columns: [{ head: "", align: "left", width: 1 }],
    rows: [{ kind: "note", text }],
  });
  if (lines > GL_CSV_MAX_LINES) {
    const text =
      `The year has more than ${formatCount(GL_CSV_MAX_LINES)} general ledger lines: too many for this package. ` +
      "Download it from the General ledger section of the books, a quarter or a month at a time.";
    return { print: note(text), csv: `${text}\r\n`, file: "general_ledger_not_included.txt", lines };
  }
  const accounts = await queryRows<{ id: number }>(
    db,
    sql`select a.id from chart_of_accounts a join (select distinct l.account_id ${inYear}) u on u.account_id = a.id
         order by a.account_code, a.id`,
  );
  const printed = lines <= printRoom;
  const ledgers: Awaited<ReturnType<typeof generalLedgerAll>>[] = [];
  const chunks = [csvRows(GL_ALL_CSV_COLUMNS, [])];
  for (const a of accounts) {
    const one = await generalLedgerAll(db, m, { account: Number(a.id), ...period });
    chunks.push(csvRows(null, generalLedgersCsvRecords([one])));
    // Kept for the PDF only when it is printed; otherwise each account's lines are let go once written.
    if (printed) ledgers.push(one);
  }
  const print = printed
    ? { ...generalLedgersPrint(ledgers, period, books), title: "General ledger" }
    : note(
        `The year has ${formatCount(lines)} general ledger lines, more than this PDF holds with the other parts: ` +
          "they are in the package's ZIP, general_ledger.csv.",
      );
  return { print, csv: `${chunks.filter(Boolean).join("\r\n")}\r\n`, file: "general_ledger.csv", lines };
}
