-- Account detail types and parents (the laid-out statements), and the fiscal year's first month.
--
-- Each account has a detail type valid for its account type (checked here), and may have a parent: an account of the
-- same organization and the same account type, never itself or one of its own descendants (refused by a trigger with
-- SQLSTATE 'ACPAR', so a direct SQL write is refused too).

-- The detail type an account gets when none is given: by its type, and by its name for the usual accounts
-- (src/features/accounting/account-detail-types.ts, defaultDetailType, says the same).
create function account_default_detail_type(t text, name text) returns text language sql immutable as $$
  select case t
    when 'Asset' then case
      when name ~* '(equipment|furniture|vehicle|building|machinery|property|land|computer|depreciation|fixture)' then 'fixed_asset'
      when name ~* '(deposit|intangible|goodwill|long-term|long term|investment)' then 'other_asset'
      else 'current_asset' end
    when 'Liability' then case
      when name ~* '(loan|mortgage|long-term|long term|notes payable|note payable)' then 'long_term_liability'
      else 'current_liability' end
    when 'Equity' then 'equity'
    when 'Revenue' then case
      when name ~* '(interest|other income|gain|dividend)' then 'other_income'
      else 'operating_revenue' end
    when 'Expense' then case
      when name ~* '(cost of|cogs|purchases|direct cost)' then 'cost_of_sales'
      when name ~* '(interest|loss on|income tax)' then 'other_expense'
      else 'operating_expense' end
  end
$$;

create function account_detail_type_fits(t text, detail text) returns boolean language sql immutable as $$
  select case t
    when 'Asset' then detail in ('current_asset', 'fixed_asset', 'other_asset')
    when 'Liability' then detail in ('current_liability', 'long_term_liability')
    when 'Equity' then detail = 'equity'
    when 'Revenue' then detail in ('operating_revenue', 'other_income')
    when 'Expense' then detail in ('cost_of_sales', 'operating_expense', 'other_expense')
    else false
  end
$$;

alter table chart_of_accounts add column detail_type text;
alter table chart_of_accounts add column parent_id integer;

update chart_of_accounts set detail_type = account_default_detail_type(account_type, account_name);

alter table chart_of_accounts alter column detail_type set not null;
alter table chart_of_accounts add constraint chart_of_accounts_detail_type_check
  check (account_detail_type_fits(account_type, detail_type));
-- The parent belongs to the same organization (a composite key, as the lines' account has).
alter table chart_of_accounts add constraint chart_of_accounts_parent_fk
  foreign key (organization_id, parent_id) references chart_of_accounts (organization_id, id);
alter table chart_of_accounts add constraint chart_of_accounts_parent_not_self check (parent_id is null or parent_id <> id);
create index chart_of_accounts_parent_idx on chart_of_accounts (organization_id, parent_id) where parent_id is not null;

create function chart_refuse_parent(message text) returns void language plpgsql as $$
begin
  raise exception '%', message using errcode = 'ACPAR';
end $$;

-- A missing detail type takes the default (inserts that do not name one); a type changed without a detail type that
-- fits it takes the new type's default; the parent has the same type and is no descendant; an account with children
-- keeps its type. Parent changes of one organization are taken one at a time, so two cannot make a cycle together.
create function chart_guard_account() returns trigger language plpgsql as $$
declare
  parent_type text;
  cur integer;
  steps integer := 0;
begin
  if new.detail_type is null
     or (tg_op = 'UPDATE' and new.account_type <> old.account_type and new.detail_type = old.detail_type
         and not account_detail_type_fits(new.account_type, new.detail_type)) then
    new.detail_type := account_default_detail_type(new.account_type, new.account_name);
  end if;
  if tg_op = 'UPDATE' and new.account_type <> old.account_type
     and exists (select 1 from chart_of_accounts c where c.parent_id = new.id and c.account_type <> new.account_type) then
    perform chart_refuse_parent('an account with sub-accounts keeps their account type');
  end if;
  if new.parent_id is null or (tg_op = 'UPDATE' and new.parent_id is not distinct from old.parent_id
                                and new.account_type = old.account_type) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('chart-parents:' || new.organization_id));
  select account_type into parent_type from chart_of_accounts
   where id = new.parent_id and organization_id = new.organization_id;
  if parent_type is null then
    perform chart_refuse_parent('parent account not found');
  end if;
  if parent_type <> new.account_type then
    perform chart_refuse_parent('the parent account must have the same account type');
  end if;
  cur := new.parent_id;
  while cur is not null loop
    if cur = new.id then
      perform chart_refuse_parent('an account cannot be under itself or one of its sub-accounts');
    end if;
    steps := steps + 1;
    exit when steps > 10000;
    select parent_id into cur from chart_of_accounts where id = cur;
  end loop;
  return new;
end $$;

create trigger chart_of_accounts_guard
  before insert or update on chart_of_accounts
  for each row execute function chart_guard_account();

-- The month the organization's fiscal year starts in (1 = January): the reports' year-to-date and last fiscal year.
alter table organizations add column fiscal_year_start_month smallint not null default 1
  check (fiscal_year_start_month between 1 and 12);
