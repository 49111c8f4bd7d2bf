-- One idempotency mechanism for every API write (decision 080, superseding the key part of 053): the first answer
-- to a write carrying an Idempotency-Key is kept under its caller and key, so that a retry gets it again.
-- The rows are retry answers kept about 24 hours; the old table's rows are dropped with it.
drop table idempotency_keys;
create table idempotency_keys (
  -- Whose key: 'user:<id>' (journal writes), 'session:<sha256 of the session cookie>' or 'ip:<client address>'.
  caller text not null,
  key uuid not null,
  -- SHA-256 of the method, path, query and body: the same key sent with another request is refused (422).
  request_hash text not null,
  -- Method and path, for reading the table.
  route text not null,
  -- Journal writes: their organization, so that deleting it deletes its keys. No foreign keys (decision 053).
  organization_id integer,
  -- Null while the first request runs (pending); then the answer's status.
  status smallint check (status between 200 and 399),
  -- The answer's kept headers ([name, value] pairs) and body; a body too large to keep is null (status set).
  headers json,
  body text,
  -- A pending row whose process stopped answering: another request may take the key over after this time.
  reserved_until timestamptz,
  created_at timestamptz not null default now(),
  primary key (caller, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
