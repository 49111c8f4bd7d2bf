-- Idempotency keys of the accounting writes (decision 053): the first answer to a request with an Idempotency-Key
-- header, written in the same transaction as the write it answers, so that a retry gets that answer again.
-- Rows are kept about 24 hours (deleted by created_at). No foreign keys: they would add two lookups and row locks
-- to every write, and a row outliving its organization or user for a day is harmless.
create table idempotency_keys (
  organization_id integer not null,
  user_id text not null,
  key uuid not null,
  -- SHA-256 of the method, path and body: the same key sent with another request is refused.
  request_hash text not null,
  status smallint not null check (status between 200 and 299),
  body json not null,
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
