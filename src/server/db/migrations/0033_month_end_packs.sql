-- Month-end packs: the PDF of a month's statements (cover, profit and loss with comparatives, balance sheet, trial
-- balance) as the firm prepared it, kept byte for byte so that what was handed over can be downloaded again as it was,
-- even after later entries change the month. Made in memory (a few dozen KB), so stored whole in one bytea.
create table month_end_packs (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  file_name text not null check (length(file_name) between 1 and 200),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  sha256 text not null,
  pdf bytea not null,
  prepared_by text references users (id) on delete set null,
  created_at timestamptz not null default now()
);

create index month_end_packs_organization_idx on month_end_packs (organization_id, month desc, id desc);
