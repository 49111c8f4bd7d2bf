-- Budgets (issue 44, part 3, decision 123): a budget per organization and fiscal year, its amounts by account and month.
-- Only profit-and-loss accounts (Revenue, Expense) are budgeted: the server refuses any other account. An amount is in
-- the books' currency (decision 102), in exact cents, signed as the account's natural balance: a revenue account's
-- budget is positive as a credit (income expected), an expense account's positive as a debit (cost expected); a
-- negative amount is the other way (a refund expected). A cell left at zero is no row.
create table budgets (
  id integer generated always as identity primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  -- Named as the fiscal year is (decision 097): by the calendar year it ends in.
  fiscal_year integer not null check (fiscal_year between 1900 and 9998),
  -- The fiscal year's first day when the budget was made (the organization may move its fiscal year later; the
  -- amounts keep their months).
  starts_on date not null check (extract(day from starts_on) = 1),
  updated_by text references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  unique (organization_id, fiscal_year),
  unique (organization_id, id)
);

create table budget_amounts (
  organization_id integer not null,
  budget_id integer not null,
  account_id integer not null,
  -- The month's first day.
  month date not null check (extract(day from month) = 1),
  amount numeric(14, 2) not null check (amount <> 0),
  primary key (budget_id, account_id, month),
  foreign key (organization_id, budget_id) references budgets (organization_id, id) on delete cascade,
  foreign key (organization_id, account_id) references chart_of_accounts (organization_id, id)
);
-- The budget against actual reads one budget's amounts by month.
create index budget_amounts_month_idx on budget_amounts (budget_id, month) include (account_id, amount);
