-- Opening balances: each organization's one opening entry (a posted journal entry dated as of the day its books
-- start here). Saving them again reverses that entry and points this row at the new one.
create table opening_balances (
  organization_id integer primary key references organizations (id) on delete cascade,
  journal_entry_id integer not null,
  as_of date not null,
  updated_by text references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade
);
