import { sql, type SQL } from "drizzle-orm";

/*
 * The cash basis of a tax return (decision 112, with the open items of decision 116): tax due when paid.
 *
 * An entry with an open item (a posted line naming a contact on the organization's receivables or payables account: an
 * approved invoice, credit note, bill or supplier credit) has its tax-coded lines counted when that item is settled: each
 * live allocation (not undone) dated in the period adds its share of each of the entry's tax-coded lines, the share
 * being the allocation's amount over the item's amount (over the sum of the entry's items, should it have several).
 * Every other tax-coded line (a cash sale booked from the bank, a journal entry) counts on its entry's date, as on the
 * invoice basis, and is a correction when it reverses an entry of a filed period.
 *
 * Rounding, cumulative: the allocations of an entry's items are taken in order (date, then id); after each one the
 * line's share of everything settled so far is rounded to the cent (half away from zero), and the allocation's piece
 * is that rounded share less the one before it. The pieces of a line therefore add up to the rounded share of what is
 * settled, never more than the whole line, and to the whole line exactly once the item is settled in full: the last
 * allocation takes the remainder. What a line still has unpaid on a day is the line less its rounded share of what is
 * settled on that day, so that the tax of the pieces of a period plus the change in the unpaid tax over it is the tax
 * posted in it, to the cent. A void settles the document with its reversal on one day: both count that day and net
 * to nothing.
 */

/** The organization's control accounts as the rows `ctl(r, p)`; none when it has never used receivables. */
const controls = (orgId: number) =>
  sql`select s.receivable_account_id as r, s.payable_account_id as p from sales_settings s where s.organization_id = ${orgId}`;

/**
 * `x` × `upto` ÷ `whole` rounded half away from zero to the cent, exactly (integer arithmetic on cents): `x` an amount,
 * `upto` and `whole` positive amounts, `upto` at most `whole`. Nothing and all of it are said at once (most items are
 * settled in one go).
 */
const share = (x: SQL, upto: SQL, whole: SQL) =>
  sql`(case when ${upto} = 0 then 0 when ${upto} = ${whole} then ${x}
            else (sign(${x}) * div(2 * abs(${x}) * ${upto} * 10000 + ${whole} * 100, 2 * ${whole} * 100) / 100)::numeric(16, 2) end)`;

/**
 * Every piece of the period's return on the cash basis, one row per tax-coded line and allocation (allocation_id 0 for a
 * line counted on its own date): the line, its entry, the day it counts on, its code, part and account, its base and
 * amount (debit positive) as counted, and whether it is a correction of a filed period (`corrects`: that test on the
 * entry `e`, as the invoice basis makes it).
 */
export const cashPieces = (orgId: number, from: string, to: string, corrects: SQL) =>
  sql`with ctl as (${controls(orgId)}),
     items as (
       select i.id, i.journal_entry_id as entry_id, abs(i.debit_amount - i.credit_amount) as amount
         from journal_entry_lines i join ctl on i.account_id = ctl.r or i.account_id = ctl.p
        where i.organization_id = ${orgId} and i.contact_id is not null
          and i.journal_entry_id in (select t.journal_entry_id from journal_entry_lines t
                                      where t.organization_id = ${orgId} and t.tax_code_id is not null)
     ),
     settling as (
       select it.entry_id, a.id, a.allocated_on, a.amount from items it join allocations a on a.debit_line_id = it.id
        where a.organization_id = ${orgId} and a.undone_at is null and a.allocated_on <= ${to}::date
       union all
       select it.entry_id, a.id, a.allocated_on, a.amount from items it join allocations a on a.credit_line_id = it.id
        where a.organization_id = ${orgId} and a.undone_at is null and a.allocated_on <= ${to}::date
     ),
     running as (
       select s.entry_id, s.id as allocation_id, s.allocated_on, s.amount,
              sum(s.amount) over (partition by s.entry_id order by s.allocated_on, s.id) as upto
         from settling s
     ),
     wholes as (select entry_id, sum(amount) as whole from items group by entry_id),
     shares as materialized (
       select r.entry_id, r.allocation_id, r.allocated_on, r.upto, r.upto - r.amount as before, w.whole
         from running r join wholes w on w.entry_id = r.entry_id
        where r.allocated_on >= ${from}::date
     )
     select l.id as line_id, l.journal_entry_id as entry_id, h.allocated_on as on_day, h.allocation_id,
            l.tax_code_id, l.tax_part_no, l.account_id,
            ${share(sql`coalesce(l.tax_base, 0)`, sql`h.upto`, sql`h.whole`)} - ${share(sql`coalesce(l.tax_base, 0)`, sql`h.before`, sql`h.whole`)} as base,
            ${share(sql`(l.debit_amount - l.credit_amount)`, sql`h.upto`, sql`h.whole`)}
              - ${share(sql`(l.debit_amount - l.credit_amount)`, sql`h.before`, sql`h.whole`)} as amount,
            false as correction
       from shares h
       join journal_entries e on e.id = h.entry_id and e.status = 'posted'
       join journal_entry_lines l on l.journal_entry_id = h.entry_id and l.tax_code_id is not null
     union all
     select l.id, e.id, e.entry_date, 0::bigint, l.tax_code_id, l.tax_part_no, l.account_id, coalesce(l.tax_base, 0),
            l.debit_amount - l.credit_amount, ${corrects}
       from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
      where l.organization_id = ${orgId} and l.tax_code_id is not null
        and e.organization_id = ${orgId} and e.status = 'posted' and e.entry_date between ${from}::date and ${to}::date
        and not exists (select 1 from journal_entry_lines i join ctl on i.account_id = ctl.r or i.account_id = ctl.p
                         where i.journal_entry_id = e.id and i.contact_id is not null)`;

