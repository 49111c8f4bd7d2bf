-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and backup codes: the auth library's
-- twoFactor plugin. The secret and the backup codes are stored encrypted by the library.
alter table users add column two_factor_enabled boolean not null default false;

create table two_factors (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  secret text not null,
  backup_codes text not null,
  -- false between enrolment and the first code that confirms it.
  verified boolean not null default true,
  failed_verification_count integer not null default 0,
  locked_until timestamptz
);
create unique index two_factors_user_id_idx on two_factors (user_id);

-- Codes already accepted, so that one code is never accepted twice (RFC 6238 §5.2). A code is valid for at
-- most 90 seconds (one step either side), so rows older than a few minutes are deleted.
create table two_factor_used_codes (
  user_id text not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz not null default now(),
  primary key (user_id, code_hash)
);
create index two_factor_used_codes_used_at_idx on two_factor_used_codes (used_at);
