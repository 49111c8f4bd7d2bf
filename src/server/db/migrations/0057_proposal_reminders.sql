-- Reminders of a proposal until it is answered (issue 43, decision 118): every `reminder_every_days` days after it was
-- sent (or last reminded), at most `max_reminders` times, while it is sent or viewed and not expired. 0 days: none.
alter table proposals add column reminder_every_days integer not null default 3 check (reminder_every_days between 0 and 30);
alter table proposals add column max_reminders integer not null default 3 check (max_reminders between 0 and 10);
alter table proposals add column reminders_sent integer not null default 0 check (reminders_sent >= 0);
alter table proposals add column last_reminded_at timestamptz;
create index proposals_open_idx on proposals (sent_at) where status in ('sent', 'viewed');

-- The firm's certificate that signs the PDFs it issues (a signed engagement letter): made on first use, self-signed, kept
-- as a PKCS#12 whose password is derived from APP_SECRET (decision 118). One row.
create table firm_signing_certificates (
  id boolean primary key default true check (id),
  p12 bytea not null,
  certificate_sha256 text not null check (certificate_sha256 ~ '^[0-9a-f]{64}$'),
  subject text not null,
  not_after timestamptz not null,
  created_at timestamptz not null default now()
);
