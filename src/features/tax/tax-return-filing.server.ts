import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { pdfBytes } from "~/server/pdf.server.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { BooksLockedError, createEntries, notFound, sqlState } from "~/features/ledger/index.server.ts";
import { reportsPdf } from "~/features/reports/index.server.ts";
import { printBooks } from "~/features/reports/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { TaxReturnFileInput } from "./tax-return.schema.ts";
import { taxReconciliationPrint, taxReturnPrint } from "./tax-return-print.ts";
import { taxReturn } from "./tax-return.server.ts";
import { FILED_RETURNS_PAGE_SIZE, type FiledTaxReturn, type FiledTaxReturnsAnswer, type TaxReturnReport } from "./tax-return.types.ts";

/*
 * Filing a return (decision 112), in one transaction: the return recomputed, an overlapping filed period refused,
 * the settlement entry posted (each tax account's figure moved to the authority's account), the PDF drawn and kept
 * with its figures. Once filed, the database refuses tax-coded lines dated in the period (migration 0040).
 */

const filedColumns = sql`r.id, r.name, to_char(r.period_start, 'YYYY-MM-DD') as period_start, to_char(r.period_end, 'YYYY-MM-DD') as period_end,
  r.net_amount::text as net_amount, r.authority_account_id, r.settlement_entry_id, e.entry_number as settlement_entry_number, r.file_name,
  coalesce(nullif(btrim(u.name), ''), u.email) as filed_by,
  to_char(r.filed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as filed_at`;
const filedFrom = sql`tax_returns r left join journal_entries e on e.id = r.settlement_entry_id left join users u on u.id = r.filed_by`;

const toFiled = (r: FiledTaxReturn): FiledTaxReturn => ({
  ...r,
  id: Number(r.id),
  authority_account_id: Number(r.authority_account_id),
  settlement_entry_id: r.settlement_entry_id == null ? null : Number(r.settlement_entry_id),
});

/** One page of the books' filed returns, the latest period first, and whether older ones follow. */
export async function listTaxReturns(db: Db, m: Membership, page = 1): Promise<FiledTaxReturnsAnswer> {
  const size = FILED_RETURNS_PAGE_SIZE;
  const rows = await queryRows<FiledTaxReturn>(
    db,
    sql`select ${filedColumns} from ${filedFrom} where r.organization_id = ${m.organizationId}
         order by r.period_end desc, r.id desc limit ${size + 1} offset ${(page - 1) * size}`,
  );
  return { tax_returns: rows.slice(0, size).map(toFiled), page, has_more: rows.length > size };
}

/** The filed return whose period meets from..to (the earliest), named with its period; undefined when none. */
export async function overlappingTaxReturn(
  db: Db,
  m: Membership,
  from: string,
  to: string,
): Promise<{ name: string; label: string } | undefined> {
  const [row] = await queryRows<{ name: string; label: string }>(
    db,
    sql`select name, name || ' (' || to_char(period_start, 'YYYY-MM-DD') || ' to ' || to_char(period_end, 'YYYY-MM-DD') || ')' as label
          from tax_returns where organization_id = ${m.organizationId} and period_start <= ${to}::date and ${from}::date <= period_end
         order by period_start limit 1`,
  );
  return row;
}

/** A filed return's kept PDF. */
export async function readTaxReturnPdf(db: Db, m: Membership, id: number): Promise<{ tax_return: FiledTaxReturn; pdf: Uint8Array }> {
  const [row] = await queryRows<FiledTaxReturn & { pdf: Uint8Array }>(
    db,
    sql`select ${filedColumns}, r.pdf from ${filedFrom} where r.id = ${id} and r.organization_id = ${m.organizationId}`,
  );
  if (!row) throw notFound("Tax return");
  const { pdf, ...filed } = row;
  return { tax_return: toFiled(filed), pdf: new Uint8Array(pdf) };
}

/** The return's PDF: the return, then the reconciliation with the tax accounts. */
export function taxReturnPdf(report: TaxReturnReport, m: Membership, title = "Tax return", notes: string[] = []): Promise<Buffer> {
  const books = printBooks(m);
  return pdfBytes(
    reportsPdf([taxReturnPrint(report, books, title, notes), taxReconciliationPrint(report, books)], {
      title: `${title} · ${m.organizationName}`,
      author: m.organizationName,
    }),
  );
}

/**
 * The settlement's lines: each tax account's figure in the return (debit positive) turned round, and the net to the
 * authority's account (a credit when payable, a debit when refundable). Empty when every figure is zero.
 */
