-- The general ledger and the year-end close (decision 097).

-- An account's balance at a date (the general ledger's opening balance, a page's balance brought forward) from its
-- own day totals: the primary key leads with the day, so without this every account's days before the date are read.
create index account_day_totals_account_idx on account_day_totals (organization_id, account_id, day)
  include (debit_total, credit_total);

-- The lines of one account in a date range: each line's entry is found through the entry order index
-- (organization, date, number) and the line through (journal_entry_id, line_no); for an account with few lines the
-- account's covering index of lines is used instead. Both exist (0006, 0025): nothing to add for the lines.

-- A closed fiscal year: its closing entry (revenue and expense balances of the year moved to Retained Earnings, dated
-- the year's last day) and, once reopened, the reversal of that entry. One closing per organization and year while it
-- stands; a reopened close stays as history.
create table fiscal_year_closes (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  fiscal_year_start date not null,
  fiscal_year_end date not null check (fiscal_year_end > fiscal_year_start),
  journal_entry_id integer not null,
  -- The lock date before the close: reopening moves the lock back to it.
  previous_lock_date date,
  reason text not null check (length(btrim(reason)) between 1 and 500),
  closed_by text references users (id) on delete set null,
  closed_at timestamptz not null default now(),
  reversal_entry_id integer,
  reopen_reason text check (reopen_reason is null or length(btrim(reopen_reason)) between 1 and 500),
  reopened_by text references users (id) on delete set null,
  reopened_at timestamptz,
  check ((reopened_at is null) = (reversal_entry_id is null) and (reopened_at is null) = (reopen_reason is null)),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade,
  foreign key (organization_id, reversal_entry_id) references journal_entries (organization_id, id) on delete cascade
);

create unique index fiscal_year_closes_year_idx on fiscal_year_closes (organization_id, fiscal_year_end) where reopened_at is null;
create unique index fiscal_year_closes_entry_idx on fiscal_year_closes (journal_entry_id);
