-- The day totals of posted entries (migration 0006), added once per statement for all the entries it posted (a bank
-- rule's batch posts a thousand at a time), instead of one aggregate per entry. Same sums, same order of the rows
-- locked (organization, day, account), in the posting's own transaction.
create function accounting_post_totals_batch() returns trigger language plpgsql as $$
begin
  insert into account_day_totals as t (organization_id, day, account_id, debit_total, credit_total)
  select n.organization_id, n.entry_date, l.account_id, sum(l.debit_amount), sum(l.credit_amount)
    from new_entries n
    join old_entries o on o.id = n.id
    join journal_entry_lines l on l.journal_entry_id = n.id
   where o.status = 'draft' and n.status = 'posted'
   group by n.organization_id, n.entry_date, l.account_id
   order by n.organization_id, n.entry_date, l.account_id
  on conflict (organization_id, day, account_id) do update
    set debit_total = t.debit_total + excluded.debit_total,
        credit_total = t.credit_total + excluded.credit_total;
  return null;
end $$;

drop trigger journal_entries_post_totals on journal_entries;
drop function accounting_post_totals();

-- A trigger with transition tables cannot name columns: it runs after every update of entries, and adds only those
-- that went from draft to posted.
create trigger journal_entries_post_totals
  after update on journal_entries
  referencing old table as old_entries new table as new_entries
  for each statement execute function accounting_post_totals_batch();
