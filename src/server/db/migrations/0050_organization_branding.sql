-- What the documents the books send out say of the business (issue 42, decision 116): its postal address and its logo
-- (a PNG or JPEG of at most 256 KB, its type read from its bytes when saved), printed with its name at the head of an
-- invoice, a credit note or a statement and shown on the page a customer opens from a link.
alter table organizations
  add column address text check (address is null or length(address) between 1 and 1000),
  add column logo bytea check (logo is null or octet_length(logo) between 1 and 262144),
  add column logo_content_type text check (logo_content_type is null or logo_content_type in ('image/png', 'image/jpeg')),
  add constraint organizations_logo_typed check ((logo is null) = (logo_content_type is null));

