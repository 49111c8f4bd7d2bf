import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { todayIso } from "~/lib/format.ts";
import { monthName } from "~/features/reports/index.ts";
import { dashboardCharts } from "./charts.server.ts";
import { dashboardFigures, dashboardWindow, type DashboardRow, type DashboardWindow } from "./dashboard-figures.ts";
import type { OwnerDashboard } from "./dashboard.types.ts";

/**
 * The dashboard's one statement: the posted day totals the database keeps at posting (`account_day_totals`, posted
 * entries only), grouped by month and detail type for income, by operating expense account for the categories, and by
 * month for the balances of cash (the ledger accounts of the bank accounts, not the cards), the receivable and the
 * payable control accounts (none before the sales settings exist). The year-end closing entries, and the reversals of
 * those reopened, move a year's income to equity: income leaves them out, as the profit and loss does (decision 097).
 * A day's month is taken without a time zone (`::timestamp`): cheaper over the many days read than the zoned `date_trunc`.
 * The income accounts' days are read account by account through the totals' account index (an index-only scan of the
 * income accounts' two years), not the organization's every day total filtered after: half the time at 1,000,000 lines.
 */
export function dashboardQuery(organizationId: number, w: DashboardWindow) {
  return sql`
    with acc as (
      select a.id, a.account_name, a.detail_type,
             case when exists (select 1 from bank_accounts b
                                where b.organization_id = a.organization_id and b.account_id = a.id and b.kind = 'bank') then 'cash'
                  when a.id = s.receivable_account_id then 'receivable'
                  when a.id = s.payable_account_id then 'payable'
                  when a.account_type in ('Revenue', 'Expense') then 'income' end as role
        from chart_of_accounts a
        left join sales_settings s on s.organization_id = a.organization_id
       where a.organization_id = ${organizationId}
    ),
    income as (
      select date_trunc('month', t.day::timestamp)::date as month, t.account_id, sum(t.debit) as debit, sum(t.credit) as credit
        from (select d.day, d.account_id, d.debit_total as debit, d.credit_total as credit
                from acc a
                cross join lateral (select d.day, d.account_id, d.debit_total, d.credit_total
                                      from account_day_totals d
                                     where d.organization_id = ${organizationId} and d.account_id = a.id
                                       and d.day between ${w.from}::date and ${w.monthsTo}::date) d
               where a.role = 'income'
              union all
              select c.fiscal_year_end, l.account_id, -l.debit_amount, -l.credit_amount
                from fiscal_year_closes c
                join journal_entry_lines l on l.organization_id = c.organization_id
                                          and l.journal_entry_id in (c.journal_entry_id, c.reversal_entry_id)
                join acc a on a.id = l.account_id and a.role = 'income'
               where c.organization_id = ${organizationId} and c.fiscal_year_end between ${w.from}::date and ${w.monthsTo}::date) t
       group by 1, 2
    )
    select 'month' as part, to_char(i.month, 'YYYY-MM') as key, a.detail_type as name,
           sum(i.debit)::text as debit, sum(i.credit)::text as credit
      from income i join acc a on a.id = i.account_id
     group by i.month, a.detail_type
    union all
    select 'expense', a.id::text, a.account_name, sum(i.debit)::text, sum(i.credit)::text
      from income i join acc a on a.id = i.account_id
     where a.detail_type = 'operating_expense' and i.month >= ${w.monthsFrom}::date
     group by a.id, a.account_name
    union all
    select 'balance',
           case when t.day < ${w.monthsFrom}::date then 'before'
                when t.day <= ${w.monthsTo}::date then to_char(t.day, 'YYYY-MM')
                else 'today' end,
           a.role, sum(t.debit_total)::text, sum(t.credit_total)::text
      from account_day_totals t join acc a on a.id = t.account_id and a.role in ('cash', 'receivable', 'payable')
     where t.organization_id = ${organizationId} and t.day <= ${w.today}::date
     group by 2, 3
    union all
    select 'bank_accounts', count(*)::text, '', '0', '0'
      from bank_accounts b where b.organization_id = ${organizationId} and b.kind = 'bank'`;
}

/**
 * The owner's dashboard of an organization's books as of `today` (decision 121): the figures of the twelve full months
 * before today's month beside the same months a year earlier, the balances today, and the charts laid out.
 */
export async function ownerDashboard(db: Db, organizationId: number, currency: string, today = todayIso()): Promise<OwnerDashboard> {
  const window = dashboardWindow(today);
  const rows = await queryRows<DashboardRow>(db, dashboardQuery(organizationId, window));
  const figures = dashboardFigures(rows, window, currency, monthName);
  return { ...figures, charts: dashboardCharts(figures) };
}
