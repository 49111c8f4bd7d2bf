-- What a client did that the firm hears of (issue 41, decision 115): a bank question answered, a file uploaded to a
-- request item or an item answered ("I don't have this"), a message written. One row per act, written in the act's
-- transaction, with who did it (the name kept, as messages keep their author's) and a link to it; one row per person
-- told (the firm's people on the client and the assignees of its open work, never the actor), holding what they
-- read in the app and what a mail covered.
create table client_activity (
  id bigint generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  actor_id text references users (id) on delete set null,
  actor_name text not null,
  kind text not null check (kind in ('question_answered', 'request_file_uploaded', 'request_item_answered', 'message_written')),
  -- What it was about, for the firm's list: the bank line's text, the request item and its file.
  subject text check (subject is null or length(subject) <= 300),
  -- A path of the site (the books' questions, the request, the conversation).
  link text not null check (link like '/%'),
  created_at timestamptz not null default now()
);
create index client_activity_organization_idx on client_activity (organization_id, id);

create table client_activity_recipients (
  user_id text not null references users (id) on delete cascade,
  activity_id bigint not null references client_activity (id) on delete cascade,
  organization_id integer not null references organizations (id) on delete cascade,
  read_at timestamptz,
  mailed_at timestamptz,
  -- A person's list, newest first (keyset pages on activity_id).
  primary key (user_id, activity_id)
);
create index client_activity_unread_idx on client_activity_recipients (user_id) where read_at is null;
create index client_activity_unmailed_idx on client_activity_recipients (organization_id, user_id)
  where read_at is null and mailed_at is null;

-- The last activity mail per client and person (at most one per 15 minutes, or one a day); its row is locked while
-- a mail is decided, so one process writes it.
create table client_activity_mail_state (
  organization_id integer not null references organizations (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  last_mailed_at timestamptz,
  primary key (organization_id, user_id)
);
