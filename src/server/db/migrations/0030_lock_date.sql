-- The lock date of an organization's books: nothing dated on or before it is created, edited, posted, deleted or
-- reversed into. The database refuses it itself (SQLSTATE 'BKLCK', a message starting "books locked up to
-- <date>"), so a direct SQL write is refused too; the API turns it into a 400 naming the date.
alter table organizations add column lock_date date;

-- Every change of the lock: a date set, or null for an unlock; always with its reason.
create table books_locks (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  lock_date date,
  reason text not null check (length(btrim(reason)) between 1 and 500),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now()
);

create index books_locks_organization_idx on books_locks (organization_id, id desc);

-- The organization's lock date, read with a share lock: a lock being set waits for the entries being written, and an
-- entry being written after a lock was set sees it.
create function books_lock_date(org integer) returns date language sql as $$
  select lock_date from organizations where id = org for share
$$;

create function books_refuse_locked(lock date) returns void language plpgsql as $$
begin
  raise exception 'books locked up to %', to_char(lock, 'YYYY-MM-DD')
    using errcode = 'BKLCK', hint = 'choose a date after the lock date';
end $$;

-- Entries: no insert, update or delete of an entry dated (before or after the change) on or before the lock date.
-- Reversing an entry of the locked period into an open date only sets the original's reversed_by: allowed.
create function books_guard_locked_entry() returns trigger language plpgsql as $$
declare
  lock date;
begin
  if tg_op = 'DELETE' then
    lock := books_lock_date(old.organization_id);
    if lock is not null and old.entry_date <= lock then
      perform books_refuse_locked(lock);
    end if;
    return old;
  end if;
  lock := books_lock_date(new.organization_id);
  if lock is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.reversed_by is null and new.reversed_by is not null
     and (to_jsonb(new) - 'reversed_by' - 'entry_number') = (to_jsonb(old) - 'reversed_by' - 'entry_number') then
    return new;
  end if;
  if new.entry_date <= lock or (tg_op = 'UPDATE' and old.entry_date <= lock) then
    perform books_refuse_locked(lock);
  end if;
  return new;
end $$;

create trigger journal_entries_lock_guard
  before insert or update or delete on journal_entries
  for each row execute function books_guard_locked_entry();

-- Lines of an entry dated in the locked period can be neither added, changed nor removed (an entry being deleted
-- whole is checked by its own trigger: its lines go with it).
create function books_guard_locked_line() returns trigger language plpgsql as $$
declare
  lock date;
  d date;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select e.entry_date into d from journal_entries e where e.id = old.journal_entry_id;
    if d is not null then
      lock := books_lock_date(old.organization_id);
      if lock is not null and d <= lock then
        perform books_refuse_locked(lock);
      end if;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select e.entry_date into d from journal_entries e where e.id = new.journal_entry_id;
    lock := books_lock_date(new.organization_id);
    if lock is not null and d <= lock then
      perform books_refuse_locked(lock);
    end if;
    return new;
  end if;
  return old;
end $$;

create trigger journal_entry_lines_lock_guard
  before insert or update or delete on journal_entry_lines
  for each row execute function books_guard_locked_line();
