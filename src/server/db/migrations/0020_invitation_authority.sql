-- An invitation grants what its sender may grant, checked again when it is accepted. `sent_as` says by which
-- right it was sent: 'owner' (an owner on the Members tab: the sender must still be an owner of the books) or
-- 'firm' (the firm's Convert to client: the sender must still be active staff or admin). `sent_at` is when its
-- mail last went out (a resend mails a new link and moves it).
alter table organization_invitations add column sent_as text not null default 'owner' check (sent_as in ('owner', 'firm'));
alter table organization_invitations add column sent_at timestamptz;
update organization_invitations set sent_at = created_at;
alter table organization_invitations alter column sent_at set not null;
alter table organization_invitations alter column sent_at set default now();

-- Invitations made before this column by someone who was not an owner of the books came from the firm.
update organization_invitations i set sent_as = 'firm'
 where not exists (select 1 from organization_memberships m
                    where m.organization_id = i.organization_id and m.user_id = i.invited_by and m.role = 'owner')
   and exists (select 1 from users u where u.id = i.invited_by and u.role in ('staff', 'admin'));

-- A staff invitation: the account (role staff, no password) exists from the start; the one-time link (only its
-- SHA-256 is kept) lets its owner choose a password and signs them in. Accepting checks again that the sender is
-- still an active admin. At most one pending invitation per account.
create table staff_invitations (
  id integer generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  invited_by text references users (id) on delete set null,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz,
  check (expires_at > sent_at),
  check (accepted_at is null or revoked_at is null)
);
create unique index staff_invitations_one_pending_idx on staff_invitations (user_id) where accepted_at is null and revoked_at is null;
create index staff_invitations_invited_by_idx on staff_invitations (invited_by) where accepted_at is null and revoked_at is null;
