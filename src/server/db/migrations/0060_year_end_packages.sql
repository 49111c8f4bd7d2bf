-- The year-end package for the tax preparer (issue 44, part 4, decision 124).
-- A contact paid as an independent contractor: its payments of a calendar year are listed for the 1099 when they reach
-- the reporting threshold.
alter table contacts add column is_1099_contractor boolean not null default false;

-- A closed fiscal year's package as the firm prepared it: one PDF (a cover, the contents, each part) and one ZIP (that
-- PDF and a CSV per part), kept byte for byte as the month-end packs are (0033), so that what was handed to the tax
-- preparer downloads again as it was after later changes to the books. Preparing again makes a new package beside it.
create table year_end_packages (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  -- The fiscal year, named by the calendar year it ends in, and its days as they were when it was prepared.
  fiscal_year integer not null check (fiscal_year between 1900 and 9999),
  fiscal_year_start date not null,
  fiscal_year_end date not null check (fiscal_year_start < fiscal_year_end),
  pdf_file_name text not null check (length(pdf_file_name) between 1 and 200),
  pdf_size_bytes integer not null check (pdf_size_bytes between 1 and 52428800),
  pdf_sha256 text not null check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  pdf bytea not null,
  zip_file_name text not null check (length(zip_file_name) between 1 and 200),
  zip_size_bytes integer not null check (zip_size_bytes between 1 and 104857600),
  zip_sha256 text not null check (zip_sha256 ~ '^[0-9a-f]{64}$'),
  zip bytea not null,
  prepared_by text references users (id) on delete set null,
  created_at timestamptz not null default now()
);

create index year_end_packages_organization_idx on year_end_packages (organization_id, fiscal_year desc, id desc);
