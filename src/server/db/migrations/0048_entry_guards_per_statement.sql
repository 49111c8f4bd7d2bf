-- The balance check of posting (migration 0006), once per statement over the entries it posted instead of once per
-- entry: a bank rule's batch or an import posts a thousand entries a statement. The same refusal, with the same
-- messages and code: an entry goes from draft to posted only with at least two lines, debits equal to credits and
-- above zero, and its total equal to its debits (the first such entry of the statement, by id, is named). The rest of
-- the entry's guard needs no other row and stays a row guard, as does the lock guard of 0030 (checked, as before,
-- before the row is written).
-- The guard of new lines (0044) reads their entries by their ids (the primary key): it joined the lines to every entry
-- of the journal, and grew with it.

create or replace function accounting_guard_entry() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'draft' or new.posted_at is not null or new.reversed_by is not null then
      raise exception 'a journal entry is created as a draft' using errcode = 'check_violation';
    end if;
    return new;
  end if;
  if tg_op = 'DELETE' then
    if old.status = 'posted' then
      raise exception 'posted journal entry % cannot be deleted', old.entry_number using errcode = 'restrict_violation';
    end if;
    return old;
  end if;
  if old.status = 'posted' then
    if old.reversed_by is null and new.reversed_by is not null
       and (to_jsonb(new) - 'reversed_by' - 'entry_number') = (to_jsonb(old) - 'reversed_by' - 'entry_number') then
      return new;
    end if;
    raise exception 'posted journal entry % cannot be changed', old.entry_number using errcode = 'restrict_violation';
  end if;
  if new.reversed_by is not null then
    raise exception 'only a posted entry can be reversed' using errcode = 'check_violation';
  end if;
  if new.status = 'posted' and new.posted_by is null then
    raise exception 'posting needs posted_by' using errcode = 'check_violation';
  end if;
  return new;
end $$;

create function accounting_guard_posted_entries() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    select n.entry_number, n.total_amount, s.d, s.c, s.n
      from new_entries n
      join old_entries o on o.id = n.id
     cross join lateral (
           select coalesce(sum(l.debit_amount), 0) as d, coalesce(sum(l.credit_amount), 0) as c, count(*)::integer as n
             from journal_entry_lines l where l.journal_entry_id = n.id) s
     where o.status = 'draft' and n.status = 'posted'
       and (s.n < 2 or s.d <> s.c or s.d <= 0 or n.total_amount <> s.d)
     order by n.id
     limit 1
  loop
    if r.n < 2 or r.d <> r.c or r.d <= 0 then
      raise exception 'journal entry % is not balanced (debits %, credits %, lines %)', r.entry_number, r.d, r.c, r.n
        using errcode = 'check_violation';
    end if;
    raise exception 'journal entry % total % does not match its debits %', r.entry_number, r.total_amount, r.d
      using errcode = 'check_violation';
  end loop;
  return null;
end $$;

-- Named so that, as before, the balance is checked before the day totals are added.
create trigger journal_entries_guard_posted
  after update on journal_entries
  referencing old table as old_entries new table as new_entries
  for each statement execute function accounting_guard_posted_entries();

create or replace function journal_guard_new_lines() returns trigger language plpgsql as $$
declare
  r record;
  ids integer[];
begin
  ids := array(select distinct n.journal_entry_id from new_lines n order by 1);
  perform 1 from journal_entries e where e.id = any(ids) order by e.id for share;
  if exists (select 1 from journal_entries e where e.id = any(ids) and e.status = 'posted') then
    raise exception 'lines of a posted journal entry cannot be changed' using errcode = 'restrict_violation';
  end if;
  for r in
    select o.organization_id, books_lock_date(o.organization_id) as lock
      from (select distinct n.organization_id from new_lines n order by 1) o
  loop
    if r.lock is not null and exists (
         select 1 from journal_entries e
          where e.id = any(ids) and e.organization_id = r.organization_id and e.entry_date <= r.lock) then
      perform books_refuse_locked(r.lock);
    end if;
  end loop;
  return null;
end $$;
