-- The files kept with a sales or purchase document (the supplier's PDF a bill was entered from): their bytes in chunks
-- of 256 KB, as the books' other files (decision 089), read in and out without being held whole in memory; a file's
-- digest; and the database's own rule that an approved (or voided) document's files stay with it.
alter table sales_document_files
  add column sha256 text,
  add constraint sales_document_files_type_check check (content_type = 'application/pdf'),
  add constraint sales_document_files_size_check check (size_bytes <= 10485760);

create table sales_document_file_chunks (
  file_id integer not null references sales_document_files (id) on delete cascade,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (file_id, seq)
);

-- A file is removed only while its document is not posted; the document's own deletion (a draft's, or the
-- organization's) takes its files with it.
create function sales_document_files_guard() returns trigger language plpgsql as $$
begin
  if exists (select 1 from sales_documents where id = old.document_id and status in ('approved', 'void')) then
    raise exception 'the files of an approved document stay with it' using errcode = 'restrict_violation';
  end if;
  return old;
end $$;

create trigger sales_document_files_guard
  before delete on sales_document_files
  for each row execute function sales_document_files_guard();
