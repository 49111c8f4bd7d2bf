-- Mail outbox: mail is written in the same transaction as the record it belongs to,
-- and a worker delivers it over SMTP with retries.
create table mail_outbox (
  id bigserial primary key,
  kind text not null,
  to_address text not null,
  reply_to text,
  subject text not null,
  text_body text not null,
  html_body text not null,
  attachments jsonb not null default '[]'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending';

-- Fixed-window counters shared by every process (rate limits of public forms).
create table rate_limits (
  key text primary key,
  count integer not null,
  window_start timestamptz not null
);
