-- The firm's own books, its fees invoiced from accepted proposals, and getting paid (issue 43, decision 119).
--
-- The firm keeps its books as an organization of the product (one, named in firm_books with the accounts its billing
-- posts to). An accepted proposal starts the client's billing: a contact for her in the firm's books (billing_accounts,
-- one per client organization, with the processor's customer and her saved payment method) and one recurring invoice per
-- billing frequency, each line tied to the proposal's service. Each invoice made is collected (fee_collections: the
-- attempts, the next one, the reminders); the processor's answers are processor_payments, its events are handled once
-- (processor_events), its payouts posted once (processor_payouts).

create table firm_books (
  id boolean primary key default true check (id),
  organization_id integer not null unique references organizations (id) on delete restrict,
  revenue_account_id integer not null,
  clearing_account_id integer not null,
  fees_account_id integer not null,
  bank_account_id integer not null,
  foreign key (organization_id, revenue_account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, clearing_account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, fees_account_id) references chart_of_accounts (organization_id, id),
  foreign key (organization_id, bank_account_id) references chart_of_accounts (organization_id, id)
);

-- How the firm collects: the automatic retries of a failed payment and the reminders of an unpaid invoice.
create table firm_billing_settings (
  id boolean primary key default true check (id),
  retry_after_business_days integer not null default 3 check (retry_after_business_days between 1 and 30),
  retries integer not null default 1 check (retries between 0 and 5),
  reminder_every_days integer not null default 7 check (reminder_every_days between 1 and 60),
  max_reminders integer not null default 5 check (max_reminders between 0 and 20)
);
insert into firm_billing_settings default values;

create table billing_accounts (
  id integer generated always as identity primary key,
  client_organization_id integer not null unique references organizations (id) on delete cascade,
  contact_id integer not null references contacts (id) on delete restrict,
  email text not null check (length(email) between 3 and 254),
  processor text check (processor in ('stripe', 'test')),
  processor_customer_id text,
  payment_method_id text,
  payment_method_label text check (payment_method_label is null or length(payment_method_label) <= 100),
  method_updated_at timestamptz,
  created_at timestamptz not null default now(),
  unique (processor, processor_customer_id)
);

alter table proposals add column billing_started_at timestamptz;
alter table proposals add column superseded_by integer references proposals (id) on delete set null;
alter table recurring_invoices add column proposal_id integer references proposals (id) on delete set null;
alter table sales_documents add column proposal_id integer references proposals (id) on delete set null;
-- The proposal's service a line of the firm's invoice bills (no foreign key: a proposal's lines are its own copies).
alter table sales_document_lines add column proposal_line_id integer;
create index recurring_invoices_proposal_idx on recurring_invoices (proposal_id) where proposal_id is not null;

create table fee_collections (
  document_id integer primary key references sales_documents (id) on delete cascade,
  billing_account_id integer not null references billing_accounts (id) on delete cascade,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_on date,
  last_failure text check (last_failure is null or length(last_failure) <= 500),
  reminders_sent integer not null default 0,
  last_reminded_on date,
  mailed_at timestamptz,
  -- An attempt being made: its idempotency key, kept until its outcome is recorded (a process that stopped midway
  -- leaves it; the attempt is made again with the same key, which the processor answers with the first outcome).
  charging_key text,
  charging_since timestamptz,
  created_at timestamptz not null default now()
);
create index fee_collections_due_idx on fee_collections (next_attempt_on) where next_attempt_on is not null;

create table processor_payments (
  id integer generated always as identity primary key,
  processor text not null check (processor in ('stripe', 'test')),
  payment_id text not null check (length(payment_id) between 1 and 255),
  document_id integer references sales_documents (id) on delete set null,
  billing_account_id integer references billing_accounts (id) on delete set null,
  amount_cents bigint not null check (amount_cents > 0),
  fee_cents bigint check (fee_cents is null or fee_cents >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null check (status in ('processing', 'succeeded', 'failed')),
  attempt integer not null default 1,
  failure_message text check (failure_message is null or length(failure_message) <= 500),
  entry_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (processor, payment_id)
);
create index processor_payments_document_idx on processor_payments (document_id);

create table processor_events (
  processor text not null check (processor in ('stripe', 'test')),
  event_id text not null check (length(event_id) between 1 and 255),
  kind text not null,
  received_at timestamptz not null default now(),
  primary key (processor, event_id)
);

create table processor_payouts (
  processor text not null check (processor in ('stripe', 'test')),
  payout_id text not null,
  amount_cents bigint not null,
  currency text not null,
  entry_id integer,
  created_at timestamptz not null default now(),
  primary key (processor, payout_id)
);

-- The local test processor's own state (never used with Stripe): its customers, their saved methods, its hosted
-- set-up sessions and its charges (the idempotency key unique, as the processor's own).
create table test_processor_customers (
  id text primary key,
  idempotency_key text not null unique,
  email text not null,
  name text not null,
  created_at timestamptz not null default now()
);
create table test_processor_sessions (
  id text primary key,
  customer_id text not null references test_processor_customers (id) on delete cascade,
  success_url text not null,
  cancel_url text not null,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
create table test_processor_methods (
  id text primary key,
  customer_id text not null references test_processor_customers (id) on delete cascade,
  kind text not null check (kind in ('card', 'bank_account')),
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  behaviour text not null check (behaviour in ('succeed', 'decline')),
  created_at timestamptz not null default now()
);
create table test_processor_charges (
  id text primary key,
  idempotency_key text not null unique,
  customer_id text not null,
  method_id text not null,
  document_id integer,
  amount_cents bigint not null,
  currency text not null,
  status text not null check (status in ('succeeded', 'failed')),
  failure_message text,
  created_at timestamptz not null default now()
);
