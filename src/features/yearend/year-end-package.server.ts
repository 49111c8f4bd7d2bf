import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { zipSync, strToU8, type Zippable } from "fflate";
import { csvRows } from "~/lib/csv.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, withStatementTimeout, type Db } from "~/server/db/client.ts";
import { invalidInput, notFound } from "~/server/http/app-error.ts";
import { pdfBytes } from "~/server/pdf.server.ts";
import { fiscalYearStartMonth } from "~/features/ledger/index.server.ts";
import { fiscalYear } from "~/features/ledger/index.ts";
import {
  cashFlowPrint,
  cashFlowReport,
  generateReport,
  PREPARED_BY_FIRM,
  printableReport,
  reportCsv,
  reportsPdf,
} from "~/features/reports/index.server.ts";
import { longDate, MAX_PRINTED_LINES, printBooks } from "~/features/reports/index.ts";
import { agingReport } from "~/features/sales/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { YearEndPackage } from "./year-end-package.types.ts";
import { agingPart, contractorsPart, returnsPart } from "./year-end-parts-more.ts";
import { adjustingLines, contractorPayments, MAX_ADJUSTING_LINES, returnsOfYear, yearBalances } from "./year-end-parts.server.ts";
import { adjustingPart, fixedAssetsPart, trialBalancePart, yearPeriod, type PackagePart, type PackageYear } from "./year-end-parts.ts";
import { yearLedger } from "./year-end-ledger.server.ts";

/*
 * The year-end package for the tax preparer (decision 124): a closed fiscal year's parts as one PDF (a cover, the
 * contents, each part) and one ZIP (that PDF and a CSV per part), kept byte for byte as the month-end packs are.
 */

/** The standing close of a fiscal year, or a 400 naming the year: only a closed year has a package. */
export async function closedYear(db: Db, m: Membership, fy: number): Promise<PackageYear & { entry_number: string; closed_on: string }> {
  const [close] = await queryRows<{ start: string; end: string; entry_number: string; closed_on: string }>(
    db,
    sql`select c.fiscal_year_start::text as start, c.fiscal_year_end::text as end, e.entry_number,
               to_char(c.closed_at at time zone 'UTC', 'YYYY-MM-DD') as closed_on
          from fiscal_year_closes c join journal_entries e on e.id = c.journal_entry_id
         where c.organization_id = ${m.organizationId} and extract(year from c.fiscal_year_end) = ${fy} and c.reopened_at is null
         order by c.id desc limit 1`,
  );
  const year = fiscalYear(await fiscalYearStartMonth(db, m.organizationId), fy);
  if (!close) {
    const name = /^\d+$/.test(year.label) ? `The fiscal year ${year.label}` : year.label;
    const message = `${name} is not closed: close it in the Closing section before preparing its year-end package`;
    throw invalidInput({ fiscal_year: message }, message);
  }
  return { ...year, start: close.start, end: close.end, entry_number: close.entry_number, closed_on: close.closed_on };
}

/** Every part of the year, read in one snapshot (one read-only transaction on PostgreSQL), in the package's order. */
async function readParts(db: Db, m: Membership, year: PackageYear): Promise<PackagePart[]> {
  const books = printBooks(m);
  const calendarYear = Number(year.end.slice(0, 4));
  return withStatementTimeout(db, async (tx) => {
    const balances = await yearBalances(tx, m.organizationId, year);
    const adjusting = await adjustingLines(tx, m.organizationId, year);
    const pl = await generateReport(tx, m, "profit_loss", year.start, year.end);
    const bs = await generateReport(tx, m, "balance_sheet", year.start, year.end);
    const cash = await cashFlowReport(tx, m, year.start, year.end);
    const [settings] = await queryRows(tx, sql`select 1 from sales_settings where organization_id = ${m.organizationId}`);
    const receivable = settings ? await agingReport(tx, m, "receivable", year.end) : null;
    const payable = settings ? await agingReport(tx, m, "payable", year.end) : null;
    const paid = await contractorPayments(tx, m.organizationId, calendarYear);
    const returns = await returnsOfYear(tx, m.organizationId, year);
    const statement = (report: typeof pl, file: string): PackagePart => {
      const { header, records } = reportCsv(report);
      return { print: printableReport(report, books), csv: { file, header, records } };
    };
    const before: PackagePart[] = [
      trialBalancePart(balances, year, books, false),
      adjustingPart(adjusting, MAX_ADJUSTING_LINES, year, books),
      trialBalancePart(balances, year, books, true),
      statement(pl, "profit_and_loss.csv"),
      statement(bs, "balance_sheet.csv"),
      { print: cashFlowPrint(cash, books), csv: null },
    ];
    const after: PackagePart[] = [
      fixedAssetsPart(balances, year, books),
      agingPart(receivable, "receivable", year, books),
      agingPart(payable, "payable", year, books),
      contractorsPart(paid, calendarYear, year, books),
      returnsPart(returns, year, books),
    ];
    const used = [...before, ...after].reduce((n, p) => n + p.print.rows.filter((r) => r.kind === "line").length, 0);
    const ledger = await yearLedger(tx, m, year, MAX_PRINTED_LINES - used);
    return [...before, { print: ledger.print, csv: null, written: { file: ledger.file, text: ledger.csv } }, ...after];
  });
}

