-- Document requests (decision 099): the firm asks a client organization for documents, item by item, each with a due
-- date; the client uploads files against an item or says it does not have it; the firm accepts or returns each item.
create table document_requests (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  title text not null check (length(title) between 1 and 200),
  message text check (message is null or length(message) <= 2000),
  -- Follows the items: waiting on the client while any is open or returned, on the firm while any answer is not yet
  -- accepted, complete when every item is accepted.
  status text not null default 'waiting_client' check (status in ('waiting_client', 'waiting_firm', 'complete')),
  -- The reminders' schedule: days before the earliest open item's due date (null: none), on the due date, every N days
  -- after it (null: none).
  remind_days_before integer check (remind_days_before is null or remind_days_before between 1 and 30),
  remind_on_due boolean not null default true,
  remind_every_days integer check (remind_every_days is null or remind_every_days between 1 and 30),
  -- The next reminder's date (null: none due), kept by the service whenever items, schedule or snooze change.
  next_reminder_on date,
  snoozed_until date,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, id)
);
create index document_requests_org_idx on document_requests (organization_id, status);
create index document_requests_reminder_idx on document_requests (next_reminder_on) where status = 'waiting_client';

create table document_request_items (
  id integer generated always as identity primary key,
  organization_id integer not null,
  request_id integer not null,
  position smallint not null check (position between 1 and 50),
  label text not null check (length(label) between 1 and 200),
  due_on date not null,
  status text not null default 'open' check (status in ('open', 'uploaded', 'unavailable', 'accepted', 'returned')),
  client_note text check (client_note is null or length(client_note) <= 1000),
  return_reason text check (return_reason is null or length(return_reason) <= 1000),
  answered_by text references users (id) on delete set null,
  answered_at timestamptz,
  reviewed_by text references users (id) on delete set null,
  reviewed_at timestamptz,
  unique (request_id, position),
  unique (organization_id, id),
  foreign key (organization_id, request_id) references document_requests (organization_id, id) on delete cascade
);

-- The files uploaded against an item; their bytes in chunks (src/server/files, decision 089).
create table document_request_files (
  id integer generated always as identity primary key,
  organization_id integer not null,
  item_id integer not null,
  file_name text not null check (length(file_name) between 1 and 200),
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/heic')),
  size_bytes integer not null default 0 check (size_bytes between 0 and 10485760),
  sha256 text,
  uploaded_by text references users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  foreign key (organization_id, item_id) references document_request_items (organization_id, id) on delete cascade
);
create index document_request_files_item_idx on document_request_files (item_id);

create table document_request_file_chunks (
  file_id integer not null references document_request_files (id) on delete cascade,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (file_id, seq)
);

-- One row per reminder sent, written in the transaction that queues its mail: a reminder date is sent once, whatever
-- the number of processes (decision 090).
create table document_request_reminders (
  request_id integer not null references document_requests (id) on delete cascade,
  reminder_on date not null,
  sent_at timestamptz not null default now(),
  recipients integer not null,
  open_items integer not null,
  primary key (request_id, reminder_on)
);
