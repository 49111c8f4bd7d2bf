-- Messages between a client organization's members and the firm's people who work on it (decision 100): one
-- conversation per organization, its messages numbered in the order they were written (seq, given under the
-- conversation's row lock so that a reader's last-read mark is exact), attachments stored like entry documents
-- (decision 089), a last-read mark per person, the mail notifications' state and each person's choice of them.
create table message_conversations (
  organization_id integer primary key references organizations (id) on delete cascade,
  last_seq integer not null default 0 check (last_seq >= 0),
  last_message_at timestamptz
);

create table messages (
  id integer generated always as identity primary key,
  organization_id integer not null references message_conversations (organization_id) on delete cascade,
  seq integer not null check (seq > 0),
  author_id text references users (id) on delete set null,
  author_name text not null,
  body text not null check (length(body) <= 5000),
  -- 'message' written in the conversation, 'contact' sent through the public contact form while signed in.
  source text not null default 'message' check (source in ('message', 'contact')),
  created_at timestamptz not null default now(),
  unique (organization_id, seq)
);

-- A file is uploaded first (kept for its uploader, no message yet), then sent with a message.
create table message_attachments (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  message_id integer references messages (id) on delete cascade,
  file_name text not null check (length(file_name) between 1 and 200),
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/heic')),
  size_bytes integer not null default 0 check (size_bytes between 0 and 10485760),
  sha256 text,
  uploaded_by text references users (id) on delete set null,
  uploaded_at timestamptz not null default now()
);
create index message_attachments_message_idx on message_attachments (message_id);
create index message_attachments_pending_idx on message_attachments (uploaded_by) where message_id is null;

create table message_attachment_chunks (
  attachment_id integer not null references message_attachments (id) on delete cascade,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (attachment_id, seq)
);

-- What each person has read of a conversation: every message up to last_read_seq.
create table message_reads (
  organization_id integer not null references message_conversations (organization_id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  last_read_seq integer not null default 0 check (last_read_seq >= 0),
  read_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index message_reads_user_idx on message_reads (user_id);

-- The last notification mail per conversation and person: what it covered and when it went (at most one per 15
-- minutes, or one a day); the row is locked while a mail is decided, so one process writes it.
create table message_mail_state (
  organization_id integer not null references message_conversations (organization_id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  mailed_through_seq integer not null default 0,
  last_mailed_at timestamptz,
  primary key (organization_id, user_id)
);

-- How a person hears of new messages: at once (batched by 15 minutes), a daily mail, or not at all. No row: at once.
create table message_preferences (
  user_id text primary key references users (id) on delete cascade,
  notify text not null check (notify in ('immediate', 'daily', 'none')),
  updated_at timestamptz not null default now()
);
