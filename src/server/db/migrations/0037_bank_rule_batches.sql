-- Bank rules (decision 104): a rule may carry a memo, the description of the entries it posts; the statement lines
-- its rules post in one go form a batch, kept with the entries it made so that the batch can be reversed as one while
-- none of its lines is reconciled.
alter table bank_rules add column memo text check (memo is null or length(btrim(memo)) between 1 and 500);

create table bank_rule_batches (
  id integer generated always as identity primary key,
  organization_id integer not null,
  bank_account_id integer not null,
  entries integer not null check (entries > 0),
  -- The statement lines' money in and money out (both 0 or more).
  money_in numeric(14, 2) not null check (money_in >= 0),
  money_out numeric(14, 2) not null check (money_out >= 0),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  undone_by text references users (id) on delete set null,
  undone_at timestamptz,
  unique (organization_id, id),
  foreign key (organization_id, bank_account_id) references bank_accounts (organization_id, id) on delete cascade
);
create index bank_rule_batches_org_idx on bank_rule_batches (organization_id, id desc);

-- The entries a batch posted: each entry in at most one batch.
create table bank_rule_batch_entries (
  batch_id integer not null,
  organization_id integer not null,
  journal_entry_id integer not null unique,
  primary key (batch_id, journal_entry_id),
  foreign key (organization_id, batch_id) references bank_rule_batches (organization_id, id) on delete cascade,
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade
);
