-- Recurring work (issue 41, decision 113): the firm's templates of work per service, applied to client
-- organizations on a schedule; each period of a schedule becomes one work instance (exactly once: the unique key of
-- schedule and period), with a checklist. A checklist item is ticked by hand, or bound to a fact of the client's books
-- for the instance's period (reconciled, locked, no unmatched lines, ...): a bound item is read from the books
-- whenever the checklist is shown, so it ticks and unticks itself with them and never holds a copy that could drift.

-- The firm's settings of its work: how far ahead instances are made.
create table work_settings (
  id boolean primary key default true check (id),
  horizon_days integer not null default 31 check (horizon_days between 0 and 400),
  updated_by text references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
insert into work_settings default values;

-- Days the firm does not work: a due date falling on one (or on a weekend) moves as its template says.
create table firm_holidays (
  day date primary key,
  name text not null check (length(btrim(name)) between 1 and 120),
  created_at timestamptz not null default now()
);

create table work_templates (
  id integer generated always as identity primary key,
  -- The instance's name is the title and its period: "Close — October 2026".
  title text not null check (length(btrim(title)) between 1 and 80),
  service text not null check (length(btrim(service)) between 1 and 80),
  description text check (description is null or length(description) <= 1000),
  -- One period per month, quarter or (calendar) year; `once` makes a single instance (onboarding).
  frequency text not null check (frequency in ('monthly', 'quarterly', 'yearly', 'once')),
  -- When an instance is due, from its period's end: on day `due_day` (31: the last day) of the month `due_months`
  -- months after the period's last month, or on the `due_day`th business day after the period's end.
  due_kind text not null check (due_kind in ('day_of_month', 'business_day')),
  due_day integer not null check (due_day between 1 and 31),
  due_months integer not null default 1 check (due_months between 0 and 12),
  -- A due date on a weekend or a firm holiday moves to the working day before or after it.
  due_shift text not null default 'after' check (due_shift in ('before', 'after')),
  -- Who an instance goes to when applied without a named assignee: the staff accountant on the client's books, or
  -- the firm's admin (the first admin by name).
  default_assignee text not null default 'accountant' check (default_assignee in ('accountant', 'admin', 'none')),
  archived_at timestamptz,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index work_templates_title_idx on work_templates (lower(title)) where archived_at is null;

-- What a fact-bound item checks, for the instance's period (work-facts.server.ts).
create function work_binding_valid(b text) returns boolean language sql immutable as $$
  select b is null or b in ('bank_reconciled', 'period_locked', 'no_unmatched_lines', 'no_open_questions',
                            'requests_complete', 'pack_prepared', 'tax_return_filed')
$$;

create table work_template_items (
  template_id integer not null references work_templates (id) on delete cascade,
  position smallint not null check (position between 1 and 100),
  section text not null check (length(btrim(section)) between 1 and 80),
  label text not null check (length(btrim(label)) between 1 and 200),
  binding text check (work_binding_valid(binding)),
  primary key (template_id, position)
);

-- A template applied to a client: instances are made for its periods from `first_period` on, up to the horizon;
-- `next_period` is the first period not yet made (null: the schedule has ended or is stopped).
create table work_schedules (
  id integer generated always as identity primary key,
  template_id integer not null references work_templates (id) on delete cascade,
  organization_id integer not null references organizations (id) on delete cascade,
  assignee_id text references users (id) on delete set null,
  first_period date not null,
  next_period date,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  stopped_at timestamptz,
  unique (template_id, organization_id)
);
create index work_schedules_next_idx on work_schedules (next_period, id) where next_period is not null;
create index work_schedules_organization_idx on work_schedules (organization_id);

create table work_instances (
  id integer generated always as identity primary key,
  schedule_id integer references work_schedules (id) on delete set null,
  template_id integer not null references work_templates (id) on delete cascade,
  organization_id integer not null references organizations (id) on delete cascade,
  period_start date not null,
  period_end date not null check (period_start <= period_end),
  name text not null check (length(name) between 1 and 200),
  due_on date not null,
  assignee_id text references users (id) on delete set null,
  status text not null default 'not_started'
    check (status in ('not_started', 'in_progress', 'waiting_client', 'review', 'done')),
  -- Snoozed out of the work views until this date.
  snoozed_until date,
  -- Marked done with a bound item unticked: the reviewer's reason (audited).
  override_reason text check (override_reason is null or length(btrim(override_reason)) between 1 and 500),
  done_by text references users (id) on delete set null,
  done_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'done') = (done_at is not null)),
  -- One instance per schedule and period, whichever process makes it.
  unique (schedule_id, period_start)
);
create index work_instances_open_due_idx on work_instances (due_on, id) where status <> 'done';
create index work_instances_assignee_idx on work_instances (assignee_id, due_on) where status <> 'done';
create index work_instances_organization_idx on work_instances (organization_id, due_on);
create index work_instances_template_idx on work_instances (template_id) where status = 'not_started';

