-- Leads: contact messages and consultation requests. Stored first, always; their mail goes to
-- mail_outbox in the same transaction. Suspected spam is kept, flagged, and not notified.
create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  user_id text references users (id) on delete set null,
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  company text check (char_length(company) <= 200),
  service text check (service in ('bookkeeping', 'tax', 'erp', 'advisory', 'other')),
  message text not null check (char_length(message) between 1 and 5000),
  spam boolean not null default false,
  spam_reason text check (spam_reason in ('honeypot', 'no-token', 'too-fast')),
  ip text,
  created_at timestamptz not null default now()
);
create index contact_messages_created_idx on contact_messages (created_at desc);
create index contact_messages_email_idx on contact_messages (lower(email));

create table consultation_requests (
  id uuid primary key default gen_random_uuid(),
  user_id text references users (id) on delete set null,
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  phone text check (char_length(phone) <= 40),
  company_name text not null check (char_length(company_name) between 1 and 200),
  services_interested text[] not null check (
    cardinality(services_interested) between 1 and 4
    and services_interested <@ array['bookkeeping', 'tax', 'erp', 'advisory']::text[]),
  annual_revenue_range text check (annual_revenue_range in ('under-500k', '500k-1m', '1m-5m', '5m-10m', 'over-10m')),
  challenges text not null check (char_length(challenges) between 1 and 5000),
  preferred_time text check (preferred_time in ('morning', 'afternoon', 'evening')),
  spam boolean not null default false,
  spam_reason text check (spam_reason in ('honeypot', 'no-token', 'too-fast')),
  ip text,
  created_at timestamptz not null default now()
);
create index consultation_requests_created_idx on consultation_requests (created_at desc);
create index consultation_requests_email_idx on consultation_requests (lower(email));
