-- Re-authentication: a signed-in user who enters their password (and code) again refreshes their session's sign-in
-- time without a new session. The session's last sign-in is the later of created_at and this.
alter table sessions add column reauthenticated_at timestamptz;

-- The firm's two-factor policy: one row. A user it covers who has no second factor must enrol before anything else.
create table two_factor_policy (
  id integer primary key default 1 check (id = 1),
  require_for_staff boolean not null default false,
  require_for_clients boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by text references users (id) on delete set null
);
insert into two_factor_policy (id) values (1);