-- A started instance's own checklist, copied from its template when it leaves "not started" (until then it shows
-- its template's items, so that editing a template changes the instances not yet started).
create table work_instance_items (
  instance_id integer not null references work_instances (id) on delete cascade,
  position smallint not null,
  section text not null,
  label text not null,
  binding text check (work_binding_valid(binding)),
  ticked_by text references users (id) on delete set null,
  ticked_at timestamptz,
  check (binding is null or ticked_at is null),
  primary key (instance_id, position)
);

-- Facts read by bound items, per organization: the lines of a period not yet matched, the questions still open.
create index bank_lines_open_by_date_idx on bank_lines (organization_id, booked_on) where match_id is null and excluded_at is null;

-- The shipped templates, for the firm to change or archive.
with t (title, service, description, frequency, due_kind, due_day, due_months, items) as (values
  ('Close', 'Bookkeeping', 'The month''s books closed: bank reconciled, questions answered, period locked, pack prepared.',
   'monthly', 'day_of_month', 15, 1, '[
     ["Bank", "Every bank account reconciled through the period end", "bank_reconciled"],
     ["Bank", "No unmatched bank lines in the period", "no_unmatched_lines"],
     ["Bank", "No open questions to the client", "no_open_questions"],
     ["Review", "Requests due for the period complete", "requests_complete"],
     ["Review", "Profit and loss reviewed against the month before", null],
     ["Close", "Period locked", "period_locked"],
     ["Close", "Month-end pack prepared", "pack_prepared"]]'),
  ('Estimated taxes', 'Tax', 'The quarter''s estimated income tax computed and paid on time.',
   'quarterly', 'day_of_month', 15, 1, '[
     ["Figures", "Every bank account reconciled through the quarter end", "bank_reconciled"],
     ["Figures", "Year-to-date profit reviewed", null],
     ["Payment", "Estimate computed and sent to the client", null],
     ["Payment", "Client confirmed the payment", null]]'),
  ('Year-end package', 'Bookkeeping', 'The year''s books closed and handed to the tax preparer.',
   'yearly', 'day_of_month', 31, 2, '[
     ["Books", "Every bank account reconciled through the year end", "bank_reconciled"],
     ["Books", "No open questions to the client", "no_open_questions"],
     ["Books", "Adjusting entries posted", null],
     ["Close", "Year locked", "period_locked"],
     ["Close", "Pack prepared for the last month of the year", "pack_prepared"],
     ["Close", "Package sent to the tax preparer", null]]'),
  ('Sales tax return', 'Tax', 'The quarter''s sales tax or VAT return prepared, filed and settled.',
   'quarterly', 'day_of_month', 20, 1, '[
     ["Prepare", "Every bank account reconciled through the quarter end", "bank_reconciled"],
     ["Prepare", "Tax-coded lines reviewed", null],
     ["File", "Return filed", "tax_return_filed"],
     ["File", "Client told the amount and the payment date", null]]'),
  ('Onboarding', 'Onboarding', 'A new client''s books set up.',
   'once', 'business_day', 10, 0, '[
     ["Set up", "Engagement letter signed", null],
     ["Set up", "Chart of accounts adapted to the business", null],
     ["Set up", "Opening balances entered", null],
     ["Bank", "Last three months of bank statements imported", null],
     ["Bank", "No open questions to the client", "no_open_questions"]]')
), made as (
  insert into work_templates (title, service, description, frequency, due_kind, due_day, due_months)
  select title, service, description, frequency, due_kind, due_day, due_months from t
  returning id, title
)
insert into work_template_items (template_id, position, section, label, binding)
select made.id, x.ord, x.item ->> 0, x.item ->> 1, x.item ->> 2
  from made join t on t.title = made.title
  cross join lateral jsonb_array_elements(t.items::jsonb) with ordinality as x(item, ord);
