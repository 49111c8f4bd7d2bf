-- The audit log: one append-only row per action of the firm's workspace and per membership change.
-- No UPDATE, DELETE or TRUNCATE: the database refuses them, whoever asks.
create table audit_log (
  id bigserial primary key,
  occurred_at timestamptz not null default now(),
  -- No foreign key: a deleted account must not change a row (the table takes no UPDATE).
  actor_id text,
  -- Kept when the actor's account is deleted, so the trail still says who it was.
  actor_email text,
  ip text,
  action text not null check (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$'),
  target_type text not null,
  target_id text not null,
  before jsonb,
  after jsonb
);
create index audit_log_occurred_idx on audit_log (occurred_at desc, id desc);
create index audit_log_actor_idx on audit_log (actor_id, occurred_at desc);
create index audit_log_action_idx on audit_log (action, occurred_at desc);
create index audit_log_target_idx on audit_log (target_type, target_id, occurred_at desc);

create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_is_append_only();
