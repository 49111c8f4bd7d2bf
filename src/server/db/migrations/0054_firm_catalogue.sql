-- The firm's catalogue (issue 43, decision 117): the plans and add-ons it sells, which the public pricing page shows
-- and the firm edits in its workspace. A price is exact cents, or null for a price agreed case by case ("Custom");
-- the words around it are shown as written ("From" before, "/month" after). Billing says how the item is invoiced.
-- An archived item (active false) leaves the page and is kept.
create table firm_catalogue_items (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('plan', 'add_on')),
  name text not null check (length(btrim(name)) between 1 and 80),
  description text not null check (length(description) <= 500),
  -- What a plan includes, in order (a JSON array of texts); an add-on has none.
  features jsonb not null default '[]' check (jsonb_typeof(features) = 'array' and jsonb_array_length(features) <= 20),
  price_cents bigint check (price_cents is null or price_cents between 0 and 99999999999999),
  price_prefix text not null default '' check (length(price_prefix) <= 40),
  price_suffix text not null default '' check (length(price_suffix) <= 40),
  billing text not null check (billing in ('monthly', 'yearly', 'one_off', 'on_completion')),
  -- The plan the page marks "Most popular".
  featured boolean not null default false,
  position integer not null check (position >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text references users (id) on delete set null,
  check (kind = 'plan' or (jsonb_array_length(features) = 0 and not featured)),
  check (price_cents is not null or (price_prefix = '' and price_suffix = ''))
);
-- Two items of a kind on the page never share a name.
create unique index firm_catalogue_items_name_idx on firm_catalogue_items (kind, lower(btrim(name))) where active;
create index firm_catalogue_items_order_idx on firm_catalogue_items (kind, position, id);

-- The pricing page as it read before the catalogue.
insert into firm_catalogue_items (kind, name, description, features, price_cents, price_prefix, price_suffix, billing, featured, position)
values
  ('plan', 'Starter', 'For owner-run businesses with up to 100 transactions a month.',
   '["Monthly bookkeeping and reconciliations", "Monthly profit & loss and balance sheet", "Year-end package for your tax preparer", "Email support, answers within 24 hours"]',
   29900, '', '/month', 'monthly', false, 0),
  ('plan', 'Professional', 'For growing companies that want planning as well as books.',
   '["Everything in Starter, up to 400 transactions", "Accounts payable and receivable management", "Quarterly tax planning meeting", "KPI dashboard and monthly commentary", "Phone support with a named accountant"]',
   59900, '', '/month', 'monthly', true, 1),
  ('plan', 'Enterprise', 'For multi-entity groups and companies with complex operations.',
   '["Unlimited transactions and entities", "Consolidations and intercompany eliminations", "Dedicated controller", "ERP support and custom reporting"]',
   null, '', '', 'monthly', false, 2),
  ('add_on', 'Tax Preparation', 'Business or individual returns, federal and state.', '[]', 50000, 'From', '', 'on_completion', false, 0),
  ('add_on', 'Payroll', 'Payroll runs, filings and year-end W-2s and 1099s.', '[]', 5000, 'From', '/month', 'monthly', false, 1),
  ('add_on', 'ERP Implementation', 'Selection, configuration, migration and training.', '[]', 500000, 'From', '', 'one_off', false, 2),
  ('add_on', 'Financial Analysis', 'Forecasts, budgets and KPI reviews.', '[]', 20000, 'From', '/month', 'monthly', false, 3);
