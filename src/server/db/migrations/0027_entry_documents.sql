-- Receipts and other documents on journal entries: PDF, PNG, JPEG or HEIC (the type read from the content), up to
-- 10 MB, stored in the database (both databases, every process) in chunks of 256 KB so that a file goes in and out
-- without being held whole in memory.
create table entry_documents (
  id integer generated always as identity primary key,
  organization_id integer not null,
  journal_entry_id integer not null,
  file_name text not null check (length(file_name) between 1 and 200),
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/heic')),
  size_bytes integer not null default 0 check (size_bytes between 0 and 10485760),
  sha256 text,
  uploaded_by text references users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  foreign key (organization_id, journal_entry_id) references journal_entries (organization_id, id) on delete cascade
);
create index entry_documents_entry_idx on entry_documents (journal_entry_id);

create table entry_document_chunks (
  document_id integer not null references entry_documents (id) on delete cascade,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (document_id, seq)
);

-- A posted entry's documents may be added to, never removed.
create function entry_documents_guard() returns trigger language plpgsql as $$
begin
  if exists (select 1 from journal_entries where id = old.journal_entry_id and status = 'posted') then
    raise exception 'documents of a posted journal entry cannot be removed' using errcode = 'restrict_violation';
  end if;
  return old;
end $$;

create trigger entry_documents_guard
  before delete on entry_documents
  for each row execute function entry_documents_guard();
