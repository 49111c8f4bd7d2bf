-- Organizations and their people: a user may belong to several organizations, each with its own role; owners
-- invite others by email. Existing memberships stay as they are (every user keeps their organization).

alter table organization_memberships drop constraint organization_memberships_user_id_key;
create index organization_memberships_user_idx on organization_memberships (user_id, organization_id);

-- An organization always keeps at least one owner. Checked at commit, so that a transfer of ownership may
-- promote and demote in either order. Not checked when the organization itself or the member's account is gone.
create function organization_keeps_an_owner() returns trigger language plpgsql as $$
begin
  if old.role = 'owner'
     and exists (select 1 from organizations where id = old.organization_id)
     and exists (select 1 from users where id = old.user_id)
     and not exists (select 1 from organization_memberships where organization_id = old.organization_id and role = 'owner') then
    raise exception 'organization % must keep an owner', old.organization_id using errcode = 'check_violation';
  end if;
  return null;
end $$;

create constraint trigger organization_memberships_keep_owner
  after update or delete on organization_memberships
  deferrable initially deferred
  for each row execute function organization_keeps_an_owner();

-- Invitations: a one-time link (only its SHA-256 is stored), valid until expires_at, at most one pending per
-- organization and address. A pending invitation is one neither accepted nor revoked (nor expired, which the
-- service checks against its clock; an expired one is closed by setting revoked_at when the address is invited again).
create table organization_invitations (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  role text not null check (role in ('owner', 'accountant', 'viewer')),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references users (id) on delete set null,
  revoked_at timestamptz,
  check (expires_at > created_at),
  check (accepted_at is null or revoked_at is null)
);
create unique index organization_invitations_one_pending_idx
  on organization_invitations (organization_id, email) where accepted_at is null and revoked_at is null;
create index organization_invitations_org_idx on organization_invitations (organization_id, created_at desc);
