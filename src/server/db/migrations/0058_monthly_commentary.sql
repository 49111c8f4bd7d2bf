-- The firm's monthly commentary on a client's books (issue 44, decision 122): one per organization and month, its
-- headline, what changed and why, and what to do, written by the firm, reviewed by another of the firm's people and
-- published to the client. Figures are tokens in the text ("{{revenue}}", "{{account:6100:movement}}"), filled in from
-- the posted ledger when read: the rows keep the text as written, never an amount.
--
-- draft → reviewed → published. Saving a reviewed commentary returns it to draft (its review is cleared); a published
-- one is withdrawn back to draft before it is changed. Who wrote it last, who reviewed and who published it are kept
-- with their moments; every step is in the audit log too.
create table monthly_commentaries (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  headline text not null check (length(btrim(headline)) between 1 and 200),
  changes text not null check (length(changes) <= 4000),
  actions text not null check (length(actions) <= 4000),
  status text not null default 'draft' check (status in ('draft', 'reviewed', 'published')),
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  written_by text references users (id) on delete set null,
  written_at timestamptz not null default now(),
  reviewed_by text references users (id) on delete set null,
  reviewed_at timestamptz,
  published_by text references users (id) on delete set null,
  published_at timestamptz,
  unique (organization_id, month),
  check ((status = 'draft') = (reviewed_at is null)),
  check ((status = 'published') = (published_at is not null))
);
-- The client's home reads the latest published month.
create index monthly_commentaries_published_idx on monthly_commentaries (organization_id, month desc) where status = 'published';
