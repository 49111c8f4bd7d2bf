-- Site content history: every value a key has had, who set it and when. A null value means the key was
-- reverted to the page's built-in text. Restoring an earlier version appends a new row (restored_from).
create table site_content_versions (
  id bigserial primary key,
  content_key text not null,
  content_value text,
  restored_from bigint references site_content_versions (id) on delete set null,
  created_by text references users (id) on delete set null,
  -- Kept when the author's account is deleted, so the history still says who it was.
  created_by_email text,
  created_at timestamptz not null default now()
);
create index site_content_versions_key_idx on site_content_versions (content_key, created_at desc, id desc);

-- The values stored before history was kept become each key's first version.
insert into site_content_versions (content_key, content_value, created_by, created_by_email, created_at)
select c.content_key, c.content_value, c.updated_by, u.email, c.updated_at
  from site_content c left join users u on u.id = c.updated_by;

-- The firm's team screen: a disabled account cannot sign in and has no session; the last sign-in is shown.
alter table users add column disabled_at timestamptz;
alter table users add column last_signed_in_at timestamptz;

-- Every new session is a sign-in (password, Google, verification link, two-factor): noted on the user here,
-- whichever path created it.
create function users_note_sign_in() returns trigger language plpgsql as $$
begin
  update users set last_signed_in_at = new.created_at where id = new.user_id;
  return new;
end;
$$;
create trigger sessions_note_sign_in after insert on sessions
  for each row execute function users_note_sign_in();
