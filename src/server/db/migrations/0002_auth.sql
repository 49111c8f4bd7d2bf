-- Tables of the authentication library (better-auth), in snake_case.
create table users (
  id text primary key,
  name text not null,
  email text not null unique,
  email_verified boolean not null default false,
  image text,
  first_name text,
  last_name text,
  company_name text,
  role text not null default 'client' check (role in ('client', 'staff', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  id text primary key,
  token text not null unique,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on sessions (user_id);

create table accounts (
  id text primary key,
  account_id text not null,
  provider_id text not null,
  user_id text not null references users (id) on delete cascade,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, account_id)
);
create index accounts_user_id_idx on accounts (user_id);

create table verifications (
  id text primary key,
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier_idx on verifications (identifier);

-- Sessions slide (the library extends expires_at while they are used) but never outlive 30 days
-- from sign-in, whatever path writes them.
create function sessions_cap_lifetime() returns trigger language plpgsql as $$
begin
  new.expires_at := least(new.expires_at, new.created_at + interval '30 days');
  return new;
end;
$$;
create trigger sessions_cap_lifetime before insert or update on sessions
  for each row execute function sessions_cap_lifetime();
