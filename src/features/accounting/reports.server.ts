import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { Membership } from "./organizations.server.ts";
import { buildReport, type AccountTotals, type Report, type ReportType } from "./reports.ts";
import { withoutClosingEntries } from "./year-end-close.ts";
import { closingEntryTotals } from "./year-end-read.server.ts";

/**
 * The one balances query behind every report: posted debit and credit totals per account over a range and,
 * with `history`, the totals of everything posted before the range (opening balances). Reads the per-day
 * totals the database keeps at posting. Without `history` (a period's income), the year-end closing entries dated in the
 * range are left out.
 */
export async function accountBalances(
  db: Db,
  organizationId: number,
  start: string,
  end: string,
  history: boolean,
): Promise<AccountTotals[]> {
  const from = history ? sql`` : sql`and t.day >= ${start}::date`;
  const rows = await queryRows<AccountTotals>(
    db,
    sql`select a.id as account_id, a.account_code, a.account_name, a.account_type, a.detail_type, a.parent_id,
               s.debit_total::text as debit_total, s.credit_total::text as credit_total,
               s.opening_debit_total::text as opening_debit_total, s.opening_credit_total::text as opening_credit_total
          from (select t.account_id,
                       coalesce(sum(t.debit_total) filter (where t.day >= ${start}::date), 0) as debit_total,
                       coalesce(sum(t.credit_total) filter (where t.day >= ${start}::date), 0) as credit_total,
                       coalesce(sum(t.debit_total) filter (where t.day < ${start}::date), 0) as opening_debit_total,
                       coalesce(sum(t.credit_total) filter (where t.day < ${start}::date), 0) as opening_credit_total
                  from account_day_totals t
                 where t.organization_id = ${organizationId} ${from} and t.day <= ${end}::date
                 group by t.account_id) s
          join chart_of_accounts a on a.id = s.account_id
         order by a.account_code`,
  );
  const totals = rows.map((r) => ({ ...r, account_id: Number(r.account_id), parent_id: r.parent_id == null ? null : Number(r.parent_id) }));
  // A period's totals (the P&L) leave out the year-end closing entries (decision 097); positions keep them.
  return history ? totals : withoutClosingEntries(totals, await closingEntryTotals(db, organizationId, start, end));
}

/**
 * Profit and loss covers the period; the trial balance adds the balances before it (opening) and at its end
 * (closing); the balance sheet is the position at the end date (all history).
 */
export async function generateReport(db: Db, m: Membership, type: ReportType, start: string, end: string): Promise<Report> {
  const totals = await accountBalances(db, m.organizationId, start, end, type !== "profit_loss");
  return buildReport(type, totals, start, end);
}
