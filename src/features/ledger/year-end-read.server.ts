import { todayIso } from "~/lib/format.ts";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import {
  closingPlan,
  fiscalYear,
  lastEndedFiscalYear,
  RETAINED_EARNINGS_NAME,
  type FiscalYear,
  type YearTotals,
} from "./year-end-close.ts";
import type { YearEndClose, YearEndPreview, YearEndState } from "./year-end-close.types.ts";

/** The month the organization's fiscal year starts in (1 = January): the one place it is read. */
export async function fiscalYearStartMonth(db: Db, organizationId: number): Promise<number> {
  const [row] = await queryRows<{ m: number }>(
    db,
    sql`select fiscal_year_start_month as m from organizations where id = ${organizationId}`,
  );
  return Number(row?.m ?? 1);
}

/** Today as YYYY-MM-DD (UTC), the day a fiscal year must have ended by to be closed. */

/** The Retained Earnings account: an equity account of that name (an active one first), or null. */
export async function retainedEarningsAccount(db: Db, organizationId: number) {
  const [row] = await queryRows<{ id: number; account_code: string; account_name: string; is_active: boolean }>(
    db,
    sql`select id, account_code, account_name, is_active from chart_of_accounts
         where organization_id = ${organizationId} and account_type = 'Equity' and lower(account_name) = lower(${RETAINED_EARNINGS_NAME})
         order by is_active desc, id limit 1`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Revenue and expense accounts' posted totals in the year, with whether each account is still active. */
export async function yearTotals(db: Db, organizationId: number, year: FiscalYear) {
  const rows = await queryRows<YearTotals & { is_active: boolean }>(
    db,
    sql`select a.id as account_id, a.account_code, a.account_name, a.account_type, a.is_active,
               sum(t.debit_total)::text as debit_total, sum(t.credit_total)::text as credit_total
          from account_day_totals t join chart_of_accounts a on a.id = t.account_id
         where t.organization_id = ${organizationId} and t.day between ${year.start}::date and ${year.end}::date
           and a.account_type in ('Revenue', 'Expense')
         group by a.id`,
  );
  return rows.map((r) => ({ ...r, account_id: Number(r.account_id) }));
}

export async function draftsInYear(db: Db, organizationId: number, year: FiscalYear): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from journal_entries
         where organization_id = ${organizationId} and status = 'draft' and entry_date between ${year.start}::date and ${year.end}::date`,
  );
  return Number(row?.n ?? 0);
}

const closeColumns = sql`c.fiscal_year_start::text as start, c.fiscal_year_end::text as end, c.journal_entry_id as entry_id,
  e.entry_number, c.reason, coalesce(nullif(btrim(cu.name), ''), cu.email) as closed_by,
  to_char(c.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as closed_at,
  r.entry_number as reversal_number, c.reopen_reason, coalesce(nullif(btrim(ru.name), ''), ru.email) as reopened_by,
  to_char(c.reopened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as reopened_at`;

type CloseRow = Omit<YearEndClose, "reopened" | "fiscal_year" | "label"> & {
  reversal_number: string | null;
  reopen_reason: string | null;
  reopened_by: string | null;
  reopened_at: string | null;
};

/** Every close of the organization, the latest year first (a reopened one kept with its reversal). */
export async function listCloses(db: Db, organizationId: number, startMonth: number, where = sql``): Promise<YearEndClose[]> {
  const rows = await queryRows<CloseRow>(
    db,
    sql`select ${closeColumns}
          from fiscal_year_closes c
          join journal_entries e on e.id = c.journal_entry_id
          left join journal_entries r on r.id = c.reversal_entry_id
          left join users cu on cu.id = c.closed_by
          left join users ru on ru.id = c.reopened_by
         where c.organization_id = ${organizationId} ${where}
         order by c.fiscal_year_end desc, c.id desc`,
  );
  return rows.map(({ reversal_number, reopen_reason, reopened_by, reopened_at, ...r }) => {
    const fy = Number(r.end.slice(0, 4));
    return {
      ...fiscalYear(startMonth, fy),
      ...r,
      entry_id: Number(r.entry_id),
      reopened: reversal_number
        ? { entry_number: reversal_number, reason: reopen_reason ?? "", by: reopened_by, at: reopened_at ?? "" }
        : null,
    };
  });
}

export async function yearEndState(db: Db, m: Membership): Promise<YearEndState> {
  const startMonth = await fiscalYearStartMonth(db, m.organizationId);
  return {
    fiscal_year_start_month: startMonth,
    last_ended: lastEndedFiscalYear(startMonth, todayIso()),
    closes: await listCloses(db, m.organizationId, startMonth),
  };
}

/** What closing the fiscal year would post, and why it cannot be closed now (the close itself checks the same). */
export async function yearEndPreview(db: Db, m: Membership, fy: number): Promise<YearEndPreview> {
  const startMonth = await fiscalYearStartMonth(db, m.organizationId);
  const year = fiscalYear(startMonth, fy);
  const [totals, drafts, re, [org], [closed]] = await Promise.all([
    yearTotals(db, m.organizationId, year),
    draftsInYear(db, m.organizationId, year),
    retainedEarningsAccount(db, m.organizationId),
    queryRows<{ lock_date: string | null }>(db, sql`select lock_date::text as lock_date from organizations where id = ${m.organizationId}`),
    listCloses(db, m.organizationId, startMonth, sql`and c.fiscal_year_end = ${year.end}::date and c.reopened_at is null`),
  ]);
  const plan = closingPlan(totals, re?.id ?? 0);
  const lockDate = org?.lock_date ?? null;
  return {
    ...year,
    accounts: plan.accounts,
    net_income: plan.net_income,
    retained_earnings: re
      ? { id: re.id, account_code: re.account_code, account_name: re.account_name }
      : { id: null, account_code: "3100", account_name: RETAINED_EARNINGS_NAME },
    drafts,
    lock_date: lockDate,
    closed: closed ?? null,
    problem: closeProblem({
      year,
      closed: !!closed,
      drafts,
      lockDate,
      moved: plan.lines.length,
      inactive: totals.filter((t) => !t.is_active && t.debit_total !== t.credit_total),
    }),
  };
}

/** Why a year cannot be closed: closed already, not ended, drafts in it, locked past its end, nothing to close. */
export function closeProblem(s: {
  year: FiscalYear;
  closed: boolean;
  drafts: number;
  lockDate: string | null;
  moved: number;
  inactive: { account_code: string; account_name: string }[];
}): string | null {
  const { year } = s;
  if (s.closed) return `${year.label} is closed already`;
  if (year.end >= todayIso()) return `${year.label} has not ended yet: it can be closed from the day after ${year.end}`;
  if (s.drafts > 0)
    return `${s.drafts} draft ${s.drafts === 1 ? "entry is" : "entries are"} dated in ${year.label}: post or delete ${s.drafts === 1 ? "it" : "them"} before closing the year`;
  if (s.lockDate && s.lockDate >= year.end)
    return `The books are locked up to ${s.lockDate}: move the lock date before ${year.end} to close ${year.label}`;
  const gone = s.inactive[0];
  if (gone)
    return `Account ${gone.account_code} ${gone.account_name} is deleted but has a balance in ${year.label}: reactivate it to close the year`;
  if (s.moved === 0) return `Nothing to close: no revenue or expense is posted in ${year.label}`;
  return null;
}

/** Per account, the lines of the closing entries and their reversals dated in a range (what a period's P&L leaves out). */
export async function closingEntryTotals(db: Db, organizationId: number, start: string, end: string) {
  const rows = await queryRows<{ account_id: number; debit: string; credit: string }>(
    db,
    sql`select l.account_id, sum(l.debit_amount)::text as debit, sum(l.credit_amount)::text as credit
          from fiscal_year_closes c
          join journal_entry_lines l on l.organization_id = c.organization_id
                                    and l.journal_entry_id in (c.journal_entry_id, c.reversal_entry_id)
         where c.organization_id = ${organizationId} and c.fiscal_year_end between ${start}::date and ${end}::date
         group by l.account_id`,
  );
  return new Map(rows.map((r) => [Number(r.account_id), { debit: r.debit, credit: r.credit }]));
}
