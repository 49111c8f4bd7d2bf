-- Accounting (SPEC §2 Accounting module, §3, §4, §9): books per organization, kept honest by the database.

create table organizations (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  created_at timestamptz not null default now()
);

-- One organization per user; the unique user_id makes the lazy creation on first use race-safe.
create table organization_memberships (
  organization_id integer not null references organizations (id) on delete cascade,
  user_id text not null unique references users (id) on delete cascade,
  role text not null check (role in ('owner', 'accountant', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);

-- Entry numbers: one counter row per organization, incremented inside the transaction that saves the entry.
create table journal_entry_counters (
  organization_id integer primary key references organizations (id) on delete cascade,
  last_number integer not null default 0 check (last_number >= 0)
);

create table chart_of_accounts (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  account_code text not null check (length(account_code) between 1 and 20),
  account_name text not null check (length(account_name) between 1 and 200),
  account_type text not null check (account_type in ('Asset', 'Liability', 'Equity', 'Revenue', 'Expense')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  created_by text references users (id) on delete set null,
  -- Codes are unique among all of an organization's accounts, soft-deleted ones included.
  unique (organization_id, account_code),
  -- Target of the lines' composite key: a line's account always belongs to the line's organization.
  unique (organization_id, id)
);
create index chart_of_accounts_active_idx on chart_of_accounts (organization_id, account_code) where is_active;

create table journal_entries (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  entry_seq integer not null check (entry_seq > 0),
  entry_number text not null generated always as (
    'JE-' || case when entry_seq < 1000000 then lpad(entry_seq::text, 6, '0') else entry_seq::text end
  ) stored,
  description text not null check (length(btrim(description)) between 1 and 500),
  entry_date date not null,
  reference text check (reference is null or length(reference) <= 100),
  total_amount numeric(14, 2) not null check (total_amount > 0),
  status text not null default 'draft' check (status in ('draft', 'posted')),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  posted_at timestamptz,
  posted_by text references users (id) on delete set null,
  reversal_of integer references journal_entries (id),
  reversed_by integer references journal_entries (id),
  check ((status = 'posted') = (posted_at is not null)),
  unique (organization_id, entry_seq),
  unique (organization_id, id)
);
create index journal_entries_date_idx on journal_entries (organization_id, entry_date);

create table journal_entry_lines (
  id bigint generated always as identity primary key,
  organization_id integer not null,
  journal_entry_id integer not null,
  line_no smallint not null check (line_no > 0),
  account_id integer not null,
  description text check (description is null or length(description) <= 500),
  debit_amount numeric(14, 2) not null default 0 check (debit_amount >= 0),
  credit_amount numeric(14, 2) not null default 0 check (credit_amount >= 0),
  created_at timestamptz not null default now(),
  -- Exactly one positive side per line.
  check ((debit_amount > 0 and credit_amount = 0) or (credit_amount > 0 and debit_amount = 0)),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade,
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id),
  unique (journal_entry_id, line_no)
);
create index journal_entry_lines_account_idx on journal_entry_lines (organization_id, account_id);

-- Posted amounts per account and day, written by the database when an entry is posted.
-- Every report aggregates this table (one row per account and day instead of one per line).
create table account_day_totals (
  organization_id integer not null,
  day date not null,
  account_id integer not null,
  debit_total numeric(20, 2) not null,
  credit_total numeric(20, 2) not null,
  primary key (organization_id, day, account_id),
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id)
);

create table journal_entry_audit (
  id bigint generated always as identity primary key,
  organization_id integer not null,
  journal_entry_id integer not null,
  action text not null check (action in ('created', 'edited', 'posted', 'reversed')),
  user_id text references users (id) on delete set null,
  at timestamptz not null default now(),
  detail text,
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade
);
create index journal_entry_audit_entry_idx on journal_entry_audit (journal_entry_id, id);

-- Entries: created as drafts; drafts change freely; draft -> posted only when balanced; a posted entry
-- never changes again except for the one-time link to the entry that reverses it; posted entries are never deleted.
create function accounting_guard_entry() returns trigger language plpgsql as $$
declare
  d numeric;
  c numeric;
  n integer;
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
  if new.status = 'posted' then
    select coalesce(sum(debit_amount), 0), coalesce(sum(credit_amount), 0), count(*)
      into d, c, n from journal_entry_lines where journal_entry_id = new.id;
    if n < 2 or d <> c or d <= 0 then
      raise exception 'journal entry % is not balanced (debits %, credits %, lines %)', old.entry_number, d, c, n
        using errcode = 'check_violation';
    end if;
    if new.total_amount <> d then
      raise exception 'journal entry % total % does not match its debits %', old.entry_number, new.total_amount, d
        using errcode = 'check_violation';
    end if;
    if new.posted_by is null then
      raise exception 'posting needs posted_by' using errcode = 'check_violation';
    end if;
  end if;
  return new;
end $$;

create trigger journal_entries_guard
  before insert or update or delete on journal_entries
  for each row execute function accounting_guard_entry();

create function accounting_post_totals() returns trigger language plpgsql as $$
begin
  insert into account_day_totals as t (organization_id, day, account_id, debit_total, credit_total)
  select new.organization_id, new.entry_date, l.account_id, sum(l.debit_amount), sum(l.credit_amount)
    from journal_entry_lines l
   where l.journal_entry_id = new.id
   group by l.account_id
   order by l.account_id
  on conflict (organization_id, day, account_id) do update
    set debit_total = t.debit_total + excluded.debit_total,
        credit_total = t.credit_total + excluded.credit_total;
  return null;
end $$;

create trigger journal_entries_post_totals
  after update of status on journal_entries
  for each row when (old.status = 'draft' and new.status = 'posted')
  execute function accounting_post_totals();

-- Lines of a posted entry can be neither added, changed nor removed.
create function accounting_guard_line() returns trigger language plpgsql as $$
declare
  s text;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select status into s from journal_entries where id = old.journal_entry_id for share;
    if s = 'posted' then
      raise exception 'lines of a posted journal entry cannot be changed' using errcode = 'restrict_violation';
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select status into s from journal_entries where id = new.journal_entry_id for share;
    if s = 'posted' then
      raise exception 'lines of a posted journal entry cannot be changed' using errcode = 'restrict_violation';
    end if;
    return new;
  end if;
  return old;
end $$;

create trigger journal_entry_lines_guard
  before insert or update or delete on journal_entry_lines
  for each row execute function accounting_guard_line();

-- The day totals only ever grow with postings.
create function accounting_guard_totals() returns trigger language plpgsql as $$
begin
  raise exception 'posted totals cannot be deleted' using errcode = 'restrict_violation';
end $$;

create trigger account_day_totals_guard
  before delete on account_day_totals
  for each row execute function accounting_guard_totals();
