import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, withStatementTimeout, type Db } from "~/server/db/client.ts";
import { pdfBytes } from "~/server/pdf.server.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { MonthEndPack } from "./month-end-packs.types.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { reportsPdf } from "./report-pdf.server.ts";
import { cashFlowReport } from "./cash-flow.server.ts";
import { cashFlowPrint } from "./report-print-cash-flow.ts";
import { isLaidOut, laidOutPrint } from "./report-print-statement.ts";
import { longDate, monthName, periodText, printableReport, printBooks } from "./report-print.ts";
import { REPORT_LABELS } from "./reports.ts";
import { generateReport } from "./reports.server.ts";
import { taxSummaryPage } from "~/features/tax/index.server.ts";
import { agingSummaryPages } from "~/features/sales/index.server.ts";
import { budgetPackPages, commentaryPage } from "~/features/insight/index.server.ts";

/** The firm that prepares the packs, as the cover names it. */
export const PREPARED_BY_FIRM = "Ledgerline Advisors";

/** The first and last day of a month ("2026-10"), and the month `back` months before it. */
export function monthRange(month: string, back = 0): { month: string; start: string; end: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { month: iso(first).slice(0, 7), start: iso(first), end: iso(last) };
}

const packColumns = sql`p.id, to_char(p.month, 'YYYY-MM') as month, p.file_name, p.size_bytes,
  coalesce(nullif(btrim(u.name), ''), u.email) as prepared_by,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const toPack = (r: MonthEndPack): MonthEndPack => ({ ...r, id: Number(r.id), size_bytes: Number(r.size_bytes) });

/** The books' packs, the latest month first (and the latest of a month first). */
export async function listPacks(db: Db, m: Membership): Promise<MonthEndPack[]> {
  const rows = await queryRows<MonthEndPack>(
    db,
    sql`select ${packColumns} from month_end_packs p left join users u on u.id = p.prepared_by
         where p.organization_id = ${m.organizationId} order by p.month desc, p.id desc limit 240`,
  );
  return rows.map(toPack);
}

/**
 * The month's pack as one PDF: a cover (organization, month, the firm, who prepared it and when), the month's published
 * commentary when there is one (decision 122), the profit and loss beside the previous month and the same month last
 * year, the balance sheet at the month's end, the month's statement of cash flows and its trial balance; the tax summary
 * and the aged receivables and payables at the month's end when the books have them.
 * The month's pack as one PDF: a cover (organization, month, the firm, who prepared it and when), the profit and loss
 * beside the previous month and the same month last year, the balance sheet at the month's end, the month's statement
 * of cash flows and its trial balance; the tax summary and the aged receivables and payables at the month's end when the
 * books have them; the budget against actual when the month's fiscal year has a budget.
 */
export async function buildPackPdf(db: Db, m: Membership, month: string, preparedBy: string, today: string): Promise<Buffer> {
  const current = monthRange(month);
  const previous = monthRange(month, 1);
  const lastYear = monthRange(month, 12);
  const org = m.organizationName;
  const [pl, balance, cash, trial, tax, aging, commentary, budget] = await withStatementTimeout(db, (tx) =>
    Promise.all([
      generateReport(tx, m, "profit_loss", current.start, current.end, { compare: "both" }),
      generateReport(tx, m, "balance_sheet", current.start, current.end),
      cashFlowReport(tx, m, current.start, current.end),
      generateReport(tx, m, "trial_balance", current.start, current.end),
      taxSummaryPage(tx, m, current.start, current.end),
      agingSummaryPages(tx, m, current.end),
      // The month's published commentary, the pack's first page after the cover (decision 122).
      commentaryPage(tx, m, month),
      // The budget against actual of the month, when its fiscal year has a budget (decision 123).
      budgetPackPages(tx, m, month),
    ]),
  );
  // The comparison columns named by their months: the month, the month before, the same month last year.
  const months = [current, previous, lastYear].map((r) => monthName(r.month));
  const profitLoss = isLaidOut(pl)
    ? laidOutPrint(
        { ...pl, columns: pl.columns.map((c, i) => ({ ...c, label: months[i] ?? c.label })) },
        { title: REPORT_LABELS.profit_loss, organization: org, period: periodText(current.start, current.end), currency: m.currency },
      )
    : printableReport(pl, printBooks(m));
  const books = printBooks(m);
  const reports = [
    ...(commentary ? [commentary] : []),
    profitLoss,
    printableReport(balance, books),
    cashFlowPrint(cash, books),
    printableReport(trial, books),
  ];
  if (tax) reports.push(tax);
  reports.push(...aging, ...budget);
  return pdfBytes(
    reportsPdf(reports, {
      title: `Month-end pack · ${monthName(month)} · ${org}`,
      author: PREPARED_BY_FIRM,
      cover: {
        organization: org,
        title: "Month-end pack",
        subtitle: monthName(month),
        facts: [
          ["Period", `${longDate(current.start)} to ${longDate(current.end)}`],
          ["Prepared by", `${PREPARED_BY_FIRM} (${preparedBy})`],
          ["Date prepared", longDate(today)],
          ["Contents", reports.map((r) => r.title).join(", ")],
        ],
      },
    }),
  );
}

/** Prepares the month's pack and keeps it (its route asks for "books.write"; audited in the same transaction). */
export async function generatePack(db: Db, m: Membership, month: string, actor: AuditActor, now = new Date()): Promise<MonthEndPack> {
  const pdf = await buildPackPdf(db, m, month, actor.name || actor.email || "the firm", now.toISOString().slice(0, 10));
  const fileName = `month_end_pack_${month}.pdf`;
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into month_end_packs (organization_id, month, file_name, size_bytes, sha256, pdf, prepared_by)
          values (${m.organizationId}, ${`${month}-01`}::date, ${fileName}, ${pdf.length}, ${sha256}, ${pdf}, ${m.userId})
          returning id`,
    );
    await recordAudit(tx, actor, {
      action: "books.month_end_pack_generated",
      targetType: "organization",
      targetId: m.organizationId,
      after: { month, file_name: fileName, size_bytes: pdf.length, sha256 },
    });
    return Number(row!.id);
  });
  const [pack] = await queryRows<MonthEndPack>(
    db,
    sql`select ${packColumns} from month_end_packs p left join users u on u.id = p.prepared_by where p.id = ${id}`,
  );
  return toPack(pack!);
}

/** A kept pack's PDF, for any member of the books. */
export async function readPack(db: Db, m: Membership, packId: number): Promise<{ pack: MonthEndPack; pdf: Uint8Array }> {
  const [row] = await queryRows<MonthEndPack & { pdf: Uint8Array }>(
    db,
    sql`select ${packColumns}, p.pdf from month_end_packs p left join users u on u.id = p.prepared_by
         where p.id = ${packId} and p.organization_id = ${m.organizationId}`,
  );
  if (!row) throw notFound("Month-end pack");
  const { pdf, ...pack } = row;
  return { pack: toPack(pack), pdf: new Uint8Array(pdf) };
}
