-- The guards of new journal lines (migrations 0006 and 0030), once per statement over the lines it wrote instead of
-- once per line: a bank rule's batch or an import writes thousands of lines in one statement. The same refusals, the
-- same locks: the entries the lines go to are read `for share` (a posting waits for the lines, a line written after a
-- posting sees it) and none may be posted; the organization's lock date is read `for share` and no entry of the lines
-- may be dated on or before it. Changed and removed lines keep the row guards.
create function journal_guard_new_lines() returns trigger language plpgsql as $$
declare
  r record;
begin
  perform 1 from journal_entries e
   where e.id in (select distinct n.journal_entry_id from new_lines n)
   order by e.id
     for share;
  if exists (select 1 from journal_entries e
              where e.id in (select distinct n.journal_entry_id from new_lines n) and e.status = 'posted') then
    raise exception 'lines of a posted journal entry cannot be changed' using errcode = 'restrict_violation';
  end if;
  for r in
    select o.organization_id, books_lock_date(o.organization_id) as lock
      from (select distinct n.organization_id from new_lines n order by 1) o
  loop
    if r.lock is not null and exists (
         select 1 from journal_entries e
          where e.id in (select distinct n.journal_entry_id from new_lines n where n.organization_id = r.organization_id)
            and e.entry_date <= r.lock) then
      perform books_refuse_locked(r.lock);
    end if;
  end loop;
  return null;
end $$;

drop trigger journal_entry_lines_guard on journal_entry_lines;
create trigger journal_entry_lines_guard
  before update or delete on journal_entry_lines
  for each row execute function accounting_guard_line();

drop trigger journal_entry_lines_lock_guard on journal_entry_lines;
create trigger journal_entry_lines_lock_guard
  before update or delete on journal_entry_lines
  for each row execute function books_guard_locked_line();

create trigger journal_entry_lines_new_guard
  after insert on journal_entry_lines
  referencing new table as new_lines
  for each statement execute function journal_guard_new_lines();
