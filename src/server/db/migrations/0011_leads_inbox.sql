-- The firm's leads inbox (decision 070): one row per contact message, consultation request, saved calculator
-- result and newsletter sign-up, written in the same transaction as the submission it points to. The source
-- tables stay as they are; `fields` holds every field the visitor sent, as sent.
create table leads (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'consultation', 'calculator', 'newsletter')),
  source_table text not null,
  source_id text not null,
  name text check (char_length(name) <= 300),
  email text not null check (char_length(email) <= 254),
  company text check (char_length(company) <= 200),
  status text not null default 'new'
    check (status in ('new', 'contacted', 'meeting_scheduled', 'proposal_sent', 'won', 'lost')),
  owner_id text references users (id) on delete set null,
  spam boolean not null default false,
  spam_reason text,
  fields jsonb not null default '{}'::jsonb,
  -- Words of the name, the address (whole and cut at @ and .) and the company, searched by prefix.
  search tsvector generated always as (
    to_tsvector('simple',
      coalesce(name, '') || ' ' || email || ' ' || translate(email, '@.+_-', '     ') || ' ' || coalesce(company, ''))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (source_table, source_id)
);
-- Newest first, keyset paged on (created_at, id); one index per common filter, the inbox and the spam view apart.
create index leads_list_idx on leads (spam, created_at desc, id desc);
create index leads_status_idx on leads (spam, status, created_at desc, id desc);
create index leads_kind_idx on leads (spam, kind, created_at desc, id desc);
create index leads_owner_idx on leads (owner_id, created_at desc, id desc) where owner_id is not null;
create index leads_no_owner_idx on leads (spam, created_at desc, id desc) where owner_id is null;
create index leads_search_idx on leads using gin (search);

-- Every change of a lead: who, when, what it was and what it became (status, owner, release from spam).
create table lead_events (
  id bigserial primary key,
  lead_id uuid not null references leads (id) on delete cascade,
  type text not null check (type in ('status', 'owner', 'released')),
  from_value text,
  to_value text,
  actor_id text references users (id) on delete set null,
  actor_email text,
  created_at timestamptz not null default now()
);
create index lead_events_lead_idx on lead_events (lead_id, created_at, id);

-- The firm's internal notes on a lead; the visitor never sees them.
create table lead_notes (
  id bigserial primary key,
  lead_id uuid not null references leads (id) on delete cascade,
  author_id text references users (id) on delete set null,
  author_email text,
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index lead_notes_lead_idx on lead_notes (lead_id, created_at, id);

-- The submissions received before this inbox existed.
insert into leads (kind, source_table, source_id, name, email, company, spam, spam_reason, fields, created_at)
select 'contact', 'contact_messages', id::text, first_name || ' ' || last_name, email, company, spam, spam_reason,
       jsonb_strip_nulls(jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email,
         'company', company, 'service', service, 'message', message)),
       created_at
from contact_messages;

insert into leads (kind, source_table, source_id, name, email, company, spam, spam_reason, fields, created_at)
select 'consultation', 'consultation_requests', id::text, first_name || ' ' || last_name, email, company_name, spam,
       spam_reason,
       jsonb_strip_nulls(jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email,
         'phone', phone, 'companyName', company_name, 'servicesInterested', to_jsonb(services_interested),
         'annualRevenueRange', annual_revenue_range, 'challenges', challenges, 'preferredTime', preferred_time)),
       created_at
from consultation_requests;

insert into leads (kind, source_table, source_id, name, email, company, fields, created_at)
select 'calculator', 'calculator_submissions', s.id::text, s.name, s.email, u.company_name,
       jsonb_strip_nulls(jsonb_build_object('calculatorType', s.calculator_type, 'name', s.name, 'email', s.email,
         'inputs', s.inputs, 'results', s.results)),
       s.created_at
from calculator_submissions s left join users u on u.id = s.user_id;

insert into leads (kind, source_table, source_id, email, fields, created_at)
select 'newsletter', 'newsletter_subscriptions', id::text, email,
       jsonb_build_object('email', email, 'source', source), created_at
from newsletter_subscriptions;
