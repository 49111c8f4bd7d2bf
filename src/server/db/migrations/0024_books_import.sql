-- CSV import of the chart of accounts and of journal entries (decision 086).

-- The column mapping and formats last used for a file layout (the hash of its kind, delimiter and header row),
-- per organization: the same layout is read the same way next time.
create table import_mappings (
  organization_id integer not null references organizations (id) on delete cascade,
  kind text not null check (kind in ('chart', 'journal')),
  layout_hash text not null check (length(layout_hash) = 64),
  settings jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (organization_id, kind, layout_hash)
);

-- The external reference of every imported entry: importing the same entry again finds it here and skips it.
create table imported_entries (
  organization_id integer not null,
  external_ref text not null check (length(external_ref) between 1 and 200),
  journal_entry_id integer not null,
  imported_at timestamptz not null default now(),
  primary key (organization_id, external_ref),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade
);
create index imported_entries_entry_idx on imported_entries (journal_entry_id);
