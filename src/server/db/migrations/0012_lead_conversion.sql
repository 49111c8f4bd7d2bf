-- Convert to client: the organization made from a lead, so that its page links to the client's books.
alter table leads add column organization_id integer references organizations (id) on delete set null;