const packageColumns = sql`p.id, p.fiscal_year, p.fiscal_year_start::text as start, p.fiscal_year_end::text as end,
  p.pdf_file_name, p.pdf_size_bytes, p.zip_file_name, p.zip_size_bytes,
  coalesce(nullif(btrim(u.name), ''), u.email) as prepared_by,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const toPackage = (r: YearEndPackage): YearEndPackage => ({
  ...r,
  id: Number(r.id),
  fiscal_year: Number(r.fiscal_year),
  pdf_size_bytes: Number(r.pdf_size_bytes),
  zip_size_bytes: Number(r.zip_size_bytes),
});

/** The books' kept packages, the latest year first (and the latest of a year first). */
export async function listPackages(db: Db, m: Membership): Promise<YearEndPackage[]> {
  const rows = await queryRows<YearEndPackage>(
    db,
    sql`select ${packageColumns} from year_end_packages p left join users u on u.id = p.prepared_by
         where p.organization_id = ${m.organizationId} order by p.fiscal_year desc, p.id desc limit 200`,
  );
  return rows.map(toPackage);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Prepares a closed year's package and keeps it (its route asks for "books.yearend.prepare"): the parts read in one
 * snapshot, the PDF and the ZIP made from them, both kept with the audit row in one transaction.
 */
export async function preparePackage(db: Db, m: Membership, fy: number, actor: AuditActor, now = new Date()): Promise<YearEndPackage> {
  const year = await closedYear(db, m, fy);
  const parts = await readParts(db, m, year);
  const org = m.organizationName;
  const pdf = await pdfBytes(
    reportsPdf(
      parts.map((p) => p.print),
      {
        title: `Year-end package · ${year.label} · ${org}`,
        author: PREPARED_BY_FIRM,
        contents: true,
        cover: {
          organization: org,
          title: "Year-end package for the tax preparer",
          subtitle: /^\d+$/.test(year.label) ? `Fiscal year ${year.label}` : year.label,
          facts: [
            ["Period", yearPeriod(year)],
            ["Year closed", `${longDate(year.closed_on)} (closing entry ${year.entry_number})`],
            ["Currency", m.currency],
            ["Prepared by", `${PREPARED_BY_FIRM} (${actor.name || actor.email || "the firm"})`],
            ["Date prepared", longDate(now.toISOString().slice(0, 10))],
          ],
        },
      },
    ),
  );
  const base = `year_end_package_${fy}`;
  const files: Zippable = { [`${base}.pdf`]: [new Uint8Array(pdf), { level: 0 }] };
  let n = 0;
  const numbered = (file: string) => `${String(++n).padStart(2, "0")}_${file}`;
  for (const part of parts) {
    if (part.csv) files[numbered(part.csv.file)] = strToU8(`${csvRows(part.csv.header, part.csv.records)}\r\n`);
    else if (part.written) files[numbered(part.written.file)] = strToU8(part.written.text);
  }
  const zip = zipSync(files, { level: 6, mtime: now });
  const pdfName = `${base}.pdf`;
  const zipName = `${base}.zip`;
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into year_end_packages (organization_id, fiscal_year, fiscal_year_start, fiscal_year_end, pdf_file_name, pdf_size_bytes,
                                         pdf_sha256, pdf, zip_file_name, zip_size_bytes, zip_sha256, zip, prepared_by)
          values (${m.organizationId}, ${fy}, ${year.start}::date, ${year.end}::date, ${pdfName}, ${pdf.length}, ${sha256(pdf)}, ${pdf},
                  ${zipName}, ${zip.length}, ${sha256(zip)}, ${Buffer.from(zip)}, ${m.userId})
          returning id`,
    );
    await recordAudit(tx, actor, {
      action: "books.year_end_package_prepared",
      targetType: "organization",
      targetId: m.organizationId,
      after: { fiscal_year: fy, pdf_size_bytes: pdf.length, zip_size_bytes: zip.length, pdf_sha256: sha256(pdf), zip_sha256: sha256(zip) },
    });
    return Number(row!.id);
  });
  const [kept] = await queryRows<YearEndPackage>(
    db,
    sql`select ${packageColumns} from year_end_packages p left join users u on u.id = p.prepared_by where p.id = ${id}`,
  );
  return toPackage(kept!);
}

/** A kept package's PDF or ZIP, for any member of the books. */
export async function readPackageFile(db: Db, m: Membership, id: number, kind: "pdf" | "zip"): Promise<{ name: string; bytes: Uint8Array }> {
  const column = kind === "pdf" ? sql`p.pdf_file_name as name, p.pdf as bytes` : sql`p.zip_file_name as name, p.zip as bytes`;
  const [row] = await queryRows<{ name: string; bytes: Uint8Array }>(
    db,
    sql`select ${column} from year_end_packages p where p.id = ${id} and p.organization_id = ${m.organizationId}`,
  );
  if (!row) throw notFound("Year-end package not found");
  return { name: row.name, bytes: new Uint8Array(row.bytes) };
}