export function settlementLines(
  report: TaxReturnReport,
  authorityAccountId: number,
): { account_id: number; debit_amount: string; credit_amount: string }[] {
  const lines: { account_id: number; debit_amount: string; credit_amount: string }[] = [];
  let sum = 0n;
  for (const a of report.reconciliation) {
    const t = toCents(a.return_tax) ?? 0n;
    if (t === 0n) continue;
    sum += t;
    lines.push(
      t > 0n
        ? { account_id: a.account_id, debit_amount: "0.00", credit_amount: centsToDecimal(t) }
        : { account_id: a.account_id, debit_amount: centsToDecimal(-t), credit_amount: "0.00" },
    );
  }
  // The accounts' debits less credits: a credit balance left (payable) goes to the authority as a credit.
  if (sum < 0n) lines.push({ account_id: authorityAccountId, debit_amount: "0.00", credit_amount: centsToDecimal(-sum) });
  else if (sum > 0n) lines.push({ account_id: authorityAccountId, debit_amount: centsToDecimal(sum), credit_amount: "0.00" });
  return lines;
}

/** Files the return of the period: see the module's comment. Its route asks for "books.tax"; audited. */
export async function fileTaxReturn(db: Db, m: Membership, input: TaxReturnFileInput, actor: AuditActor): Promise<FiledTaxReturn> {
  const orgId = m.organizationId;
  const { period_start: from, period_end: to, authority_account_id: authority } = input;
  const name = input.name || `Tax return ${from} to ${to}`;
  const id = await db
    .transaction(async (tx) => {
      const [org] = await queryRows<{ lock_date: string | null }>(
        tx,
        sql`select to_char(lock_date, 'YYYY-MM-DD') as lock_date from organizations where id = ${orgId} for update`,
      );
      // A period in the locked books is refused even when its settlement would post nothing.
      if (org?.lock_date && to <= org.lock_date) throw new BooksLockedError(org.lock_date, "period_end");
      const [account] = await queryRows<{ id: number }>(
        tx,
        sql`select id from chart_of_accounts where id = ${authority} and organization_id = ${orgId} and is_active`,
      );
      if (!account) throw invalidInput({ authority_account_id: "Account not found or inactive" }, "Account not found or inactive");
      const overlap = await overlappingTaxReturn(tx, m, from, to);
      if (overlap) throw overlapping(overlap.label);
      const report = await taxReturn(tx, m, from, to);
      if (report.line_count === 0) {
        const message = "Nothing to file: no tax-coded line in the period";
        throw invalidInput({ period_start: message }, message);
      }
      const lines = settlementLines(report, authority);
      let settlementId: number | null = null;
      if (lines.length >= 2) {
        try {
          const [created] = await createEntries(
            tx,
            m,
            [{ description: `Settlement of ${name}`, reference: null, entry_date: to, lines }],
            true,
          );
          settlementId = created ?? null;
        } catch (err) {
          if (err instanceof BooksLockedError) throw new BooksLockedError(err.lockDate, "period_end");
          throw err;
        }
      }
      const [settlement] = settlementId
        ? await queryRows<{ entry_number: string }>(tx, sql`select entry_number from journal_entries where id = ${settlementId}`)
        : [];
      const filedOn = new Date().toISOString().slice(0, 10);
      const notes = [
        `Filed on ${filedOn} by ${actor.name || actor.email || "a member"}.`,
        settlement ? `Settlement entry ${settlement.entry_number} dated ${to}.` : "No settlement entry: every tax figure is zero.",
      ];
      const pdf = await taxReturnPdf(report, m, name, notes);
      const fileName = `tax_return_${from}_${to}.pdf`;
      const sha256 = createHash("sha256").update(pdf).digest("hex");
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into tax_returns (organization_id, name, period_start, period_end, figures, net_amount, authority_account_id,
                                     settlement_entry_id, file_name, sha256, pdf, filed_by)
            values (${orgId}, ${name}, ${from}::date, ${to}::date, ${JSON.stringify(report)}::jsonb, ${report.net}::numeric, ${authority},
                    ${settlementId}, ${fileName}, ${sha256}, ${pdf}, ${m.userId})
            returning id`,
      );
      await recordAudit(tx, actor, {
        action: "books.tax_return_filed",
        targetType: "organization",
        targetId: orgId,
        after: { name, period_start: from, period_end: to, net_amount: report.net, settlement_entry_id: settlementId, sha256 },
      });
      return Number(row!.id);
    })
    .catch((err: unknown) => {
      if (sqlState(err) === "TXOVL") throw overlapping("another return");
      throw err;
    });
  const [filed] = await queryRows<FiledTaxReturn>(db, sql`select ${filedColumns} from ${filedFrom} where r.id = ${id}`);
  return toFiled(filed!);
}

function overlapping(label: string) {
  const message = `The period overlaps the filed return ${label}`;
  return invalidInput({ period_start: message }, message);
}
