-- Recurring entries: a template (description, reference, lines) with a schedule. The scheduled job makes one journal
-- entry per run date, as a draft or posted; `recurring_entry_runs` holds one row per run date, so a run date is
-- made once whatever the number of processes (the row is written in the transaction that makes the entry).
create table recurring_entries (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  description text not null check (length(btrim(description)) between 1 and 500),
  reference text check (reference is null or length(reference) <= 100),
  frequency text not null check (frequency in ('monthly', 'quarterly', 'yearly')),
  -- 29 to 31 fall on a shorter month's last day.
  day_of_month smallint not null check (day_of_month between 1 and 31),
  start_date date not null,
  end_date date check (end_date is null or end_date >= start_date),
  post boolean not null default false,
  status text not null default 'active' check (status in ('active', 'paused', 'ended')),
  -- The next run's date; null once no run is left (ended, or past the end date).
  next_run_on date,
  -- Why the job paused the schedule (an account made inactive, the person who set it up left the books).
  last_error text check (last_error is null or length(last_error) <= 500),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status <> 'ended' or next_run_on is null),
  unique (organization_id, id)
);
-- The job's question: which active schedules are due.
create index recurring_entries_due_idx on recurring_entries (next_run_on) where status = 'active';
create index recurring_entries_org_idx on recurring_entries (organization_id, id);

create table recurring_entry_lines (
  recurring_entry_id integer not null references recurring_entries (id) on delete cascade,
  organization_id integer not null,
  line_no smallint not null check (line_no > 0),
  account_id integer not null,
  description text check (description is null or length(description) <= 500),
  debit_amount numeric(14, 2) not null default 0 check (debit_amount >= 0),
  credit_amount numeric(14, 2) not null default 0 check (credit_amount >= 0),
  check ((debit_amount > 0 and credit_amount = 0) or (credit_amount > 0 and debit_amount = 0)),
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id),
  primary key (recurring_entry_id, line_no)
);

create table recurring_entry_runs (
  recurring_entry_id integer not null references recurring_entries (id) on delete cascade,
  run_on date not null,
  organization_id integer not null,
  -- The entry made; null once that draft was deleted.
  journal_entry_id integer,
  created_at timestamptz not null default now(),
  primary key (recurring_entry_id, run_on),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete set null (journal_entry_id)
);
