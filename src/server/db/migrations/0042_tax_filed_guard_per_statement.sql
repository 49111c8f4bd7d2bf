-- The filed-return guard of migration 0040, for new lines: once per statement over the lines it wrote (a bank rule's
-- batch writes thousands at a time), instead of a lookup per line. Changed and removed lines keep the row guard.
create function tax_guard_filed_new_lines() returns trigger language plpgsql as $$
declare
  filed text;
begin
  select tax_filed_return(n.organization_id, e.entry_date) into filed
    from new_lines n join journal_entries e on e.id = n.journal_entry_id
   where n.tax_code_id is not null
     and exists (select 1 from tax_returns r
                  where r.organization_id = n.organization_id and e.entry_date between r.period_start and r.period_end)
   limit 1;
  if filed is not null then
    raise exception 'tax return filed: %', filed using errcode = 'TXFIL';
  end if;
  return null;
end $$;

drop trigger journal_entry_lines_tax_filed_guard on journal_entry_lines;

create trigger journal_entry_lines_tax_filed_guard
  before update or delete on journal_entry_lines
  for each row execute function tax_guard_filed_line();

create trigger journal_entry_lines_tax_filed_new_guard
  after insert on journal_entry_lines
  referencing new table as new_lines
  for each statement execute function tax_guard_filed_new_lines();
