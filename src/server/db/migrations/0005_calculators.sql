-- Saved calculator results (ROI and R&D tax credit). Results are computed by the server from the inputs.
create table calculator_submissions (
  id uuid primary key default gen_random_uuid(),
  user_id text references users (id) on delete set null,
  calculator_type text not null check (calculator_type in ('roi', 'rnd_tax_credit')),
  email text not null,
  name text,
  inputs jsonb not null,
  results jsonb not null,
  created_at timestamptz not null default now()
);
create index calculator_submissions_user_created_idx on calculator_submissions (user_id, created_at desc);
