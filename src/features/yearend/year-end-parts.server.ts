import { sql } from "drizzle-orm";
import { toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { closingEntryTotals } from "~/features/ledger/index.server.ts";
import type { AccountBalance, AdjustingLine, ContractorPaid, FiledReturn, PackageYear } from "./year-end-parts.ts";

/*
 * The year-end package's reads (decision 124), each over posted entries of one organization and one closed fiscal year.
 * Adjusting entries are the entries dated in the year and posted after its last day (UTC), the closing entries and
 * their reversals left out; both trial balances leave the closing entries out.
 *
 * The lines of the organization's entries are joined by their entry alone (`l.journal_entry_id = e.id`, the entry's own
 * index; a line's organization is its entry's by the foreign key): with the organization's id on the lines too, the
 * planner, before the statistics of a freshly loaded journal are gathered, intersected each entry's lines with all of
 * the organization's (50,000 lines: 43 s instead of 50 ms, measured on PostgreSQL 15).
 */

const cents = (d: string | null | undefined) => toCents(d ?? "0") ?? 0n;

/** The entries that are no adjustment: the year-end closes' entries and their reversals, of any year. */
const notClosing = (organizationId: number) =>
  sql`not exists (select 1 from fiscal_year_closes c
                   where c.organization_id = ${organizationId} and (c.journal_entry_id = e.id or c.reversal_entry_id = e.id))`;

/** Posted after the year's last day: from midnight UTC of the day after it. */
const postedAfter = (end: string) => sql`e.posted_at >= ((${end}::date + 1)::timestamp at time zone 'UTC')`;

/** The most adjusting lines listed one by one (all of them count in the trial balances). */
export const MAX_ADJUSTING_LINES = 5_000;

/**
 * Every account with a balance or a movement up to the year's end: its balance before the year (debit positive), the
 * year's debits and credits with the closing entries left out (after adjustments), and the adjusting entries' debits
 * and credits (taken off for the trial balance before adjustments). From the day totals kept at posting.
 */
export async function yearBalances(db: Db, organizationId: number, year: PackageYear): Promise<AccountBalance[]> {
  const [rows, closing, adjusting] = await Promise.all([
    queryRows<{ id: number; code: string; name: string; type: string; detail: string; opening: string; debit: string; credit: string }>(
      db,
      sql`select a.id, a.account_code as code, a.account_name as name, a.account_type as type, a.detail_type as detail,
                 coalesce(sum(t.debit_total - t.credit_total) filter (where t.day < ${year.start}::date), 0)::text as opening,
                 coalesce(sum(t.debit_total) filter (where t.day >= ${year.start}::date), 0)::text as debit,
                 coalesce(sum(t.credit_total) filter (where t.day >= ${year.start}::date), 0)::text as credit
            from chart_of_accounts a
            join account_day_totals t on t.organization_id = a.organization_id and t.account_id = a.id and t.day <= ${year.end}::date
           where a.organization_id = ${organizationId}
           group by a.id
           order by a.account_code, a.id`,
    ),
    closingEntryTotals(db, organizationId, year.start, year.end),
    queryRows<{ account_id: number; debit: string; credit: string }>(
      db,
      sql`select l.account_id, sum(l.debit_amount)::text as debit, sum(l.credit_amount)::text as credit
            from journal_entries e
            join journal_entry_lines l on l.journal_entry_id = e.id
           where e.organization_id = ${organizationId} and e.status = 'posted'
             and e.entry_date between ${year.start}::date and ${year.end}::date
             and ${postedAfter(year.end)} and ${notClosing(organizationId)}
           group by l.account_id`,
    ),
  ]);
  const adjusted = new Map(adjusting.map((r) => [Number(r.account_id), r]));
  return rows
    .map((r) => {
      const id = Number(r.id);
      const close = closing.get(id);
      const adj = adjusted.get(id);
      return {
        account_id: id,
        code: r.code,
        name: r.name,
        type: r.type,
        detail: r.detail,
        opening: cents(r.opening),
        debit: cents(r.debit) - cents(close?.debit),
        credit: cents(r.credit) - cents(close?.credit),
        adjusting_debit: cents(adj?.debit),
        adjusting_credit: cents(adj?.credit),
      };
    })
    .filter((a) => a.opening !== 0n || a.debit !== 0n || a.credit !== 0n);
}

/** The adjusting entries' lines, in date and entry order (at most MAX_ADJUSTING_LINES + 1, to tell that more exist). */
export async function adjustingLines(db: Db, organizationId: number, year: PackageYear): Promise<AdjustingLine[]> {
  const rows = await queryRows<Omit<AdjustingLine, "debit" | "credit"> & { debit: string; credit: string }>(
    db,
    sql`select e.entry_number, e.entry_date::text as entry_date, to_char(e.posted_at at time zone 'UTC', 'YYYY-MM-DD') as posted_on,
               coalesce(nullif(btrim(l.description), ''), e.description) as description, a.account_code as code, a.account_name as name,
               l.debit_amount::text as debit, l.credit_amount::text as credit
          from journal_entries e
          join journal_entry_lines l on l.journal_entry_id = e.id
          join chart_of_accounts a on a.id = l.account_id
         where e.organization_id = ${organizationId} and e.status = 'posted'
           and e.entry_date between ${year.start}::date and ${year.end}::date
           and ${postedAfter(year.end)} and ${notClosing(organizationId)}
         order by e.entry_date, e.entry_seq, l.line_no
         limit ${MAX_ADJUSTING_LINES + 1}`,
  );
  return rows.map((r) => ({ ...r, debit: cents(r.debit), credit: cents(r.credit) }));
}

/**
 * What each contact flagged as a 1099 contractor was paid in a calendar year: over the posted entries dated in it that
 * name the contact (or one merged into it) on the payable control account and no other contact there (supplier
 * payments and refunds, and statement lines matched to its bills), the net credit to the organization's bank accounts
 * (kind "bank": card payments are reported by the card's processor, not on a 1099).
 */
export async function contractorPayments(db: Db, organizationId: number, calendarYear: number): Promise<ContractorPaid[]> {
  const from = `${calendarYear}-01-01`;
  const to = `${calendarYear}-12-31`;
  const rows = await queryRows<{ id: number; name: string; tax_id: string | null; paid: string; payments: number }>(
    db,
    sql`with payable as (select payable_account_id as id from sales_settings where organization_id = ${organizationId}),
             paying as (
               select e.id as entry_id, min(coalesce(c.merged_into, c.id)) as contact_id
                 from journal_entries e
                 join journal_entry_lines l on l.journal_entry_id = e.id
                 join contacts c on c.id = l.contact_id
                where e.organization_id = ${organizationId} and e.status = 'posted'
                  and e.entry_date between ${from}::date and ${to}::date
                  and l.account_id = (select id from payable)
                group by e.id
               having count(distinct coalesce(c.merged_into, c.id)) = 1),
             banks as (select account_id from bank_accounts where organization_id = ${organizationId} and kind = 'bank')
        select k.id, k.name, k.tax_id,
               coalesce(sum(b.credit_amount - b.debit_amount), 0)::text as paid,
               count(distinct b.journal_entry_id)::int as payments
          from contacts k
          left join paying p on p.contact_id = k.id
          left join journal_entry_lines b on b.journal_entry_id = p.entry_id
                                         and b.account_id in (select account_id from banks)
         where k.organization_id = ${organizationId} and k.merged_into is null and k.is_1099_contractor
         group by k.id
         order by lower(k.name), k.id`,
  );
  return rows.map((r) => ({ contact_id: Number(r.id), name: r.name, tax_id: r.tax_id, paid: cents(r.paid), payments: Number(r.payments) }));
}

/** The tax returns for the year: those whose period ends in it, filed before the package is prepared. */
export async function returnsOfYear(db: Db, organizationId: number, year: PackageYear): Promise<FiledReturn[]> {
  const rows = await queryRows<Omit<FiledReturn, "net"> & { net: string }>(
    db,
    sql`select r.name, r.period_start::text as period_start, r.period_end::text as period_end, r.net_amount::text as net,
               to_char(r.filed_at at time zone 'UTC', 'YYYY-MM-DD') as filed_on,
               coalesce(nullif(btrim(u.name), ''), u.email) as filed_by, e.entry_number as settlement
          from tax_returns r
          left join users u on u.id = r.filed_by
          left join journal_entries e on e.id = r.settlement_entry_id
         where r.organization_id = ${organizationId} and r.period_end between ${year.start}::date and ${year.end}::date
         order by r.period_end, r.id`,
  );
  return rows.map((r) => ({ ...r, net: cents(r.net) }));
}