/** The cash basis' aggregate, in the shape of the invoice basis' one (`taxReturnAggregate`). */
export const cashTaxReturnAggregate = (orgId: number, from: string, to: string, corrects: SQL) =>
  sql`select p.tax_code_id, p.tax_part_no, case when p.tax_part_no is null then null else p.account_id end as account_id,
             p.correction, sum(p.base)::text as base, sum(p.amount)::text as amount, count(*)::integer as n
        from (${cashPieces(orgId, from, to, corrects)}) p
       group by 1, 2, 3, 4`;

/**
 * The tax of invoices and bills not yet paid, per tax account (debit positive): on the day before `from` (`unpaid_start`)
 * and on `to` (`unpaid_end`). The tax lines of entries with an open item, less their rounded share of what is settled.
 */
export const unpaidTaxByAccount = (orgId: number, from: string, to: string) =>
  sql`with ctl as (${controls(orgId)}),
     items as (
       select i.id, i.journal_entry_id as entry_id, e.entry_date < ${from}::date as before_period,
              abs(i.debit_amount - i.credit_amount) as amount
         from journal_entry_lines i
         join ctl on i.account_id = ctl.r or i.account_id = ctl.p
         join journal_entries e on e.id = i.journal_entry_id and e.status = 'posted' and e.entry_date <= ${to}::date
        where i.organization_id = ${orgId} and i.contact_id is not null
          and exists (select 1 from journal_entry_lines t where t.journal_entry_id = i.journal_entry_id and t.tax_part_no is not null)
     ),
     paid as (
       select x.line_id, coalesce(sum(x.amount) filter (where x.allocated_on < ${from}::date), 0) as upto_start, sum(x.amount) as upto_end
         from (select a.debit_line_id as line_id, a.amount, a.allocated_on from allocations a
                where a.organization_id = ${orgId} and a.undone_at is null and a.allocated_on <= ${to}::date
               union all
               select a.credit_line_id, a.amount, a.allocated_on from allocations a
                where a.organization_id = ${orgId} and a.undone_at is null and a.allocated_on <= ${to}::date) x
        group by x.line_id
     ),
     entries as (
       select it.entry_id, bool_or(it.before_period) as before_period, sum(it.amount) as whole,
              coalesce(sum(p.upto_start), 0) as upto_start, coalesce(sum(p.upto_end), 0) as upto_end
         from items it left join paid p on p.line_id = it.id
        group by it.entry_id
     )
     select l.account_id,
            sum(case when en.before_period
                     then (l.debit_amount - l.credit_amount) - ${share(sql`(l.debit_amount - l.credit_amount)`, sql`en.upto_start`, sql`en.whole`)}
                     else 0 end)::text as unpaid_start,
            sum((l.debit_amount - l.credit_amount) - ${share(sql`(l.debit_amount - l.credit_amount)`, sql`en.upto_end`, sql`en.whole`)})::text as unpaid_end
       from entries en join journal_entry_lines l on l.journal_entry_id = en.entry_id and l.tax_part_no is not null
      where en.upto_end < en.whole or (en.before_period and en.upto_start < en.whole)
      group by l.account_id`;
