-- A lead sent by a signed-in account (decision 084): user_id is that account. A signed-in client's contact message
-- also sets organization_id (until now: the organization made from the lead by Convert to client) to the client
-- organization she wrote from, so the lead links to the client and cannot be converted into a second one.
alter table leads add column user_id text references users (id) on delete set null;
create index leads_user_idx on leads (user_id) where user_id is not null;

update leads l set user_id = c.user_id
  from contact_messages c
 where l.source_table = 'contact_messages' and l.source_id = c.id::text and c.user_id is not null;
update leads l set user_id = c.user_id
  from consultation_requests c
 where l.source_table = 'consultation_requests' and l.source_id = c.id::text and c.user_id is not null;
update leads l set user_id = s.user_id
  from calculator_submissions s
 where l.source_table = 'calculator_submissions' and l.source_id = s.id::text and s.user_id is not null;
